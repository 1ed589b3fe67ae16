/**
 * The pure validation engine: no I/O, no clock, no randomness. Same shipment + same facts + same
 * document types + same gate → deep-equal outcome.
 */
import type { ReferenceFacts } from "./reference-facts.ts";
import type { RuleDefinition, RuleResult, Severity, Stage } from "./rule-types.ts";
import { RULE_LIBRARY_VERSION, RULES, SCORE_FORMULA, STAGE_NAMES, ruleOrder } from "./rule-table.ts";
import { DEFAULT_GATE_SLUG, findGate, type Gate, UnknownGateError } from "./gates.ts";
import { isRecord } from "../shipments/shipment-access.ts";

export { collectReferenceAsk, type ReferenceAsk } from "./reference-ask.ts";

export type LayerName = (typeof STAGE_NAMES)[Stage];

export interface LayerResult {
  rule: string;
  /** "failed" for error and warning results, "info" for informational ones. */
  status: "failed" | "info";
  severity: Severity;
  field: string;
  message: string;
}

export interface ValidationLayer {
  name: LayerName;
  /** failed when the layer has at least one error result (warnings and info do not fail a layer). */
  status: "passed" | "failed";
  results: LayerResult[];
}

export interface ValidationOutcome {
  /** No error results. */
  valid: boolean;
  /** See SCORE_FORMULA / docs/rules.md. */
  score: number;
  /** Sorted by stage, rule order in the table, field (array indices numerically), message. */
  results: RuleResult[];
  /** One layer per stage that ran (stage 4 only when a requested document type triggers a rule of the gate). */
  layers: ValidationLayer[];
  gate: string;
  rule_library_version: string;
  summary: { errors: number; warnings: number; info: number; failed_rules: string[] };
}

export interface RunValidationContext {
  facts: ReferenceFacts;
  documentTypes?: readonly string[];
  /** Gate slug or gate; default trade-document-validator. An unknown slug throws UnknownGateError. */
  gate?: string | Gate;
  /**
   * A pure step over the rules' findings before they are sorted and summarised: the screening clearances
   * (shared/screening/reviews/apply-clearances.ts) turn a cleared sanctions match into info here, so that
   * valid, score, layers and summary all count it as info.
   */
  adjust?: (results: RuleResult[]) => RuleResult[];
}

function resolveGate(gate: string | Gate | undefined): Gate {
  if (gate === undefined) return findGate(DEFAULT_GATE_SLUG)!;
  if (typeof gate !== "string") return gate;
  const found = findGate(gate);
  if (!found) throw new UnknownGateError(gate);
  return found;
}

type Token = string | number;

/** "goods.line_items[10].hs_code" → ["goods.line_items[", 10, "].hs_code"]: digit runs compare numerically. */
function fieldTokens(field: string): Token[] {
  return (field.match(/\d+|\D+/g) ?? []).map((t) => (/^\d/.test(t) && t.length < 16 ? Number(t) : t));
}

function compareTokens(ta: readonly Token[], tb: readonly Token[]): number {
  const n = Math.min(ta.length, tb.length);
  for (let i = 0; i < n; i++) {
    const x = ta[i];
    const y = tb[i];
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    const xs = String(x);
    const ys = String(y);
    if (xs !== ys) return xs < ys ? -1 : 1;
  }
  return ta.length - tb.length;
}

/** Compares field paths so that goods.line_items[2] sorts before goods.line_items[10]. */
export function compareFields(a: string, b: string): number {
  return a === b ? 0 : compareTokens(fieldTokens(a), fieldTokens(b));
}

/** Sorts by stage, rule order, field (numeric indices), message — keys computed once per result. */
function sortResults(results: RuleResult[], stageOf: (id: string) => number): RuleResult[] {
  const keyed = results.map((r) => ({ r, stage: stageOf(r.rule_id), order: ruleOrder(r.rule_id), field: fieldTokens(r.field) }));
  keyed.sort(
    (a, b) =>
      a.stage - b.stage ||
      a.order - b.order ||
      compareTokens(a.field, b.field) ||
      (a.r.message < b.r.message ? -1 : a.r.message > b.r.message ? 1 : 0),
  );
  return keyed.map((k) => k.r);
}

