/** How the rule table (../rule-table.ts) declares a rule: its categories, and the wrapper that stamps a check's findings. */
import type { Finding, FindingCheck, RuleDefinition, RuleResult } from "../rule-types.ts";
import { formatFieldPath } from "../../text/field-path.ts";

/** A rule as the table declares it: its definition but the check, which `rule` wraps. */
type RuleMeta = Omit<RuleDefinition, "check">;

export function rule(meta: RuleMeta, check: FindingCheck): RuleDefinition {
  const stamp = (f: Finding): RuleResult => {
    const result: RuleResult = {
      rule_id: meta.id,
      category: meta.category,
      severity: f.severity ?? meta.severity,
      message: f.message,
      field: formatFieldPath(f.path),
    };
    if (f.context !== undefined) result.context = f.context;
    return result;
  };
  return {
    ...meta,
    check: (shipment, ctx) => {
      try {
        return check(shipment, ctx).map(stamp);
      } catch (err) {
        // Fail closed: a rule that cannot evaluate this data must not let it pass silently.
        return [
          stamp({
            path: [],
            message:
              `Rule ${meta.id} could not be evaluated on this shipment data (${err instanceof Error ? err.name : "internal error"}). ` +
              `Expected data the rule can read. Check the data shape against the schema; report this if it persists.`,
          }),
        ];
      }
    },
  };
}

export const CATEGORIES = {
  schema: "Schema",
  required: "Required Fields",
  math: "Mathematical Consistency",
  hs: "HS Code",
  sanctions: "Sanctions",
  route: "Route and Transport",
  incoterms: "Incoterms",
  country: "Country-Specific",
  document: "Document-Specific",
  format: "Format",
  referenceData: "Reference Data",
} as const;
