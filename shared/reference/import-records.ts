/** What is loaded in each reference table, from reference_imports (the importer's own record). */
import type { Queryable } from "../db/types.ts";
import { toIso } from "../db/values.ts";
import { REFERENCE_TABLES, type ReferenceTable } from "./load-reference-table.ts";

export interface TableImportRecord {
  table: ReferenceTable;
  source: string | null;
  vintage: string | null;
  row_count: number;
  imported_at: string | null;
}

/** Every reference table, imported or not (never imported: row_count 0 and nulls). */
export async function readImportRecords(db: Queryable): Promise<TableImportRecord[]> {
  const rows = await db.query<{ table_name: string; source: string; vintage: string | null; row_count: number; imported_at: unknown }>(
    "select table_name, source, vintage, row_count, imported_at from reference_imports",
  );
  const byTable = new Map(rows.map((r) => [r.table_name, r]));
  return REFERENCE_TABLES.map((table) => {
    const r = byTable.get(table);
    return {
      table,
      source: r?.source ?? null,
      vintage: r?.vintage ?? null,
      row_count: r ? Number(r.row_count) : 0,
      imported_at: r ? toIso(r.imported_at) : null,
    };
  });
}

/** Reference tables that hold no rows (checked on the tables themselves, not on reference_imports). */
export async function emptyReferenceTables(db: Queryable): Promise<ReferenceTable[]> {
  const probes = REFERENCE_TABLES.map((t) => `(select not exists (select 1 from ${t})) as ${t}`).join(", ");
  const [row] = await db.query<Record<ReferenceTable, boolean>>(`select ${probes}`);
  return REFERENCE_TABLES.filter((t) => row[t]);
}
