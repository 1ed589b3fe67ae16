import type { z } from "zod";
import type { Finding, FindingCheck } from "../rule-types.ts";
import { describeType, isRecord } from "../../shipments/shipment-access.ts";
import { TradeShipmentSchema } from "../../shipments/trade-shipment-schema.ts";
import { fieldText, found } from "./helpers.ts";

type Issue = z.core.$ZodIssue;

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur = root;
  for (const key of path) {
    if (Array.isArray(cur) && typeof key === "number") cur = cur[key];
    else if (isRecord(cur) && typeof key === "string" && Object.hasOwn(cur, key)) cur = cur[key];
    else return undefined;
  }
  return cur;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** The type names an issue expects ("string", "number or string"). */
function expectedTypes(issue: Issue): string[] {
  if (issue.code === "invalid_type") return [String(issue.expected)];
  if (issue.code === "invalid_union") {
    const names = new Set<string>();
    for (const branch of issue.errors) for (const inner of branch) for (const n of expectedTypes(inner)) names.add(n);
    return [...names];
  }
  return [];
}

/**
 * Stage 1: TradeShipmentSchema (every known path optional and nullable, unknown keys kept). Each zod issue
 * becomes one finding at its path; a thrown parser (never expected) becomes one finding at the root.
 */
export const schemaType: FindingCheck = (shipment) => {
  let issues: Issue[];
  try {
    const parsed = TradeShipmentSchema.safeParse(shipment);
    if (parsed.success) return [];
    issues = parsed.error.issues;
  } catch {
    return [{ path: [], message: "Shipment data could not be read. Expected a JSON object. Send the shipment data as a JSON object." }];
  }
  return issues.map((issue): Finding => {
    const value = valueAt(shipment, issue.path);
    const types = expectedTypes(issue);
    const where = issue.path.length === 0 ? "Shipment data" : fieldText(issue.path);
    if (types.length === 0) {
      return { path: issue.path, message: `${where}: ${issue.message}. Correct the value.` };
    }
    const expected = types.map(article).join(" or ");
    const fix =
      issue.path.length === 0
        ? "Send the shipment data as a JSON object with exporter, importer, route, goods and packaging."
        : `Send ${expected} (or null / leave it out when unknown).`;
    return {
      path: issue.path,
      message: `${where} ${found(value)}. Expected ${expected}. ${fix}`,
      context: { expected: types.join(" | "), received: describeType(value).replace(/^an? /, "") },
    };
  });
};
