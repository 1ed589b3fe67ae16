/**
 * Third step of a description search: the words found nowhere in the schedule read as their
 * replacements (word-corrections.ts: completed, split or corrected), whose terms join the plan; when no
 * word matched at all, the closest words at a low weight, flagged as a fallback.
 */
import { planTerm, type Term, WEIGHTS } from "../query-plan.ts";
import type { HsCorrection } from "../search-answer.ts";
import { wordsFor } from "../search-caches.ts";
import { closestWords, longestPrefixWords } from "../typo.ts";
import { type Replacement, replacementFor, replacementTerms } from "../word-corrections.ts";
import type { QueryReading, TermPlan, TextSearchRequest, WordCorrections } from "./search-context.ts";

export async function correctWords(search: TextSearchRequest & QueryReading & TermPlan): Promise<WordCorrections> {
  const { db, schedule, wordnet, tokens, vocab, bridge, withBridge, stemsOf, stats, roleOfWord, planned, place, placeOf, unmatched } =
    search;
  const corrections: HsCorrection[] = [];
  /** How the search references read a replaced word (its first reading; every part of a split). */
  const readAs = new Map<string, string[]>();
  let fallback = false;
  const retryWith = async (retry: Array<{ word: string; r: Replacement; terms?: Term[] }>, factor: number) => {
    await withBridge(() => {
      for (const x of retry) x.terms = replacementTerms(x.word, x.r, bridge);
      return retry.flatMap((x) => x.terms ?? []);
    });
    for (const x of retry) {
      let used = false;
      for (const t of x.terms ?? []) {
        const p = planTerm(
          { ...t, ...roleOfWord(x.word), alternatives: t.alternatives.map((a) => ({ ...a, weight: a.weight * factor })) },
          stemsOf,
          stats,
        );
        if (!p) continue;
        planned.push(p);
        place.set(p, (placeOf.get(x.word) ?? 0) + (x.terms ?? []).indexOf(t) / 100);
        used = true;
      }
      if (used) corrections.push({ word: x.word, replaced_by: x.r.words, kind: x.r.kind });
    }
  };
  if (unmatched.length > 0) {
    // Words found nowhere in the schedule: completed, split or corrected (replacementFor).
    const wordVocab = await wordsFor(db, schedule, vocab);
    const retry: Array<{ word: string; r: Replacement; terms?: Term[] }> = [];
    for (const term of unmatched) {
      if (term.text.includes(" ")) continue;
      const last = term.text === tokens[tokens.length - 1];
      const key = last ? `${term.text}|last` : term.text;
      let r = vocab.corrections.get(key);
      if (r === undefined) {
        r = replacementFor(term.text, wordVocab, wordnet, last);
        if (vocab.corrections.size < 10_000) vocab.corrections.set(key, r);
      }
      if (r) retry.push({ word: term.text, r });
    }
    for (const x of retry) readAs.set(x.word, x.r.kind === "split" ? x.r.words : x.r.words.slice(0, 1));
    if (retry.length > 0) await retryWith(retry, 1);
    if (planned.length === 0) {
      // Nothing matched at all: rather than no answer, the closest words of real words too, else the
      // words sharing the longest beginning, at a low weight, flagged as a fallback.
      const loose: Array<{ word: string; r: Replacement; terms?: Term[] }> = [];
      for (const term of unmatched) {
        if (term.text.includes(" ")) continue;
        const closest = wordnet.isKnownWord(term.text) ? closestWords(wordVocab, term.text) : [];
        const words = closest.length > 0 ? closest : longestPrefixWords(wordVocab, term.text);
        const r: Replacement = { kind: "typo", words };
        if (words.length > 0) loose.push({ word: term.text, r });
      }
      if (loose.length > 0) {
        await retryWith(loose, WEIGHTS.fallback);
        fallback = planned.length > 0;
      }
    }
  }
  return { corrections, readAs, fallback };
}
