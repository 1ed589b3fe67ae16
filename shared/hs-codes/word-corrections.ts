/**
 * How a query word that occurs nowhere in the schedule is read (docs/hs-codes.md, "Unknown words"): the
 * replacement chosen for it, and the query terms the replacement gives.
 */
import { type BridgeLookup, expandQuery, type Term, typoAlternatives, WEIGHTS } from "./query-plan.ts";
import type { HsCorrection } from "./search-answer.ts";
import { everydayWords } from "./synonyms.ts";
import { abbreviationsOf, closestWords, completions, looksAbbreviated, splitJoinedWord, type WordVocabulary } from "./typo.ts";
import type { WordNetVocabulary } from "./wordnet-vocabulary.ts";
import { osaDistance } from "../text/edit-distance.ts";

export type Replacement = { kind: HsCorrection["kind"]; words: string[] };

/**
 * How to read a query word that occurs nowhere in the schedule. A word WordNet knows is a real word
 * (a brand name may be one too): it is never replaced, only read through the bridge. Any other word is
 * a name (a brand, a model: "YCS", "esc", "amd") and left alone (issue 27), unless, in this order: it is
 * hyphenated or written together from known words (split), its vowels are left out and it has 4+ letters
 * ("prtbl"), it is the query's last word cut off ("chamomil": completed from the schedule's words), it
 * is one edit from a common product word ("labtop" → laptop), or two from a goods noun ("bycicle").
 */
export function replacementFor(word: string, vocab: WordVocabulary, wordnet: WordNetVocabulary, last: boolean): Replacement | null {
  if (word.includes("-")) {
    // A hyphenated word the schedule does not have as a whole ("oss-topper-king"): its parts.
    const parts = word.split("-").filter((p) => p.length >= 2);
    return parts.length >= 2 ? { kind: "split", words: parts } : null;
  }
  if (wordnet.isKnownWord(word)) return null;
  // Shop systems shorten words by leaving out vowels ("cndtnr"): read those before a near word that
  // merely shares a few letters. Three letters ("ycs", "amd") are more often a name than an abbreviation.
  if (word.length >= 4 && looksAbbreviated(word)) {
    const full = abbreviationsOf(vocab, word);
    if (full.length > 0) return { kind: "abbreviation", words: full };
  }
  if (last && word.length >= 4) {
    const completed = completions(vocab, word);
    if (completed.length > 0) return { kind: "completion", words: completed };
  }
  // One edit away from a common product word is a typo ("labtop"), before a split into two short words.
  const near = closestWords(vocab, word);
  const closest = near.filter((w) => osaDistance(word, w, 1) <= 1 && isCommonProductWord(w, vocab, wordnet));
  if (closest.length > 0) return { kind: "typo", words: closest };
  const parts = splitJoinedWord(word, (w) => vocab.counts.has(w) || wordnet.isKnownWord(w), vocab);
  if (parts) return { kind: "split", words: parts };
  // Two edits (words of 6+ letters, typo.ts) only towards goods nouns with the same first letter
  // ("bycicle" → bicycle): misspellings keep the first letter, and a brand or name that far from a tariff
  // word is not read as it ("Figaro" chain is no cigar, "cosplay" no display).
  const goods = near.filter((w) => wordnet.classOf(w) === "goods" && w[0] === word[0]);
  return goods.length > 0 ? { kind: "typo", words: goods } : null;
}

/**
 * A word a misspelling may be read as: goods in WordNet, an everyday word of the synonym table, or an
 * English word in at least two of the schedule's texts (not a rare term or a code fragment).
 */
function isCommonProductWord(word: string, vocab: WordVocabulary, wordnet: WordNetVocabulary): boolean {
  if (wordnet.classOf(word) === "goods" || everydayWordSet().has(word)) return true;
  return wordnet.isKnownWord(word) && (vocab.counts.get(word) ?? 0) >= COMMON_WORD_TEXTS;
}

/** Texts of the schedule an English word must be in to count as common. */
const COMMON_WORD_TEXTS = 2;
let everyday: Set<string> | null = null;
const everydayWordSet = () => (everyday ??= new Set(everydayWords()));

export function replacementTerms(word: string, r: Replacement, bridge: BridgeLookup): Term[] {
  if (r.kind === "split") {
    return expandQuery(r.words, bridge).map((t) => ({
      ...t,
      alternatives: t.alternatives.map((a) => ({ ...a, weight: a.weight * WEIGHTS.split, via: a.via === "query" ? "split" : a.via })),
    }));
  }
  const weight = r.kind === "completion" ? WEIGHTS.completion : r.kind === "abbreviation" ? WEIGHTS.abbreviation : WEIGHTS.typo;
  return [
    { text: word, alternatives: typoAlternatives(r.words).map((a) => ({ ...a, weight: (a.weight / WEIGHTS.typo) * weight, via: r.kind })) },
  ];
}
