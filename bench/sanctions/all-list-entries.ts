/**
 * BENCH-ONLY: every screening list of ../shared/data as the service indexes them after
 * `npm run reference:import -- --dir ../shared/data`: OFAC (tests/support/ofac-entries.ts) plus the UN, EU,
 * UK and CSL files the folder import picks (findReferenceFiles: the newest by the date in the name), parsed
 * by the importers' own parsers and turned into SanctionsEntry as read-screening-entries.ts turns the table
 * rows (display list per table; the CSL's Treasury rows left out, since the OFAC files are loaded).
 */
import { readFile } from "node:fs/promises";
import { decodeReferenceBytes, findReferenceFiles } from "../../shared/reference/import-reference-dir.ts";
import type { ScreeningListRow } from "../../shared/reference/importers/screening-list-row.ts";
import { SCREENING_LIST_SOURCES, type ScreeningListTable } from "../../shared/reference/screening-list-sources.ts";
import type { SanctionsEntry } from "../../shared/screening/index/sanctions-index.ts";
import { displayListOf } from "../../shared/screening/lists/screening-tables.ts";
import { loadOfacEntries } from "../../tests/support/ofac-entries.ts";
import { SHARED_DATA } from "../../tests/support/shared-data.ts";

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
  const found = await findReferenceFiles(SHARED_DATA);
  const lists: ListLoad[] = [];
  for (const table of NEW_LIST_TABLES) {
    const file = found[table]?.files[0];
    if (!file) throw new Error(`no ${table} file in ${SHARED_DATA}sanctions`);
    const { text } = await decodeReferenceBytes(new Uint8Array(await readFile(`${SHARED_DATA}${file}`)));
    const rows = SCREENING_LIST_SOURCES[table].parse(text).rows as unknown as ScreeningListRow[];
    // read-screening-entries.ts: the CSL's Treasury rows (source set) are not read while OFAC holds data.
    const kept = table === "sanctions_us_csl" ? rows.filter((r) => r.source === null) : rows;
    lists.push({ table, file, entries: kept.map((r) => toEntry(table, r)) });
  }
  return { ofac, lists, all: [...ofac, ...lists.flatMap((l) => l.entries)] };
}
