/**
 * How a description query becomes a ranked full-text search. Pure functions; the repository runs the SQL
 * this module writes.
 *
 * 1. The query's words are grouped into terms: an everyday phrase of the synonym table ("hair dryer",
 *    "running shoes") is one term, every other word its own term (expandQuery).
 * 2. Each term has alternatives: the words as typed, the tariff wording of the synonym table, WordNet's
 *    related goods words and, when nothing of the term occurs in the schedule, corrections (typos).
 *    PostgreSQL stems every word with the English Snowball stemmer (ts_lexize), so "laptops", "shirts"
 *    and "knitted" meet the index's "laptop", "shirt", "knit".
 * 3. A line is a candidate when any alternative occurs in its text or in the national texts of its
 *    subheading. It is scored by BM25F (score-lines.ts): per term, the best alternative's saturated score.
 */
import { MAX_SYNONYM_WORDS, singularWord, synonymsFor } from "./synonyms.ts";
import { tokenizeHsQuery } from "./normalize.ts";
import { memoizeText } from "../text/memoize.ts";
import { bm25Idf, type Bm25Field } from "./bm25.ts";
import type { WordClass } from "./wordnet-vocabulary.ts";

/** "rule": the tariff's words for what a cue of the title names, added by a reading rule (reading-rules.ts). */
export type AlternativeSource = "query" | "synonym" | "typo" | "bridge" | "completion" | "split" | "abbreviation" | "rule";

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
  /** Its role's factor in the query (queryRoles): the head product noun counts most. Unset: the last term is the head. */
  factor?: number;
  /** Its role in the query (queryRoles), said in the results' `matched`. */
  role?: TermRole;
}

/** "product": the head product noun; "goods": another goods word; "attribute": a material, quality or unknown word; "context": after "for/with/in". */
export type TermRole = "product" | "goods" | "attribute" | "context";

/** Query-side weights of the alternatives (BM25's query term weights). */
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
  /** A word with its vowels left out, read in full ("shdw" → "shadow"). */
  abbreviation: 0.8,
  /** A word written together, split into known words ("ladiesskirt" → "ladies", "skirt"). */
  split: 0.9,
  /** The tariff's words a reading rule adds for a cue ("zircon" → "stones", reading-rules.ts). */
  rule: 0.5,
  /** Loose corrections of real words, used only when nothing else matched. */
  fallback: 0.3,
  /**
   * Factor of the last term: in an English noun phrase the last word names the thing ("red wine",
   * "cardboard boxes", "salmon fillets"), the words before it qualify it.
   */
  headTerm: 1.6,
} as const;

/**
 * A synonym's or WordNet target's words. The phrases come from fixed vocabularies and recur on every
 * search that reaches them: tokenized once (bounded memory), a copy handed out as the alternative's own.
 */
