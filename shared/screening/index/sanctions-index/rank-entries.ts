/** The entries whose names pass the token gate for a screened name, each with its best name's score, best first. */
import { tokenSimilarity } from "../similarity.ts";
import { findCandidateNames } from "./find-candidate-names.ts";
import { compareStrings } from "./order-entries.ts";
import { readScreenedName } from "./read-screened-name.ts";
import type { EntryKind, SanctionsIndex, Scored } from "./sanctions-index-model.ts";
import { scoreName } from "./score-name.ts";
import { weighScreenedTokens } from "./weigh-screened-tokens.ts";

/** Similarity of an initial to the given name it abbreviates ("v" for "vladimir"). */
const INITIAL_SIMILARITY = 0.9;

export function rankEntries(index: SanctionsIndex, rawName: string, kinds: readonly EntryKind[]): Scored[] {
  const query = readScreenedName(index, rawName);
  if (query.length === 0 || index.names.length === 0) return [];
  const { queryWeights } = weighScreenedTokens(index, query);
  const initials = query.some((t) => t.length === 1);
  const candidates = findCandidateNames(index, query, initials);

  // 2. Exact scoring of the candidates. Token similarities are memoised for this query: common tokens
  // ("mohammed", "trading") occur in many candidates.
  const memo = new Map<string, Map<string, number>>();
  const sim = (x: string, y: string): number => {
    let inner = memo.get(x);
    if (inner === undefined) memo.set(x, (inner = new Map()));
    let v = inner.get(y);
    if (v === undefined) inner.set(y, (v = tokenSimilarity(x, y)));
    return v;
  };
  const kindSet = new Set(kinds);
  const bestPerEntry = new Map<number, Scored>();
  for (const nameIndex of candidates) {
    const n = index.names[nameIndex];
    if (!kindSet.has(index.entries[n.entry].kind)) continue;
    // An initial ("V. Putin") stands for the first given name of an individual, nothing else; a listed
    // one-letter word ("YU CHOL U") is that word.
    const first = n.firstGiven >= 0 ? n.tokens[n.firstGiven] : "";
    const nameSim =
      initials && first.length > 1
        ? (listed: string, screened: string) =>
            screened.length === 1
              ? listed === screened
                ? 1
                : listed === first && listed[0] === screened
                  ? INITIAL_SIMILARITY
                  : 0
              : sim(listed, screened)
        : sim;
    const score = scoreName(n, query, queryWeights, nameSim);
    if (score < 0) continue;
    const prev = bestPerEntry.get(n.entry);
    if (
      !prev ||
      score > prev.score ||
      (score === prev.score &&
        ((n.isPrimary && !prev.name.isPrimary) || (n.isPrimary === prev.name.isPrimary && compareStrings(n.name, prev.name.name) < 0)))
    ) {
      bestPerEntry.set(n.entry, { entry: n.entry, name: n, score });
    }
  }
  // Entries are stored sorted by (uid, list, name), so the entry index is the tie-break.
  return [...bestPerEntry.values()].sort((a, b) => b.score - a.score || a.entry - b.entry);
}
