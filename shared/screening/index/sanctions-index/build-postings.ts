/**
 * The lookup structures of the index: the vocabulary of required tokens with their postings, joined
 * adjacent pairs, one-character deletions and phonetic keys (so a screened token finds listed tokens one
 * edit or one transliteration away). Interns each name's tokens (one string per distinct token).
 */
import { MIN_FUZZY_TOKEN_LENGTH, PHONETIC_MIN_KEY_LENGTH, phoneticKey } from "../similarity.ts";
import { addId } from "./encode-postings.ts";
import { deletionsOf, joinFlat } from "./make-token-variants.ts";
import type { IdList, IndexedName, SanctionsIndex } from "./sanctions-index-model.ts";

export type Postings = Pick<
  SanctionsIndex,
  "vocab" | "vocabTokens" | "vocabPhonetic" | "postings" | "deletions" | "phonetic" | "joinedPairs"
>;

export function buildPostings(names: readonly IndexedName[]): Postings {
  // Vocabulary and postings of the REQUIRED token positions only: the gate needs every required token of a
  // listed name to be reached, so optional tokens (stopwords, particles, middle names) never decide whether a
  // name is a candidate. Skipping them keeps huge posting lists ("al", "de", "bin") out of the query path.
  const interned = new Map<string, string>();
  const vocab = new Map<string, number>();
  const vocabTokens: string[] = [];
  const postingLists: number[][] = [];
  const joined = new Map<string, number[]>();
  names.forEach((n, nameIndex) => {
    n.tokens.forEach((t, i) => {
      const shared = interned.get(t);
      if (shared === undefined) interned.set(t, t);
      else n.tokens[i] = shared; // one string per distinct token
    });
    n.tokens.forEach((t, i) => {
      // A patronymic reaches the first given name's bit: "Putin Vladimirovich" is a candidate for
      // "PUTIN, Vladimir Vladimirovich" (scoreName decides).
      const standsIn = n.patronymics.includes(i) && n.firstGiven >= 0;
      const code = nameIndex * 32 + Math.min(standsIn ? n.firstGiven : i, 31);
      if (n.required[i] || standsIn) {
        let id = vocab.get(t);
        if (id === undefined) {
          id = vocabTokens.length;
          vocab.set(t, id);
          vocabTokens.push(t);
          postingLists.push([]);
        }
        postingLists[id].push(code);
      }
      if (i + 1 < n.tokens.length && (n.required[i] || n.required[i + 1])) {
        const j = joinFlat(t, n.tokens[i + 1]);
        let list = joined.get(j);
        if (!list) joined.set(j, (list = []));
        if (n.required[i]) list.push(code);
        if (n.required[i + 1]) list.push(nameIndex * 32 + Math.min(i + 1, 31));
      }
    });
  });
  const vocabPhonetic = vocabTokens.map((t) => phoneticKey(t));
  const deletions = new Map<string, IdList>();
  const phonetic = new Map<string, IdList>();
  vocabTokens.forEach((t, id) => {
    if (t.length < MIN_FUZZY_TOKEN_LENGTH || /\d/.test(t)) return;
    for (const d of deletionsOf(t)) addId(deletions, d, id);
    const k = vocabPhonetic[id];
    if (k.length >= PHONETIC_MIN_KEY_LENGTH) {
      addId(phonetic, k, id);
    }
  });

  return {
    vocab,
    vocabTokens,
    vocabPhonetic,
    // Copies drop the spare capacity that push() leaves in each array.
    postings: postingLists.map((p) => p.slice()),
    deletions,
    phonetic,
    joinedPairs: new Map([...joined].map(([k, v]) => [k, v.slice()] as const)),
  };
}
