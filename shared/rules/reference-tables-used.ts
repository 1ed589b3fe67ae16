/**
 * Which reference tables a validation used: a table counts when a rule of the gate that reads it (the
 * rule's own `reads`, rule-table.ts) ran and the shipment gave that rule something to look up. The
 * answer's reference_data and the staleness rule cover exactly these tables.
 */
import { groupOf, REFRESHABLE_TABLES, type RefreshableTable } from "../runtime/config/reference-sources.ts";
import type { ReferenceAsk } from "./reference-ask.ts";
import type { HsSchedule } from "./reference-facts.ts";
import { RULES } from "./rule-table.ts";

/**
 * What the shipment must give a table's readers to look up, and where the table is reported, by the table's
 * group (its descriptor's): the whole-table lists (countries, currencies: always), then the parties' screening
 * lists, the ports, the HS schedules.
 */
function lookupOf(table: RefreshableTable): { rank: number; asked: (ask: ReferenceAsk) => boolean } {
  const group = groupOf(table);
  switch (group.kind) {
    case "screening":
      return { rank: 1, asked: (ask) => ask.partyNames.length > 0 };
    case "ports":
      return { rank: 2, asked: (ask) => ask.ports.length > 0 };
    case "hs": {
      const schedule = group.schedule as HsSchedule;
      return { rank: 3, asked: (ask) => ask.hsCodes[schedule].length > 0 };
    }
    case "other":
      return { rank: 0, asked: () => true };
  }
}

export function referenceTablesUsed(ask: ReferenceAsk, gateRuleIds: readonly string[]): RefreshableTable[] {
  const inGate = new Set(gateRuleIds);
  const read = new Set(RULES.filter((r) => inGate.has(r.id)).flatMap((r) => r.reads ?? []));
  // A stable sort: within a rank, the registry's order.
  return REFRESHABLE_TABLES.filter((t) => read.has(t) && lookupOf(t).asked(ask)).sort((a, b) => lookupOf(a).rank - lookupOf(b).rank);
}
