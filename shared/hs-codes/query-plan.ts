/**
 * How a description query becomes a ranked full-text search. Pure functions; the repository runs the SQL
 * this module writes.
 *
 * 1. The query's words are grouped into terms: an everyday phrase of the synonym table ("hair dryer",
 *    "running shoes") is one term, every other word its own term (expandQuery).
 * 2. Each term has alternatives: the words as typed, the tariff wording of the synonym table and, when
 *    nothing of the term occurs in the schedule, the closest words of the schedule's vocabulary (typos).
 *    PostgreSQL stems every word with the English Snowball stemmer (ts_lexize), so "laptops", "shirts"
 *    and "knitted" meet the index's "laptop", "shirt", "knit".
 * 3. A line matches when any alternative of any term occurs in its text (its own description or its
 *    ancestors'). Its score is the sum over terms of the best alternative's value: rarity of the words in
 *    the schedule (idf) × the alternative's weight, halved-ish when the words occur only in the ancestors'
 *    text, plus a bonus for every additional term matched.
 */
import { MAX_SYNONYM_WORDS, singularWord, synonymsFor } from "./synonyms.ts";
import { tokenizeHsQuery } from "./normalize.ts";

export type AlternativeSource = "query" | "synonym" | "typo" | "bridge" | "completion" | "split";

/** Looks up the WordNet bridge (wordnet-bridge.ts): related tariff words of an everyday noun, or []. */
export type BridgeLookup = (key: string) => readonly string[];

const noBridge: BridgeLookup = () => [];

export interface Alternative {
  /** Folded words; all of them must occur in a line. */
  words: string[];
  weight: number;
  via: AlternativeSource;
}

export interface Term {
  /** The words of the query this term stands for. */
  text: string;
  alternatives: Alternative[];
}

/** Relative weights of the alternatives. */
export const WEIGHTS = {
  query: 1,
  synonym: 0.9,
  /** A phrase term's head word alone ("shoes" of "running shoes"). */
  headWord: 0.5,
  typo: 0.8,
  /** A WordNet synonym or hypernym of the word ("lipstick" → "cosmetic"). */
  bridge: 0.6,
  /** A truncated word completed from the schedule's vocabulary ("chamomil" → "chamomile"). */
  completion: 0.8,
  /** A word written together, split into known words ("ladiesskirt" → "ladies", "skirt"). */
  split: 0.9,
  /** Loose corrections of real words, used only when nothing else matched. */
  fallback: 0.3,
  /** Score factor when the words occur only in the ancestors' text, not in the line's own description. */
  ancestorsOnly: 0.6,
  /** Added for every term matched beyond the first, so that lines matching more of the query come first. */
  coordination: 1.5,
  /**
   * Factor of the last term: in an English noun phrase the last word names the thing ("red wine",
   * "cardboard boxes", "salmon fillets"), the words before it qualify it.
   */
  headTerm: 1.6,
} as const;

/**
 * Own-description matches count less in long descriptions: a line that mentions "passenger car" in a
 * 300-character end-use text is less about cars than "Motor cars". SQL of the factor, `description` in scope.
 */
export const OWN_LENGTH_FACTOR_SQL = "(1.0::float8 / (1 + greatest(length(description) - 150, 0) / 300.0::float8))";

function phraseWords(phrase: string): string[] {
  return tokenizeHsQuery(phrase);
}

function bridgeFor(words: readonly string[], bridge: BridgeLookup): readonly string[] {
  const direct = bridge(words.join(" "));
  if (direct.length > 0) return direct;
  return bridge([...words.slice(0, -1), singularWord(words[words.length - 1])].join(" "));
}

