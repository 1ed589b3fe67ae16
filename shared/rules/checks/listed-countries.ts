/**
 * Whether a listed entry's stated countries rule out the party's country. The lists write countries as ISO
 * codes (EU, CSL) or English names (UN, UK, OFAC addresses); a name is read as a code through the English
 * region names (Intl.DisplayNames, the same in Node, Deno and the edge) and a few formal forms the lists use.
 * A country that cannot be read leaves the question open: the match is not softened on a guess.
 */
import { foldCharacters } from "../../text/fold.ts";

const fold = (s: string) =>
  foldCharacters(s.toLowerCase())
    .replace(/\(.*?\)/g, " ")
    .replace(/[^a-z]+/g, " ")
    .replace(/^the /, "")
    .trim();

// Formal names the UN, UK and OFAC lists write that differ from the English short names.
const FORMS: Record<string, string> = {
  "democratic republic of congo": "CD",
  "democratic republic of the congo": "CD",
  "congo democratic republic": "CD",
  "republic of congo": "CG",
  "iran islamic republic of": "IR",
  iran: "IR",
  "syrian arab republic": "SY",
  "democratic people s republic of korea": "KP",
  "korea north": "KP",
  "north korea": "KP",
  "republic of korea": "KR",
  "korea south": "KR",
  "russian federation": "RU",
  "united states of america": "US",
  "united kingdom of great britain and northern ireland": "GB",
  "lao people s democratic republic": "LA",
  "venezuela bolivarian republic of": "VE",
  "bolivia plurinational state of": "BO",
  "united republic of tanzania": "TZ",
  "viet nam": "VN",
  turkiye: "TR",
  burma: "MM",
  "cote d ivoire": "CI",
  "state of palestine": "PS",
  "occupied palestinian territory": "PS",
  "republic of moldova": "MD",
  "hong kong": "HK",
  taiwan: "TW",
};

let byName: Map<string, string> | null = null;

function names(): Map<string, string> {
  if (byName) return byName;
  byName = new Map(Object.entries(FORMS));
  const display = new Intl.DisplayNames(["en"], { type: "region" });
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      let name: string | undefined;
      try {
        name = display.of(code);
      } catch {
        name = undefined;
      }
      if (name && name !== code && !byName.has(fold(name))) byName.set(fold(name), code);
    }
  return byName;
}

/** The ISO code of a listed country (code or name), or null when it cannot be read. */
export function listedCountryCode(value: string): string | null {
  const v = value.trim();
  if (/^[A-Za-z]{2}$/.test(v)) return v.toUpperCase();
  return names().get(fold(v)) ?? null;
}

/**
 * True when the entry states countries, every one of them could be read, and none is the party's: the
 * entry points elsewhere. False when the entry states none, names the party's country, or names one
 * that cannot be read.
 */
export function statesOnlyOtherCountries(listed: readonly string[] | undefined, partyCountry: string | undefined): boolean {
  if (!listed || listed.length === 0 || !partyCountry) return false;
  const codes = listed.map(listedCountryCode);
  if (codes.some((c) => c === null)) return false;
  return !codes.includes(partyCountry.toUpperCase());
}
