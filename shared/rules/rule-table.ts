/**
 * THE rule library: every rule of the spec (plus rule_schema_type for stage 1) with its category,
 * severity, pipeline stage, description, triggering documents (stage 4), the reference tables it reads
 * (`reads`: the data-age report counts a table by them) and pure check function.
 * docs/rules.md is generated from this table (npm run docs:generate); the order of RULES is the
 * order results are reported in within a stage.
 *
 * Stage assignment (spec pipeline: 1 schema, 2 business rules and lookups, 3 country-specific, 4 documents):
 * - 1 Schema Validation: the zod schema, required fields and single-field formats / code lists
 *   (HS code shape, transport mode and Incoterms enums, ISO country and currency codes, e-mail, phone,
 *   dates, US ZIP codes).
 * - 2 Business Rules: cross-field arithmetic, HS code length and tariff lookups by destination, sanctions
 *   and embargo screening, UN/LOCODE lookups, party/port vs route countries, Incoterms vs transport mode.
 * - 3 Country Rules: the spec's "Country-specific compliance" table (US, EU, UK, India).
 * - 4 Document Rules: the spec's "Document-specific" table, each run only when one of its documents is requested.
 */
import type { RuleDefinition, Stage } from "./rule-types.ts";
import { CATEGORIES } from "./table/define-rule.ts";
import { STAGE_1_RULES } from "./table/stage-1-schema.ts";
import { STAGE_2_RULES } from "./table/stage-2-business.ts";
import { STAGE_3_RULES } from "./table/stage-3-country.ts";
import { STAGE_4_RULES } from "./table/stage-4-documents.ts";

/** Version of the rule library; part of every validation hash. Bump on any change of a rule's behaviour. */
export const RULE_LIBRARY_VERSION = "2026.11.4";

export const STAGE_NAMES: Record<Stage, "Schema Validation" | "Business Rules" | "Country Rules" | "Document Rules"> = {
  1: "Schema Validation",
  2: "Business Rules",
  3: "Country Rules",
  4: "Document Rules",
};

/**
 * Score: 100 − 20 per distinct rule with an error result − 5 per distinct rule with a warning result
 * (info results cost nothing), floored at 0. Counting rules rather than results keeps a 500-line shipment
 * with one systematic mistake comparable to a 1-line one.
 */
export const SCORE_FORMULA = {
  start: 100,
  perErrorRule: 20,
  perWarningRule: 5,
  perInfoRule: 0,
  floor: 0,
} as const;

export { CATEGORIES };

/** The one table: the stages in order, each in its report order (table/stage-*.ts). */
export const RULES: readonly RuleDefinition[] = [...STAGE_1_RULES, ...STAGE_2_RULES, ...STAGE_3_RULES, ...STAGE_4_RULES];

export const RULES_BY_ID: ReadonlyMap<string, RuleDefinition> = new Map(RULES.map((r) => [r.id, r]));

const RULE_ORDER: ReadonlyMap<string, number> = new Map(RULES.map((r, i) => [r.id, i]));

/** Position of a rule in RULES (the report order within a stage); unknown ids sort last. */
export function ruleOrder(id: string): number {
  const i = RULE_ORDER.get(id);
  return i === undefined ? Number.MAX_SAFE_INTEGER : i;
}
