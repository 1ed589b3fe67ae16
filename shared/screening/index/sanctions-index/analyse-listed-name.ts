/**
 * A listed name's tokens and which of them a screened name must contain: for individuals written
 * "SURNAME, Given Names" the surname(s) and the first given name; particles, stopwords and further
 * given names are optional. For an individual's name written given names first with no stated family
 * name (an entry marked givenNamesFirst: the UN list, whose FIRST_NAME … FOURTH_NAME carry no family-name
 * role), the first and the last word, inner words optional: the OFAC rule read on the listed order. Also
 * the entry kind named by OFAC's SDN_Type.
 */
import { isOnlyLegalForm, NAME_STOPWORDS, normalizeName, tokenizeName } from "../normalize-name.ts";
import type { EntryKind } from "./sanctions-index-model.ts";

/** Name particles: optional tokens in names of individuals. */
export const NAME_PARTICLES: ReadonlySet<string> = new Set([
  "al",
  "el",
  "bin",
  "ibn",
  "bint",
  "abu",
  "abou",
  "ould",
  "ben",
  "de",
  "da",
  "del",
  "della",
  "di",
  "du",
  "la",
  "le",
  "dos",
  "das",
  "van",
  "von",
  "der",
  "den",
  "ter",
  "y",
  "e",
]);

export function entryKind(type: string): EntryKind {
  const t = type.trim().toLowerCase();
  if (t === "individual") return "individual";
  if (t === "vessel") return "vessel";
  if (t === "aircraft") return "aircraft";
  return "entity";
}

/** Patronymics and their equivalents (Russian -ovich/-evna, Turkic -oglu/-kyzy/-uly). */
const PATRONYMIC = /^[a-z]{3,}(ovich|evich|ovna|evna|ogly|oglu|kyzy|uly)$/;

export interface ListedNameShape {
  tokens: string[];
  required: boolean[];
  firstGiven: number;
  patronymics: number[];
  surnameParts: number[];
}

/**
 * "Given … Last" without a comma, the family name not stated: the first and the last name word are
 * required and stand as first given name and surname, the words between are optional (middle names,
 * patronymics). With fewer than two name words, null (every word is then required).
 */
function analyseGivenNamesFirst(raw: string): ListedNameShape | null {
  const tokens = tokenizeName(raw);
  // Particles and stopwords only: a legal-form word ("SE" in "PAK HAN SE") is a name word in a person's name.
  const words = tokens.flatMap((t, i) => (!NAME_PARTICLES.has(t) && !NAME_STOPWORDS.has(t) ? [i] : []));
  if (words.length < 2) return null;
  const first = words[0];
  const last = words[words.length - 1];
  const required = tokens.map((_, i) => i === first || i === last);
  const patronymics = words.filter((i) => i > first && i < last && PATRONYMIC.test(tokens[i]));
  return { tokens, required, firstGiven: first, patronymics, surnameParts: [last] };
}

/**
 * Tokens and required flags of one listed name (weights are filled in later). `givenNamesFirst`: the
 * importer states that the entry's names without a comma are written given names first and name no family
 * name (SanctionsEntry.givenNamesFirst); it applies to individuals only.
 */
export function analyseListedName(raw: string, kind: EntryKind, givenNamesFirst = false): ListedNameShape {
  const plain = { firstGiven: -1, patronymics: [] as number[], surnameParts: [] as number[] };
  if (kind === "individual") {
    const comma = raw.indexOf(",");
    if (comma >= 0) {
      const surname = tokenizeName(raw.slice(0, comma));
      const given = tokenizeName(raw.slice(comma + 1));
      const tokens = [...surname, ...given];
      const required = tokens.map(() => false);
      surname.forEach((t, i) => {
        required[i] = !NAME_PARTICLES.has(t) && !NAME_STOPWORDS.has(t) && !isOnlyLegalForm([t]);
      });
      const firstGiven = given.findIndex((t) => !NAME_PARTICLES.has(t) && !NAME_STOPWORDS.has(t) && !isOnlyLegalForm([t]));
      if (firstGiven >= 0) required[surname.length + firstGiven] = true;
      if (!required.some(Boolean)) {
        required.fill(true);
        return { tokens, required, ...plain };
      }
      const surnameParts = surname.map((_, i) => i).filter((i) => required[i]);
      const patronymics =
        firstGiven < 0 ? [] : given.map((t, i) => (i > firstGiven && PATRONYMIC.test(t) ? surname.length + i : -1)).filter((i) => i >= 0);
      return { tokens, required, firstGiven: firstGiven < 0 ? -1 : surname.length + firstGiven, patronymics, surnameParts };
    }
    const givenFirst = givenNamesFirst ? analyseGivenNamesFirst(raw) : null;
    if (givenFirst) return givenFirst;
    const tokens = tokenizeName(raw);
    const required = tokens.map((t) => !NAME_PARTICLES.has(t) && !NAME_STOPWORDS.has(t));
    if (!required.some(Boolean)) required.fill(true);
    return { tokens, required, ...plain };
  }
  const tokens = normalizeName(raw).tokens;
  const required = tokens.map((t) => !NAME_STOPWORDS.has(t));
  if (!required.some(Boolean)) required.fill(true);
  return { tokens, required, ...plain };
}
