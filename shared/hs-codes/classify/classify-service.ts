/**
 * POST /api/v1/hs-codes/classify (issue 41): the description and the seller's attributes in; the
 * declarable lines that fit, best first, and the questions the tariff needs to tell them apart.
 *
 * 1. The search (hs-code-service.ts) reads the description with the attributes that name the goods and
 *    their material: its best lines say which headings are in play.
 * 2. Every declarable line of those headings is a candidate (heading-lines.ts), scored by the search's
 *    score of it or of its subheading, times how it fits the seller's facts among its siblings (line-fit.ts).
 * 3. Answers narrow the candidates (apply-answers.ts); the questions are where the rest part
 *    (question-builder.ts). The candidates of a description and its attributes are kept a short while, so
 *    a round of answers reads nothing again.
 */
import type { Queryable } from "../../db/types.ts";
import { AppError } from "../../errors/app-error.ts";
import { HS_CODES_ERRORS } from "../hs-codes-errors.ts";
import { resolveSchedule, searchHsCodes, type HsSearchResult } from "../hs-code-service.ts";
import { pathPrefix } from "./path-prefix.ts";
import { SCHEDULES, type HsSchedule } from "../schedules.ts";
import { type Answer, applyAnswers } from "./apply-answers.ts";
import { buildStamp, headingLines, leafLines, subheadingDepths, type HeadingLine } from "./heading-lines.ts";
import { childrenOf, FIT_WEIGHT, type FitReason, lineFit, singularWords } from "./line-fit.ts";
import { buildQuestions, isResolved, type Question } from "./question-builder.ts";
import { attributeKeyProblem, MAX_ATTRIBUTE_VALUE, MAX_ATTRIBUTES, readAttributes } from "./read-attributes.ts";
import { mergeFacts, namedFacts } from "./tariff-facts.ts";
import { CONNECTIVES, isResidualText, unstatedBranchDepth, wordsOf } from "./unstated-condition.ts";
import { readValueCondition, unitPriceUsd } from "./value-condition.ts";

export const DEFAULT_CLASSIFY_LIMIT = 10;
export const MAX_CLASSIFY_LIMIT = 50;
export const MAX_DESCRIPTION = 500;

/** Search answers read for the headings in play, and how many headings at most. */
const SEARCH_DEPTH = 30;
const MAX_HEADINGS = 5;
/** Candidates kept: at least this share of the best one's score, at most POOL_MAX (wide: an option can only keep what is kept). */
const POOL_SHARE = 0.03;
const POOL_MAX = 80;
/** A line the search did not answer: this share of its subheading's best answer, else of its heading's. */
const SUBHEADING_SHARE = 0.9;
const HEADING_SHARE = 0.3;
/** A national line whose terms the seller does not state, beside an "Other" sibling: this share of its start. */
const UNSTATED_SHARE = 0.9;

/** The facts of the description weigh less than the attributes' (a title says "cotton feel"). */
const DESCRIPTION_FACTS = 0.6;

export interface ClassifyInput {
  description: string;
  country?: string;
  limit?: number;
  attributes?: Record<string, string>;
  answers?: Answer[];
  wordVectors?: boolean;
}

export interface ClassifyCandidate extends HsSearchResult {
  score: number;
  why: Array<{ via: "search" | "attribute" | "answer"; text: string; dimension?: string; effect?: string }>;
}

export interface ClassifyResponse {
  candidates: ClassifyCandidate[];
  questions: Question[];
  resolved: boolean;
  schedule: HsSchedule;
}

interface PoolLine {
  code: string;
  path: string[];
  score: number;
  line: HeadingLine;
  searched?: HsSearchResult;
  reasons: FitReason[];
}

/** Pools of recent descriptions (the rounds of one classification), by schedule build, text and attributes. */
const POOLS_MAX = 500;
const pools = new WeakMap<object, Map<string, PoolLine[]>>();

export function checkAttributes(attributes: Record<string, unknown>): Record<string, string> {
  const bad = (message: string, field: string) => new AppError(HS_CODES_ERRORS.SVC_HS_004, message, { details: { field } });
  const entries = Object.entries(attributes);
  if (entries.length > MAX_ATTRIBUTES) throw bad(`attributes: at most ${MAX_ATTRIBUTES} keys`, "attributes");
  for (const [key, value] of entries) {
    const problem = attributeKeyProblem(key);
    if (problem) throw bad(`attributes: key "${key.slice(0, 80)}" ${problem}`, `attributes.${key.slice(0, 80)}`);
    if (typeof value !== "string") throw bad(`attributes.${key}: the value must be text`, `attributes.${key}`);
    if (value.length > MAX_ATTRIBUTE_VALUE) throw bad(`attributes.${key}: at most ${MAX_ATTRIBUTE_VALUE} characters`, `attributes.${key}`);
  }
  return attributes as Record<string, string>;
}

