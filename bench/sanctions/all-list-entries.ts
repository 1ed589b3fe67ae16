/**
 * BENCH-ONLY: every screening list of ../shared/data as the service indexes them after
 * `npm run reference:import -- --dir ../shared/data`: OFAC (tests/support/ofac-entries.ts) plus the UN, EU,
 * UK and CSL files the folder import picks (each descriptor's finder: the newest by the date in the name), parsed
 * by the descriptors' own parsers and turned into SanctionsEntry as read-screening-entries.ts turns the table
 * rows (display list per table; the CSL's Treasury rows left out, since the OFAC files are loaded).
 */
import type { ScreeningListRow } from "../../shared/reference/importers/screening-list-row.ts";
import { listFiles } from "../../shared/reference/sources/folder-files.ts";
import { referenceSource } from "../../shared/reference/sources/registry.ts";
import type { SanctionsEntry } from "../../shared/screening/index/sanctions-index.ts";
import { displayListOf } from "../../shared/screening/lists/screening-tables.ts";
import { loadOfacEntries } from "../../tests/support/ofac-entries.ts";
import { SHARED_DATA } from "../../tests/support/shared-data.ts";

type ScreeningListTable = "sanctions_un" | "sanctions_eu" | "sanctions_uk" | "sanctions_us_csl";

export const NEW_LIST_TABLES: readonly ScreeningListTable[] = ["sanctions_un", "sanctions_eu", "sanctions_uk", "sanctions_us_csl"];

export interface ListLoad {
  table: ScreeningListTable;
  file: string;
  entries: SanctionsEntry[];
}

export interface AllListEntries {
  ofac: SanctionsEntry[];
  lists: ListLoad[];
  /** OFAC first, then the four lists: the input of buildSanctionsIndex the service uses. */
  all: SanctionsEntry[];
}

function toEntry(table: ScreeningListTable, r: ScreeningListRow): SanctionsEntry {
  return {
    uid: r.uid,
    name: r.name,
    type: r.type,
    programs: r.programs,
    list: displayListOf(table, r),
    aliases: r.aliases.map((a) => ({ name: a.name, type: a.type })),
    ...(r.countries.length > 0 ? { countries: r.countries } : {}),
    ...(r.details.given_names_first === true ? { givenNamesFirst: true } : {}),
  };
}

export async function loadAllListEntries(): Promise<AllListEntries> {
  const ofac = loadOfacEntries().entries;
  const files = await listFiles(SHARED_DATA);
  const lists: ListLoad[] = [];
  for (const table of NEW_LIST_TABLES) {
    const plan = referenceSource(table).find(files);
    if (!plan) throw new Error(`no ${table} file in ${SHARED_DATA}sanctions`);
    const file = plan.files[0].rel;
    const rows = (await plan.parse()).rows as unknown as ScreeningListRow[];
    // read-screening-entries.ts: the CSL's Treasury rows (source set) are not read while OFAC holds data.
    const kept = table === "sanctions_us_csl" ? rows.filter((r) => r.source === null) : rows;
    lists.push({ table, file, entries: kept.map((r) => toEntry(table, r)) });
  }
  return { ofac, lists, all: [...ofac, ...lists.flatMap((l) => l.entries)] };
}
