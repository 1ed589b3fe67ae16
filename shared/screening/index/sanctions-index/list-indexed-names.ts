/**
 * The entries as the index keeps them, and every distinct spelling of each (primary name and aliases
 * that are not "weak"), analysed into tokens and required positions. Weights are filled in by weighTokens.
 */
import { analyseListedName, entryKind } from "./analyse-listed-name.ts";
import { bitOf } from "./encode-postings.ts";
import { compareStrings } from "./order-entries.ts";
import type { IndexedEntry, IndexedName, SanctionsEntry } from "./sanctions-index-model.ts";

/**
 * An organisation name needs this many required words before one inner word may be left out: with three,
 * "BANK MELLI IRAN" would match "Bank Iran".
 */
export const MIN_WORDS_FOR_INNER_DROP = 4;

/** Bits of the required words strictly between the first and the last required word (0 for short names). */
function innerWordsOf(required: readonly boolean[]): number {
  const positions = required.flatMap((r, i) => (r ? [i] : []));
  if (positions.length < MIN_WORDS_FOR_INNER_DROP) return 0;
  let mask = 0;
  for (const i of positions.slice(1, -1)) mask |= bitOf(i);
  return mask;
}

/** `sorted` must be in orderEntries' order: entry indexes are the screening tie-break. */
export function listIndexedNames(sorted: readonly SanctionsEntry[]): { entries: IndexedEntry[]; names: IndexedName[] } {
  const entries: IndexedEntry[] = [];
  const names: IndexedName[] = [];
  sorted.forEach((e, entryIndex) => {
    const kind = entryKind(e.type);
    entries.push({
      uid: e.uid,
      name: e.name,
      program: [...e.programs].join(", "),
      list: e.list,
      kind,
      ...(e.countries && e.countries.length > 0 ? { countries: e.countries } : {}),
      ...(e.ids && e.ids.length > 0 ? { ids: e.ids } : {}),
      ...(e.hash ? { hash: e.hash } : {}),
    });
    const seen = new Set<string>();
    const candidates: { name: string; isPrimary: boolean }[] = [{ name: e.name, isPrimary: true }];
    const aliases = e.aliases
      .filter((a) => !/weak/i.test(a.type))
      .map((a) => a.name)
      .sort(compareStrings);
    for (const a of aliases) candidates.push({ name: a, isPrimary: false });
    for (const c of candidates) {
      const { tokens, required, firstGiven, patronymics, surnameParts } = analyseListedName(c.name, kind, e.givenNamesFirst === true);
      if (tokens.length === 0) continue;
      const key = `${tokens.join(" ")}|${required.map((r) => (r ? 1 : 0)).join("")}`;
      if (seen.has(key)) continue;
      seen.add(key);
      let requiredMask = 0;
      required.forEach((r, i) => {
        if (r) requiredMask |= bitOf(i);
      });
      let forgivableMask = firstGiven >= 0 && tokens.length < 32 ? bitOf(firstGiven) : 0;
      if (surnameParts.length >= 2 && tokens.length < 32) for (const i of surnameParts) forgivableMask |= bitOf(i);
      const innerWordsMask = kind === "entity" && tokens.length < 32 ? innerWordsOf(required) : 0;
      forgivableMask |= innerWordsMask;
      names.push({
        entry: entryIndex,
        name: c.name,
        isPrimary: c.isPrimary,
        tokens,
        weights: [],
        required,
        requiredMask,
        firstGiven,
        patronymics,
        surnameParts,
        forgivableMask,
        innerWordsMask,
      });
    }
  });
  if (names.length >= 1 << 26) throw new Error("sanctions index: too many names");
  return { entries, names };
}