function termFor(words: string[], synonyms: readonly string[], bridge: BridgeLookup = noBridge): Term {
  const alternatives: Alternative[] = [{ words, weight: WEIGHTS.query, via: "query" }];
  for (const s of synonyms) alternatives.push({ words: phraseWords(s), weight: WEIGHTS.synonym, via: "synonym" });
  for (const s of bridgeFor(words, bridge)) alternatives.push({ words: phraseWords(s), weight: WEIGHTS.bridge, via: "bridge" });
  if (words.length > 1) {
    // The head (last) word of a phrase, and its own synonyms, as a weaker fallback.
    const head = words[words.length - 1];
    alternatives.push({ words: [head], weight: WEIGHTS.headWord, via: "query" });
    for (const s of synonymsFor([head])) alternatives.push({ words: phraseWords(s), weight: WEIGHTS.headWord, via: "synonym" });
  }
  return { text: words.join(" "), alternatives: dedupeAlternatives(alternatives) };
}

function dedupeAlternatives(list: Alternative[]): Alternative[] {
  const seen = new Set<string>();
  const out: Alternative[] = [];
  for (const a of [...list].sort((x, y) => y.weight - x.weight)) {
    const key = [...a.words].sort().join(" ");
    if (a.words.length === 0 || seen.has(key)) continue;
    seen.add(key);
    out.push(a);
  }
  return out;
}

/** Query words → terms, longest synonym phrases first ("men cotton hair dryer" → men, cotton, "hair dryer"). */
export function expandQuery(tokens: readonly string[], bridge: BridgeLookup = noBridge): Term[] {
  const terms: Term[] = [];
  let i = 0;
  while (i < tokens.length) {
    let taken = 1;
    let synonyms: readonly string[] = [];
    for (let n = Math.min(MAX_SYNONYM_WORDS, tokens.length - i); n >= 1; n--) {
      const found = synonymsFor(tokens.slice(i, i + n));
      // A two-word WordNet noun ("bobby pin", "bubble wrap") is one term too.
      if (found.length > 0 || n === 1 || (n === 2 && bridgeFor(tokens.slice(i, i + n), bridge).length > 0)) {
        taken = n;
        synonyms = found;
        break;
      }
    }
    terms.push(termFor(tokens.slice(i, i + taken), synonyms, bridge));
    i += taken;
  }
  return terms;
}

/** Alternatives for a word that occurs nowhere in the schedule: its closest known words (and their synonyms). */
export function typoAlternatives(corrections: readonly string[]): Alternative[] {
  const out: Alternative[] = [];
  for (const c of corrections) {
    out.push({ words: [c], weight: WEIGHTS.typo, via: "typo" });
    for (const s of synonymsFor([c])) out.push({ words: phraseWords(s), weight: WEIGHTS.typo * WEIGHTS.synonym, via: "typo" });
  }
  return dedupeAlternatives(out);
}

export interface PlannedAlternative {
  stems: string[];
  /** weight × idf of the rarest stem. */
  value: number;
  via: AlternativeSource;
  words: string[];
}

export interface PlannedTerm {
  text: string;
  alternatives: PlannedAlternative[];
}

export interface StemStats {
  /** Lines of the schedule whose text contains the stem (0: it never occurs, the alternative cannot match). */
  df(stem: string): number;
  /**
   * Lines whose own description contains it: the rarity that counts. Every line under a heading
   * inherits the heading's words, so counting those would make "wine" look as common as "other".
   */
  dfOwn(stem: string): number;
  /** Lines in the schedule. */
  lines: number;
}

/**
 * Stems the alternatives (stemsOf: a word's stems, [] for a stop word, undefined when not looked up) and
 * keeps those whose every stem occurs in the schedule. Returns null when nothing of the term can match.
 */
export function planTerm(term: Term, stemsOf: (word: string) => readonly string[] | undefined, stats: StemStats): PlannedTerm | null {
  const alternatives: PlannedAlternative[] = [];
  const seen = new Set<string>();
  for (const a of term.alternatives) {
    const stems = [...new Set(a.words.flatMap((w) => stemsOf(w) ?? []))];
    if (stems.length === 0) continue;
    if (stems.some((s) => stats.df(s) === 0)) continue;
    const key = [...stems].sort().join(" ");
    if (seen.has(key)) continue;
    seen.add(key);
    // A stem found only in inherited text (a US grouping line's "Horses") counts as found once.
    const rarest = Math.min(...stems.map((s) => Math.max(1, stats.dfOwn(s))));
    const idf = Math.log(1 + stats.lines / rarest);
    alternatives.push({ stems, value: a.weight * idf, via: a.via, words: a.words });
  }
  if (alternatives.length === 0) return null;
  alternatives.sort((x, y) => y.value - x.value);
  return { text: term.text, alternatives };
}