/** What the search reads: the description first (its goods lead), then the item type and the material. */
export function searchText(description: string, attributes: Readonly<Record<string, string>>): string {
  const extra = [attributes.item_type, attributes.material].filter((v): v is string => !!v && v.toLowerCase() !== "none");
  return [description, ...extra].join(" ").slice(0, 300);
}

export async function classifyHsCode(db: Queryable, input: ClassifyInput): Promise<ClassifyResponse> {
  const schedule = resolveSchedule(input.country);
  const attributes = checkAttributes(input.attributes ?? {});
  const limit = Math.min(MAX_CLASSIFY_LIMIT, Math.max(1, Math.trunc(input.limit ?? DEFAULT_CLASSIFY_LIMIT)));
  const description = input.description.trim().slice(0, MAX_DESCRIPTION);
  const stamp = await buildStamp(db, schedule);
  const key = JSON.stringify([schedule, stamp, description, Object.entries(attributes).sort(), input.wordVectors ?? false]);
  let bySchedule = pools.get(db);
  if (!bySchedule) pools.set(db, (bySchedule = new Map()));
  let pool = bySchedule.get(key);
  if (!pool) {
    pool = await candidatePool(db, schedule, stamp, description, attributes, input);
    if (bySchedule.size >= POOLS_MAX) bySchedule.delete(bySchedule.keys().next().value as string);
    bySchedule.set(key, pool);
  }
  const narrowed = applyAnswers(pool, input.answers ?? []);
  if (!narrowed.ok) {
    throw new AppError(
      HS_CODES_ERRORS.SVC_HS_005,
      `answers[${narrowed.index}]: ${narrowed.answer.question_id} / ${narrowed.answer.option_id} ${narrowed.problem}`,
      {
        details: { field: `answers.${narrowed.index}` },
      },
    );
  }
  const chosen = narrowed.chosen;
  const remaining = narrowed.pool;
  return {
    candidates: spreadOverSubheadings(remaining)
      .slice(0, limit)
      .map((p) => toCandidate(schedule, p, chosen)),
    questions: buildQuestions(remaining, narrowed.answered),
    resolved: remaining.length <= 1 || isResolved(remaining),
    schedule,
  };
}

/**
 * Each subheading's best line before a second line of any (the search's page does the same): the
 * first five then show five readings of the goods, and the questions tell a subheading's lines apart.
 */
function spreadOverSubheadings<T extends { code: string }>(lines: readonly T[]): T[] {
  const seen = new Set<string>();
  const first: T[] = [];
  const rest: T[] = [];
  for (const l of lines) {
    const sub = l.code.slice(0, 6);
    if (seen.has(sub)) rest.push(l);
    else {
      seen.add(sub);
      first.push(l);
    }
  }
  return [...first, ...rest];
}

function toCandidate(schedule: HsSchedule, p: PoolLine, answered: ReadonlySet<string>): ClassifyCandidate {
  const why: ClassifyCandidate["why"] = [];
  if (p.searched?.matched) for (const m of p.searched.matched) why.push({ via: "search", text: m.term, effect: m.via });
  else if (!p.searched) why.push({ via: "search", text: "a sibling line of the lines the search found", effect: "sibling" });
  for (const r of p.reasons) why.push({ via: "attribute", text: r.text, dimension: r.dimension, effect: r.effect });
  for (const t of p.path) if (answered.has(t)) why.push({ via: "answer", text: t });
  return {
    code: p.line.code,
    description: p.line.description,
    full_description: p.line.full_description,
    country: SCHEDULES[schedule].country,
    chapter: p.line.chapter,
    level: p.line.level,
    duty_rate: p.line.duty_rate,
    score: Math.round(p.score * 1000) / 1000,
    why,
  };
}

/** A heading's tree, its declarable lines and, per subheading (6 digits), the length of its own path. */
interface HeadingTree {
  children: Map<string, Set<string>>;
  leaves: HeadingLine[];
  subheadingDepth: Map<string, number>;
}

const residualFirst = (p: PoolLine) => (isResidualText(p.path[p.path.length - 1] ?? "") ? 0 : 1);

const trees = new WeakMap<readonly HeadingLine[], HeadingTree>();

