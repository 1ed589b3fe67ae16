/**
 * The screening functions monitoring runs with: the lists' own entry reader and the same index and
 * scoring as full screening, built over the changed entries only.
 */
import type { Queryable } from "../../db/types.ts";
import type { SanctionsEntry } from "../index/sanctions-index.ts";
import { buildSanctionsIndex, screenName } from "../index/sanctions-index.ts";
import { readScreeningTable } from "../lists/read-screening-entries.ts";
import { toScreeningMatch } from "../lists/screening-match.ts";
import { SCREENING_TABLES, type ScreeningTable } from "../lists/screening-tables.ts";
import type { ScreeningMatch } from "../screening-types.ts";
import type { MonitorScreening } from "./run-monitor.ts";

async function readEntries(db: Queryable, refs: { list_table: string; entry_id: string }[]): Promise<SanctionsEntry[]> {
  const out: SanctionsEntry[] = [];
  for (const table of SCREENING_TABLES as readonly ScreeningTable[]) {
    const ids = new Set(refs.filter((r) => r.list_table === table).map((r) => r.entry_id));
    if (ids.size === 0) continue;
    for (const e of await readScreeningTable(db, table)) if (ids.has(e.uid)) out.push(e);
  }
  return out;
}

function screen(entries: unknown[], names: readonly string[]): Map<string, ScreeningMatch | null> {
  const index = buildSanctionsIndex(entries as SanctionsEntry[]);
  const out = new Map<string, ScreeningMatch | null>();
  for (const name of names) {
    if (out.has(name)) continue;
    const best = screenName(index, name);
    out.set(name, best ? (toScreeningMatch(best) as unknown as ScreeningMatch) : null);
  }
  return out;
}

export const defaultMonitorScreening: MonitorScreening = { readEntries, screen };