/** A term is made only of stop words ("the", "of", "for"): it neither matches nor needs correcting. */
export function isStopTerm(term: Term, stemsOf: (word: string) => readonly string[] | undefined): boolean {
  const query = term.alternatives.find((a) => a.via === "query");
  return query !== undefined && query.words.every((w) => (stemsOf(w) ?? [""]).length === 0);
}

const quoteLexeme = (s: string) => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** tsquery text: every stem anywhere in the line. */
export function allStemsQuery(stems: readonly string[]): string {
  return stems.map(quoteLexeme).join(" & ");
}

/** tsquery text: every stem anywhere, and at least one in the line's own description (weight A). */
export function ownTextQuery(stems: readonly string[]): string {
  const all = allStemsQuery(stems);
  const own = stems.map((s) => `${quoteLexeme(s)}:A`).join(" | ");
  return stems.length === 1 ? `${quoteLexeme(stems[0])}:A` : `(${all}) & (${own})`;
}

export interface TextSearchSql {
  /** tsquery text selecting every line that matches some alternative of some term. */
  anyQuery: string;
  /** tsquery parameters, in order, referenced by the score expressions as $<firstParam + i>. */
  params: string[];
  /** One SQL expression per term giving the term's score for a row (`tsv` and `own_factor` in scope). */
  termScores: string[];
  /**
   * One SQL expression per term giving which branch scored (`tsv` in scope): 2 × the alternative's index
   * + 0 when it matched the line's own text, 1 when only the text above it; -1 when the term did not match.
   */
  termBranches: string[];
}

const num = (n: number) => `${Number.isFinite(n) ? n.toFixed(4) : "0"}::float8`;

/**
 * The SQL pieces of a text search: each term's score is a CASE over its alternatives, best value first,
 * own-description matches before ancestors-only ones, so the first branch that matches is the best.
 */
export function buildTextSearchSql(terms: readonly PlannedTerm[], firstParam: number): TextSearchSql {
  const params: string[] = [];
  const param = (text: string) => {
    params.push(text);
    return `$${firstParam + params.length - 1}::tsquery`;
  };
  const termBranches: string[] = [];
  const termScores = terms.map((t, i) => {
    const factor = i === terms.length - 1 && terms.length > 1 ? WEIGHTS.headTerm : 1;
    const branches: Array<{ value: number; sql: string; when: string; id: number }> = [];
    t.alternatives.forEach((a, k) => {
      const v = a.value * factor;
      const own = `when tsv @@ ${param(ownTextQuery(a.stems))}`;
      const any = `when tsv @@ ${param(allStemsQuery(a.stems))}`;
      branches.push({ value: v, sql: `${own} then ${num(v)} * own_factor`, when: own, id: 2 * k });
      branches.push({ value: v * WEIGHTS.ancestorsOnly, sql: `${any} then ${num(v * WEIGHTS.ancestorsOnly)}`, when: any, id: 2 * k + 1 });
    });
    branches.sort((x, y) => y.value - x.value);
    termBranches.push(`(case ${branches.map((b) => `${b.when} then ${b.id}`).join(" ")} else -1 end)`);
    return `(case ${branches.map((b) => b.sql).join(" ")} else 0::float8 end)`;
  });
  const anyQuery = terms
    .flatMap((t) => t.alternatives.map((a) => (a.stems.length === 1 ? quoteLexeme(a.stems[0]) : `(${allStemsQuery(a.stems)})`)))
    .join(" | ");
  return { anyQuery, params, termScores, termBranches };
}