/**
 * Once per heading's lines (headingLines keeps them per schedule build; the tree lives as long as they
 * do), not on every call that has the heading in play. Read only.
 */
function headingTree(all: readonly HeadingLine[]): HeadingTree {
  let tree = trees.get(all);
  if (!tree) {
    const leaves = leafLines(all);
    tree = { children: childrenOf(all.map((l) => l.path)), leaves, subheadingDepth: subheadingDepths(all) };
    trees.set(all, tree);
  }
  return tree;
}

async function candidatePool(
  db: Queryable,
  schedule: HsSchedule,
  stamp: string | null,
  description: string,
  attributes: Readonly<Record<string, string>>,
  input: ClassifyInput,
): Promise<PoolLine[]> {
  const read = readAttributes(attributes);
  const facts = mergeFacts(read.facts, namedFacts(description), DESCRIPTION_FACTS);
  // Connectives name no goods: a shop's category "Pumps (Do Not Post in This Category)" would make
  // every "Valued not over …" line name them.
  const goods = [...new Set(read.goods.flatMap(singularWords))].filter((w) => !CONNECTIVES.has(w));
  const unitPrice = unitPriceUsd(attributes);
  const decidedByPrice = (text: string) => unitPrice !== null && readValueCondition(text) !== null;
  const search = await searchHsCodes(db, {
    q: searchText(description, attributes),
    country: input.country,
    limit: SEARCH_DEPTH,
    wordVectors: input.wordVectors,
  });
  const results = search.results.filter((r) => r.code.length >= 4);
  if (results.length === 0) return [];
  const rank = (r: HsSearchResult, i: number) => r.score ?? 1 / (i + 1);
  const headings = [...new Set(results.map((r) => r.code.slice(0, 4)))].slice(0, MAX_HEADINGS);
  const byLine = new Map<string, { r: HsSearchResult; score: number }>();
  const bestOf = new Map<string, number>();
  results.forEach((r, i) => {
    const s = rank(r, i);
    byLine.set(`${r.code}|${r.level}`, { r, score: s });
    for (const prefix of [r.code.slice(0, 4), r.code.slice(0, 6)]) bestOf.set(prefix, Math.max(bestOf.get(prefix) ?? 0, s));
  });
  // The stamp of this call's pool key: the lines are those of the build the pool is kept under.
  const lines = await headingLines(db, schedule, headings, stamp);
  const sellerWords = wordsOf([description, ...Object.values(attributes)].join(" "));
  const out: PoolLine[] = [];
  for (const h of headings) {
    const { children, leaves, subheadingDepth } = headingTree(lines.get(h) ?? []);
    const siblingsAt = (path: readonly string[]) => (depth: number) => children.get(pathPrefix(path, depth));
    for (const line of leaves) {
      const hit = byLine.get(`${line.code}|${line.level}`);
      const sub = bestOf.get(line.code.slice(0, 6));
      // The search's page scores a subheading's second line far down (one line per subheading first):
      // within a subheading, each line starts near the best one, the search's own pick a little ahead.
      let base = sub !== undefined ? Math.max(hit?.score ?? 0, sub * SUBHEADING_SHARE) : (bestOf.get(h) ?? 0) * HEADING_SHARE;
      if (base <= 0) continue;
      // A national line under a branch that sets a condition ("Toy jewelry valued not over 8 cents",
      // "Rope, curb, cable, chain …") beside an "Other" sibling: when the seller states none of its words,
      // the goods fall to "Other", as the tariff reads (a specific line applies only when its terms are
      // met). The search's own pick is no exception: it matched the line's whole path, not that branch.
      const conditionalFrom =
        line.code.length > 6
          ? unstatedBranchDepth(
              line.path,
              subheadingDepth.get(line.code.slice(0, 6)) ?? line.path.length - 1,
              siblingsAt(line.path),
              sellerWords,
              decidedByPrice,
            )
          : null;
      if (conditionalFrom !== null) base *= UNSTATED_SHARE;
      const { fit, reasons } = lineFit(line.path, children, { facts, goods, unitPrice, conditionalFrom });
      out.push({ code: line.code, path: line.path, score: base * Math.exp(FIT_WEIGHT * fit), line, searched: hit?.r, reasons });
    }
  }
  // Lines nothing tells apart: the residual "Other" first (the goods are in it unless a sibling's terms
  // are met), then code order.
  out.sort((a, b) => b.score - a.score || residualFirst(a) - residualFirst(b) || a.code.localeCompare(b.code));
  const top = out[0]?.score ?? 0;
  return out.filter((p) => p.score >= top * POOL_SHARE).slice(0, POOL_MAX);
}
