/**
 * The web and mail domains a document prints ("info@cronus.com", "www.masociete.fr"): an issuer's own
 * domain usually carries its name, so a block whose name the domain spells is the issuer's even where
 * its address stands in no letterhead position (a Business Central invoice prints the buyer's window
 * left and the issuer right, its domain only in the footer). Mail services' domains name no one.
 */
import { stripAccents } from "../../../../text/fold.ts";

const FREE_MAIL = new Set(
  "gmail googlemail yahoo ymail hotmail outlook live msn aol icloud me mac gmx web t-online freenet orange free wanadoo laposte sfr libero virgilio alice tiscali protonmail proton mail yandex qq 163 126 rediffmail zoho".split(
    " ",
  ),
);

const DOMAIN = /(?:@|\bwww\.|\bhttps?:\/\/(?:www\.)?)([a-z0-9][a-z0-9-]{2,62})\.[a-z]{2,}/gi;

/** The second-level labels of the domains in the texts ("cronus" for info@cronus.com), mail services left out. */
export function webDomains(texts: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(DOMAIN)) {
      const label = m[1].toLowerCase();
      if (label.length >= 4 && !FREE_MAIL.has(label)) out.add(label);
    }
  }
  return out;
}

const letters = (s: string) =>
  stripAccents(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/**
 * Whether a domain label spells the name: one of its words ("coolblue" in "Coolblue B.V."), or its
 * words run together from the first ("masociete" for "Ma société", "cronusde" for "CRONUS DE"), the
 * label's hyphens dropped.
 */
export function domainNames(label: string, name: string): boolean {
  const words = letters(name).split(" ").filter(Boolean);
  const l = label.replace(/-/g, "");
  if (words.some((w) => w.length >= 4 && w === l)) return true;
  const joined = words.join("");
  return l.length >= 4 && (joined.startsWith(l) || l.startsWith(joined)) && joined.length >= 4;
}
