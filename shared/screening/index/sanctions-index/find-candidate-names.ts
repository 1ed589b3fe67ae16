/**
 * Candidate generation: the listed names whose every required token a screened token reached (exactly,
 * one edit away through the deletion variants, by phonetic key, or as a joined pair). Only these are
 * scored exactly.
 */
import { phoneticKey, PHONETIC_MIN_KEY_LENGTH, MIN_FUZZY_TOKEN_LENGTH, tokenSimilarity } from "../similarity.ts";
import { bitOf, forEachId } from "./encode-postings.ts";
import { deletionsOf } from "./make-token-variants.ts";
import { MIN_TOKEN_SIMILARITY, type SanctionsIndex } from "./sanctions-index-model.ts";

/** Longer screened tokens are only looked up exactly (no deletion variants). */
const MAX_FUZZY_TOKEN_LENGTH = 40;

/** List token ids that may be within MIN_TOKEN_SIMILARITY of a screened token. */
function candidateTokenIds(index: SanctionsIndex, q: string, qKey: string, out: Set<number>): void {
  const exact = index.vocab.get(q);
  if (exact !== undefined) out.add(exact);
  if (q.length < MIN_FUZZY_TOKEN_LENGTH || q.length > MAX_FUZZY_TOKEN_LENGTH || /\d/.test(q)) return;
  const add = (id: number) => out.add(id);
  forEachId(index.deletions.get(q), add); // list token = q plus one character
  for (const d of deletionsOf(q)) {
    if (d.length >= MIN_FUZZY_TOKEN_LENGTH) {
      const shorter = index.vocab.get(d); // list token = q minus one character
      if (shorter !== undefined) out.add(shorter);
    }
    forEachId(index.deletions.get(d), add); // substitution or adjacent transposition
  }
  if (qKey.length >= PHONETIC_MIN_KEY_LENGTH) forEachId(index.phonetic.get(qKey), add);
}

/**
 * Indexes of the candidate names for the screened tokens. `initials`: the query has a one-letter token,
 * so a missing first given name may be written as that initial. Uses the index's scratch masks and
 * leaves them all zero again.
 */
export function findCandidateNames(index: SanctionsIndex, query: readonly string[], initials: boolean): number[] {
  // 1. Candidate generation: mark, per listed name, which of its token positions were reached.
  const masks = index.scratchMasks;
  const touched: number[] = [];
  const mark = (encoded: number) => {
    const nameIndex = encoded >>> 5;
    if (masks[nameIndex] === 0) touched.push(nameIndex);
    masks[nameIndex] |= 1 << (encoded & 31);
  };
  const probes: string[] = [...query];
  for (let j = 0; j + 1 < query.length; j++) probes.push(query[j] + query[j + 1]);
  const ids = new Set<number>();
  const accepted = new Set<number>();
  for (const q of probes) {
    ids.clear();
    const qKey = phoneticKey(q);
    candidateTokenIds(index, q, qKey, ids);
    for (const id of ids) {
      if (accepted.has(id)) continue;
      if (tokenSimilarity(q, index.vocabTokens[id], qKey, index.vocabPhonetic[id]) < MIN_TOKEN_SIMILARITY) continue;
      accepted.add(id);
      for (const e of index.postings[id]) mark(e);
    }
  }
  for (const q of query) {
    const jp = index.joinedPairs.get(q);
    if (jp) for (const e of jp) mark(e);
  }

  // Collect the names whose every required token was reached, resetting the scratch masks as we go.
  const candidates: number[] = [];
  for (const nameIndex of touched) {
    const mask = masks[nameIndex];
    masks[nameIndex] = 0;
    const n = index.names[nameIndex];
    const missing = n.requiredMask & ~mask;
    // One missing required token may still match when it is the first given name written as an initial
    // (a patronymic standing in already set its bit) or one part of a two-part surname: scoreName decides.
    // Without an initial in the query the first given name is not forgiven (keeps the candidates few).
    const forgivable = initials || n.firstGiven < 0 ? n.forgivableMask : n.forgivableMask & ~bitOf(n.firstGiven);
    if (missing === 0 || ((missing & ~forgivable) === 0 && (missing & (missing - 1)) === 0)) candidates.push(nameIndex);
  }
  return candidates;
}
