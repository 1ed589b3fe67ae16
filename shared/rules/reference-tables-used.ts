/**
 * Which reference tables a validation used: a table counts when a rule of the gate that reads it (the
 * rule's own `reads`, rule-table.ts) ran and the shipment gave that rule something to look up. The
 * answer's reference_data and the staleness rule cover exactly these tables.
 */
import { REFRESHABLE_TABLES, type RefreshableTable } from "../runtime/config/reference-sources.ts";
import { SCREENING_LIST_NAMES } from "../runtime/config/screening-settings.ts";
import type { ReferenceAsk } from "./reference-ask.ts";
import type { HsSchedule } from "./reference-facts.ts";
import { RULES } from "./rule-table.ts";

const HS_SCHEDULE_OF: Partial<Record<RefreshableTable, HsSchedule>> = {
  hs_codes_us: "us",
  hs_codes_eu: "eu",
  hs_codes_uk: "uk",
  hs_codes_in: "in",
  hs_codes_wco: "wco",
};

/**
 * What the shipment must give a table's readers to look up, and where the table is reported: the whole-table
 * lists (countries, currencies: always), then the parties' screening lists, the ports, the tariff schedules.
 */
function lookupOf(table: RefreshableTable): { rank: number; asked: (ask: ReferenceAsk) => boolean } {
  if (isScreeningTable(table)) return { rank: 1, asked: (ask) => ask.partyNames.length > 0 };
  if (table === "port_codes") return { rank: 2, asked: (ask) => ask.ports.length > 0 };
  const schedule = HS_SCHEDULE_OF[table];
  if (schedule) return { rank: 3, asked: (ask) => ask.hsCodes[schedule].length > 0 };
  return { rank: 0, asked: () => true };
}

export function referenceTablesUsed(ask: ReferenceAsk, gateRuleIds: readonly string[]): RefreshableTable[] {
  const inGate = new Set(gateRuleIds);
  const read = new Set(RULES.filter((r) => inGate.has(r.id)).flatMap((r) => r.reads ?? []));
  // A stable sort: within a rank, the registry's order.
  return REFRESHABLE_TABLES.filter((t) => read.has(t) && lookupOf(t).asked(ask)).sort((a, b) => lookupOf(a).rank - lookupOf(b).rank);
}

const SCREENING = new Set<string>(Object.values(SCREENING_LIST_NAMES));
function isScreeningTable(table: string): boolean {
  return SCREENING.has(table);
}
