/**
 * Which checks of a validation did not run because their reference table was empty or still loading:
 * the findings a rule marks with context.not_checked (shared/rules/checks/helpers.ts notLoaded, the
 * sanctions rules' "could not be screened"). The validation record and the validation hash carry this
 * list, so a stored or printed "checked" never claims more than was checked.
 */
import type { RuleResult } from "./rule-types.ts";

export interface ChecksNotRun {
  table: string;
  /** Sorted rule ids whose lookups in this table did not run. */
  rule_ids: string[];
}

/** Sorted by table; empty when every check ran. Pure. */
export function checksNotRun(results: readonly RuleResult[]): ChecksNotRun[] {
  const byTable = new Map<string, Set<string>>();
  for (const r of results) {
    const ctx = r.context;
    if (ctx?.not_checked !== true || typeof ctx.table !== "string") continue;
    // A finding may name several tables (the sanctions rules: every bound list that is empty).
    const tables = Array.isArray(ctx.tables) ? ctx.tables.filter((t): t is string => typeof t === "string") : [ctx.table];
    for (const table of tables) {
      let ids = byTable.get(table);
      if (!ids) byTable.set(table, (ids = new Set()));
      ids.add(r.rule_id);
    }
  }
  return [...byTable.keys()].sort().map((table) => ({ table, rule_ids: [...byTable.get(table)!].sort() }));
}
