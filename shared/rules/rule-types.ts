import type { ReferenceFacts } from "./reference-facts.ts";
import type { RefreshableTable } from "../runtime/config/reference-sources.ts";

export type Severity = "error" | "warning" | "info";

/**
 * Pipeline stage of a rule (spec "Validation pipeline"):
 * 1 schema validation (types, required fields, single-field formats and code lists),
 * 2 business rules (cross-field checks and lookup-table queries),
 * 3 country-specific rules by origin and destination,
 * 4 document-specific rules, run only for the requested document types.
 */
export type Stage = 1 | 2 | 3 | 4;

/** One finding of a rule, in the shape of the validate endpoints' `results[]`. */
export interface RuleResult {
  rule_id: string;
  category: string;
  severity: Severity;
  message: string;
  /** Path inside shipment_data in the spec's format, e.g. goods.line_items[0].hs_code ("" = the whole document). */
  field: string;
  context?: Record<string, unknown>;
}

export interface RuleContext {
  facts: ReferenceFacts;
  /** Requested document type keys (stage 4 rules run only for these). */
  documentTypes: readonly string[];
}

/** A pure check: never throws on any input shape, never reads anything but its arguments. */
export type RuleCheck = (shipment: unknown, ctx: RuleContext) => RuleResult[];

export interface RuleDefinition {
  id: string;
  /** Display name of the category, e.g. "HS Code". */
  category: string;
  severity: Severity;
  stage: Stage;
  description: string;
  /** Stage-4 rules: the document type keys that trigger the rule. */
  documents?: readonly string[];
  /**
   * The reference tables whose facts the check reads (ctx.facts: a table's lookups, its loaded flag). The
   * answer's reference_data and rule_reference_data_current cover a table when a rule of the gate that
   * reads it ran (reference-tables-used.ts); tests/unit/rules/rule-reads.test.ts fails on a read not declared.
   */
  reads?: readonly RefreshableTable[];
  check: RuleCheck;
}

/**
 * What a check function reports before the table stamps rule id, category and severity on it. `severity`
 * may only be given to downgrade: "warning" for a soft-warning field that is absent (the caller may
 * confirm it and fill the blank later) or for a lookup whose reference table is empty (the check did not
 * run: never a pass), "info" for notes that do not limit what was checked.
 */
export interface Finding {
  path: readonly PropertyKey[];
  message: string;
  context?: Record<string, unknown>;
  severity?: "warning" | "info";
}

export type FindingCheck = (shipment: unknown, ctx: RuleContext) => Finding[];