const phraseTokens = memoizeText(tokenizeHsQuery);
function phraseWords(phrase: string): string[] {
  return phraseTokens(phrase).slice();
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

/** Targets of the bridge a search reads per word or phrase, at most. */
export const BRIDGE_TARGETS = 6;

/**
 * The bridge as a search reads it: of a word's WordNet targets (all of them, in WordNet's order:
 * tools/build-wordnet.ts), the first BRIDGE_TARGETS whose every word the schedule's texts have
 * (`inSchedule`). A target no tariff line has matches nothing and would crowd out one that does; the
 * build keeps them all, so that its output depends on the WordNet package alone.
 */
export function tariffBridge(all: BridgeLookup, inSchedule: (word: string) => boolean): BridgeLookup {
  return (key) => {
    const out: string[] = [];
    for (const t of all(key)) {
      if (!phraseWords(t).every(inSchedule)) continue;
      out.push(t);
      if (out.length >= BRIDGE_TARGETS) break;
    }
    return out;
  };
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

/**
 * Words after which a product title says what the thing is for or goes with, not what it is ("rings
 * for women", "case for Bosch laser measure", "peach slices in resealable bags").
 */
const CONTEXT_WORDS = new Set(["for", "with", "in", "without", "fits", "compatible", "suitable", "including"]);

/** Role factors of the query's words (queryRoles). */
export const ROLE_FACTORS = {
  /** The product noun: the goods the title names. */
  head: WEIGHTS.headTerm,
  /** Another goods noun before the context words (a second product word, a part). */
  goods: 1,
  /** A word of unknown class (a brand, a tariff word WordNet lacks). */
  other: 0.8,
  /** A material ("brass", "leather"): refines the goods. */
  material: 0.7,
  /** A quality ("dynamic", "cute", "magnetic"): refines, never leads. */
  modifier: 0.4,
  /** After "for", "with", "in" …: what the goods are for or packed in. */
  context: 0.4,
} as const;

export type WordClassOf = (word: string) => WordClass | null;

export interface QueryRoles {
  /** Index in the tokens of the head product noun (-1: none). */
  head: number;
  /** Index of the first context word ("for", "with" …) after a goods word; tokens.length when none. */
  cut: number;
  /** Factor of each token. */
  factors: number[];
  /** Role of each token. */
  roles: TermRole[];
}

/** Cut words that say what the thing is for or fits: the noun written just before them is what is for it. */
const PURPOSE_WORDS = new Set(["for", "fits", "compatible", "suitable"]);

/**
 * Words that say how many or that several things come together ("Ring Set for Women", "10 Pcs for"):
 * never the goods (a set is classified by the article that gives it its character, GRI 3(b)).
 */
const COUNT_WORDS = new Set(["set", "sets", "pcs", "piece", "pieces", "pair", "pairs", "lot", "lots"]);

/**
 * The noun written directly before a "for", "fits", "compatible" or "suitable" cut, as a token index, or
 * -1: in "X Y for Z" Y heads the phrase the purpose qualifies ("Phone **Case** for iPhone", "Car
 * **Radio** for Toyota … Car Multimedia"), whatever else the title repeats, when it names a thing in
 * some WordNet sense (goods, or an artifact sense beyond its frequent ones: "case"). Not after "with"
 * or "in": those follow a whole run of noun phrases as often ("Flat Shoes … Buckle Line with Soft Sole").
 */
function beforePurpose(
  tokens: readonly string[],
  classes: ReadonlyArray<WordClass | null>,
  cut: number,
  sequence: readonly string[],
): number {
  if (cut >= tokens.length || !PURPOSE_WORDS.has(tokens[cut])) return -1;
  // The words as written: tokens keep each word once, where it first stands.
  const at = sequence.indexOf(tokens[cut]);
  const i = at > 0 ? tokens.indexOf(sequence[at - 1]) : -1;
  if (i < 0 || i >= cut || COUNT_WORDS.has(tokens[i])) return -1;
  return classes[i] === "goods" || classes[i] === "artifact" ? i : -1;
}

/**
 * The head product noun of a product title and the roles of the other words, by position and part of
 * speech: the title's words up to the first "for/with/in …" that follows a goods word describe the
 * thing; the last goods noun among them is the head ("… Dragon Magnetic **Pendant**", "Gold Color Set
 * **Rings** for Women", "freeze dried peach **slices** in small resealable bags"). Materials and
 * adjectives refine; words after the cut say what it is for. A goods noun the title repeats more often
 * than the last one is the head instead, unless a noun stands just before a "for" cut (beforePurpose).
 * Without any goods noun, the last word before the cut that is no quality or material is the head (a
 * tariff word WordNet lacks, "smartwatch"). `sequence`: the words as written (titleWords), repeats kept.
 */
export function queryRoles(
  tokens: readonly string[],
  classOf: WordClassOf,
  stopWord: (w: string) => boolean = () => false,
  repeats: ReadonlyMap<string, number> = new Map(),
  sequence: readonly string[] = tokens,
): QueryRoles {
  const classes = tokens.map((t) => classOf(t));
  let cut = tokens.length;
  for (let i = 1; i < tokens.length; i++) {
    if (CONTEXT_WORDS.has(tokens[i]) && classes.slice(0, i).includes("goods")) {
      cut = i;
      break;
    }
  }
  let head = beforePurpose(tokens, classes, cut, sequence);
  if (head < 0) {
    for (let i = cut - 1; i >= 0 && head < 0; i--) if (classes[i] === "goods") head = i;
    // Shop titles repeat the product noun to be found ("Figaro Link Chain … Steel Chain … Chain for
    // Jewelry Making"): a goods noun written more often than the last one leads.
    const times = (i: number) => repeats.get(tokens[i]) ?? 1;
    for (let i = 0; i < cut; i++) if (classes[i] === "goods" && head >= 0 && times(i) > times(head)) head = i;
  }
  for (let i = cut - 1; i >= 0 && head < 0; i--) {
    if ((classes[i] === null || classes[i] === "artifact") && !CONTEXT_WORDS.has(tokens[i]) && !stopWord(tokens[i])) head = i;
  }
  const factors = tokens.map((_, i) => {
    if (i === head) return ROLE_FACTORS.head;
    if (i >= cut) return ROLE_FACTORS.context;
    const c = classes[i];
    return c === "goods"
      ? ROLE_FACTORS.goods
      : c === "material"
        ? ROLE_FACTORS.material
        : c === "modifier"
          ? ROLE_FACTORS.modifier
          : ROLE_FACTORS.other;
  });
  const roles = tokens.map(
    (_, i): TermRole => (i === head ? "product" : i >= cut ? "context" : classes[i] === "goods" ? "goods" : "attribute"),
  );
  return { head, cut, factors, roles };
}

/** A term's factor and role: the head's when it holds the head word, else its last word's. */
export function termFactor(term: Term, tokens: readonly string[], roles: QueryRoles): { factor: number; role: TermRole } {
  const words = term.text.split(" ");
  const at = words.map((w) => tokens.indexOf(w)).filter((i) => i >= 0);
  if (at.length === 0) return { factor: ROLE_FACTORS.other, role: "attribute" };
  const i = roles.head >= 0 && at.includes(roles.head) ? roles.head : at[at.length - 1];
  return { factor: roles.factors[i], role: roles.roles[i] };
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
  /** Query weight × idf of the rarest stem (BM25's qw · idf). */
  value: number;
  via: AlternativeSource;
  words: string[];
  /** About how many lines it can reach: its rarest stem's lines, plus the lines of subheadings whose national texts have it. */
  reach: number;
}

export interface PlannedTerm {
  text: string;
  alternatives: PlannedAlternative[];
  /** As Term.factor: multiplies every alternative's score (unset: the last term × WEIGHTS.headTerm). */
  factor?: number;
  role?: TermRole;
}

export interface StemStats {
  /** Lines of the schedule whose text contains the stem. */
  df(stem: string): number;
  /**
   * Lines whose own description contains it: the rarity that counts. Every line under a heading
   * inherits the heading's words, so counting those would make "wine" look as common as "other".
   */
  dfOwn(stem: string): number;
  /** Subheadings whose national texts (hs_search_subheadings) contain it. */
  dfShared(stem: string): number;
  /** Lines in the schedule. */
  lines: number;
  /** Subheadings with national texts. */
  sharedDocs: number;
}

/**
 * A stem's idf: from the lines whose own text has it; a stem found only in inherited text (a US grouping
 * line's "Horses") counts as found once; a stem found only in the national texts of subheadings takes
 * its rarity among those. null: the stem occurs nowhere.
 */
export function stemIdf(stem: string, stats: StemStats): number | null {
  if (stats.df(stem) > 0) return bm25Idf(stats.lines, Math.max(1, stats.dfOwn(stem)));
  const shared = stats.dfShared(stem);
  return shared > 0 ? bm25Idf(stats.sharedDocs, shared) : null;
}

/**
 * Stems the alternatives (stemsOf: a word's stems, [] for a stop word, undefined when not looked up) and
 * keeps those whose every stem occurs in the schedule or its subheadings' national texts. Returns null
 * when nothing of the term can match.
 */
export function planTerm(term: Term, stemsOf: (word: string) => readonly string[] | undefined, stats: StemStats): PlannedTerm | null {
  const alternatives: PlannedAlternative[] = [];
  const seen = new Set<string>();
  for (const a of term.alternatives) {
    const stems = [...new Set(a.words.flatMap((w) => stemsOf(w) ?? []))];
    if (stems.length === 0) continue;
    const idfs = stems.map((s) => stemIdf(s, stats));
    if (idfs.some((x) => x === null)) continue;
    const key = [...stems].sort().join(" ");
    if (seen.has(key)) continue;
    seen.add(key);
    const perSubheading = stats.sharedDocs > 0 ? stats.lines / stats.sharedDocs : 0;
    const reach = Math.min(...stems.map((s) => stats.df(s) + stats.dfShared(s) * perSubheading));
    alternatives.push({ stems, value: a.weight * Math.max(...(idfs as number[])), via: a.via, words: a.words, reach });
  }
  if (alternatives.length === 0) return null;
  alternatives.sort((x, y) => y.value - x.value);
  return {
    text: term.text,
    alternatives,
    ...(term.factor === undefined ? {} : { factor: term.factor }),
    ...(term.role === undefined ? {} : { role: term.role }),
  };
}

/** A term is made only of stop words ("the", "of", "for"): it neither matches nor needs correcting. */
export function isStopTerm(term: Term, stemsOf: (word: string) => readonly string[] | undefined): boolean {
  const query = term.alternatives.find((a) => a.via === "query");
  return query !== undefined && query.words.every((w) => (stemsOf(w) ?? [""]).length === 0);
}

/** About how many candidate lines a search may score before common words stop adding candidates. */
export const CANDIDATE_BUDGET = 600;

/**
 * The alternatives whose lines are candidates, as [term, alternative] indexes. Scoring every line that
 * has a common word ("woven", "set") or a broad WordNet hypernym ("fruit", "garment") costs a few
 * milliseconds per thousand lines, and such a line ranks high only when it has the rarer words too. So
 * the alternatives are taken best first (qw · idf) while the lines they reach stay within the budget;
 * the first is always taken. Every candidate is still scored on all terms and alternatives. What is left
 * out only stops lines that have nothing but common words from entering the ranking (MaxScore pruning in
 * search engines does the same, with a guarantee this cheap estimate does not give).
 */
export function candidateAlternatives(terms: readonly PlannedTerm[], budget = CANDIDATE_BUDGET): Array<[number, number]> {
  const order = terms
    .flatMap((t, ti) => t.alternatives.map((a, ai) => ({ ti, ai, value: a.value * (t.factor ?? 1), reach: a.reach })))
    .sort((x, y) => y.value - x.value || x.ti - y.ti || x.ai - y.ai);
  const taken: Array<[number, number]> = [];
  let reached = 0;
  for (const a of order) {
    if (taken.length > 0 && reached + a.reach > budget) continue;
    taken.push([a.ti, a.ai]);
    reached += a.reach;
  }
  return taken.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}

/** Average field lengths of the collection (hs_search_field_stats). */
export type FieldAverages = Record<Bm25Field, number>;

/**
 * The alternatives selecting the candidate lines, each as the stems a line must all have (in its text
 * or in its subheading's national texts): those of candidateAlternatives, or every alternative with
 * allTerms.
 */
export function candidateStems(terms: readonly PlannedTerm[], options: { allTerms?: boolean } = {}): string[][] {
  const candidates = options.allTerms
    ? terms.flatMap((t, ti) => t.alternatives.map((_, ai) => [ti, ai] as const))
    : candidateAlternatives(terms);
  return candidates.map(([ti, ai]) => terms[ti].alternatives[ai].stems);
}

/** Every stem of the plan, once: the words whose fields the scoring needs. */
export function planStems(terms: readonly PlannedTerm[]): string[] {
  return [...new Set(terms.flatMap((t) => t.alternatives.flatMap((a) => a.stems)))];
}
