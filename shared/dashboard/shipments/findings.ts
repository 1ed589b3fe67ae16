/**
 * Rule results and generation pre-checks placed beside the form fields they concern. Validation reports
 * bracketed data paths (goods.line_items[0].hs_code), pre-checks camelCase form paths
 * (goods.lineItems.0.hsCode); both become the input name the form uses (goods.line_items.0.hs_code). A
 * finding on a path with no input of its own (goods.line_items, exporter) is shown in the list above
 * the form instead. Pure.
 */
import type { RuleResult, Severity } from "../../rules/rule-types.ts";
import { normalizeDataPath, tryFieldPathToDataPath } from "../../pdf/field-paths.ts";

export interface FieldFinding {
  /** Input name the finding belongs to ("" when it has no input). */
  field: string;
  severity: Severity | "blocking";
  ruleId?: string;
  message: string;
  context?: [string, string][];
}

/** snake_case context keys in words: declared_total -> "Declared total". */
export function contextLabel(key: string): string {
  const words = key.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function contextText(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(contextText).join(", ");
  return JSON.stringify(value);
}

export function contextPairs(context: Record<string, unknown> | undefined): [string, string][] | undefined {
  if (!context || Object.keys(context).length === 0) return undefined;
  return Object.entries(context).map(([k, v]) => [contextLabel(k), contextText(v)]);
}

export function fromRuleResults(results: readonly RuleResult[], knownInputs: ReadonlySet<string>): FieldFinding[] {
  return results.map((r) => {
    const path = normalizeDataPath(r.field ?? "");
    return {
      field: knownInputs.has(path) ? path : "",
      severity: r.severity,
      ruleId: r.rule_id,
      message: r.message,
      context: contextPairs(r.context),
    };
  });
}

export interface CheckMessage {
  message: string;
  fieldPath: string;
}

/** Pre-check errors ("blocking") or soft warnings of generate, by document type. */
export function fromCheckMessages(
  groups: readonly { docType: string; items: readonly CheckMessage[] }[],
  severity: "blocking" | "warning",
  knownInputs: ReadonlySet<string>,
): FieldFinding[] {
  return groups.flatMap((g) =>
    g.items.map((m) => {
      const path = tryFieldPathToDataPath(m.fieldPath) ?? "";
      return { field: knownInputs.has(path) ? path : "", severity, message: m.message };
    }),
  );
}

export function findingsByField(findings: readonly FieldFinding[]): Map<string, FieldFinding[]> {
  const map = new Map<string, FieldFinding[]>();
  for (const f of findings) map.set(f.field, [...(map.get(f.field) ?? []), f]);
  return map;
}

const RANK: Record<FieldFinding["severity"], number> = { blocking: 0, error: 0, warning: 1, info: 2 };

/** The most severe finding decides how a field is marked. */
export function worstSeverity(findings: readonly FieldFinding[]): FieldFinding["severity"] | null {
  return findings.reduce<FieldFinding["severity"] | null>((w, f) => (w === null || RANK[f.severity] < RANK[w] ? f.severity : w), null);
}
