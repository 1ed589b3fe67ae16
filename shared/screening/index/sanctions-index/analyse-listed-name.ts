/**
 * A listed name's tokens and which of them a screened name must contain: for individuals written
 * "SURNAME, Given Names" the surname(s) and the first given name; particles, stopwords and further
 * given names are optional. Also the entry kind named by OFAC's SDN_Type.
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

/** Tokens and required flags of one listed name (weights are filled in later). */
export function analyseListedName(raw: string, kind: EntryKind): ListedNameShape {
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