export function computeScore(results: readonly RuleResult[]): number {
  const errorRules = new Set(results.filter((r) => r.severity === "error").map((r) => r.rule_id));
  const warningRules = new Set(results.filter((r) => r.severity === "warning").map((r) => r.rule_id));
  const infoRules = new Set(results.filter((r) => r.severity === "info").map((r) => r.rule_id));
  const score =
    SCORE_FORMULA.start -
    SCORE_FORMULA.perErrorRule * errorRules.size -
    SCORE_FORMULA.perWarningRule * warningRules.size -
    SCORE_FORMULA.perInfoRule * infoRules.size;
  return Math.max(SCORE_FORMULA.floor, score);
}

/** The rules a run evaluates: the gate's rules, stage-4 rules only when a requested document type triggers them. */
export function selectRules(gate: Gate, documentTypes: readonly string[]): RuleDefinition[] {
  const inGate = new Set(gate.ruleIds);
  return RULES.filter((r) => inGate.has(r.id) && (r.stage !== 4 || (r.documents ?? []).some((d) => documentTypes.includes(d))));
}

/**
 * Runs the pipeline: stage 1 → 2 → 3 → 4. Never throws on any shipment value: a shipment that is not a
 * JSON object gets the schema finding only (every later rule would only repeat "missing") and score 0. Later stages
 * run even when earlier ones fail, so one call reports everything that is wrong.
 */
export function runValidation(shipment: unknown, ctx: RunValidationContext): ValidationOutcome {
  const gate = resolveGate(ctx.gate);
  const documentTypes = Array.isArray(ctx.documentTypes) ? ctx.documentTypes.filter((d) => typeof d === "string") : [];
  const ruleCtx = { facts: ctx.facts, documentTypes };
  let rules = selectRules(gate, documentTypes);
  if (!isRecord(shipment)) rules = rules.filter((r) => r.id === "rule_schema_type");

  const stageOf = new Map<string, Stage>(RULES.map((r) => [r.id, r.stage]));
  const found: RuleResult[] = [];
  for (const stage of [1, 2, 3, 4] as const) {
    for (const rule of rules) if (rule.stage === stage) for (const r of rule.check(shipment, ruleCtx)) found.push(r);
  }
  const results = sortResults(ctx.adjust ? ctx.adjust(found) : found, (id) => stageOf.get(id) ?? 9);

  const stagesRun = [...new Set(rules.map((r) => r.stage))].sort((a, b) => a - b);
  const layers: ValidationLayer[] = stagesRun.map((stage) => {
    const own = results.filter((r) => stageOf.get(r.rule_id) === stage);
    return {
      name: STAGE_NAMES[stage],
      status: own.some((r) => r.severity === "error") ? "failed" : "passed",
      results: own.map((r) => ({
        rule: r.rule_id,
        status: r.severity === "info" ? "info" : "failed",
        severity: r.severity,
        field: r.field,
        message: r.message,
      })),
    };
  });

  const errors = results.filter((r) => r.severity === "error");
  return {
    valid: errors.length === 0,
    // Data that is not an object could not be validated at all: score 0, not "one failed rule".
    score: isRecord(shipment) ? computeScore(results) : SCORE_FORMULA.floor,
    results,
    layers,
    gate: gate.slug,
    rule_library_version: RULE_LIBRARY_VERSION,
    summary: {
      errors: errors.length,
      warnings: results.filter((r) => r.severity === "warning").length,
      info: results.filter((r) => r.severity === "info").length,
      failed_rules: [...new Set(results.filter((r) => r.severity !== "info").map((r) => r.rule_id))],
    },
  };
}
