/**
 * Inside the transaction that replaces a screening list: the content hash of every entry (entry_hash) and
 * one screening_entry_changes row per entry added, changed (hash differs) or removed. The first import
 * into an empty table records nothing (nothing was screened against it yet); a re-import that changes
 * nothing records nothing. Monitoring (../monitoring/) reads the rows.
 */
import type { Queryable } from "../../db/types.ts";
import { displayListOf, type ScreeningTable } from "./screening-tables.ts";

// The entry as imported, canonical: jsonb's text form orders object keys, so equal content hashes alike.
// Per table, as the tables' columns differ; a Record over ScreeningTable, so tsc fails until a new list is here.
const HASHED: Record<ScreeningTable, string> = {
  sanctions_ofac: "jsonb_build_array(list, uid, name, type, programs, title, remarks, aliases, addresses)",
  sanctions_un: "jsonb_build_array(list, uid, name, type, programs, aliases, countries, details, source)",
  sanctions_eu: "jsonb_build_array(list, uid, name, type, programs, aliases, countries, details, source)",
  sanctions_uk: "jsonb_build_array(list, uid, name, type, programs, aliases, countries, details, source)",
  sanctions_us_csl: "jsonb_build_array(list, uid, name, type, programs, aliases, countries, details, source)",
};

export interface EntryState {
  key: string;
  list: string;
  entry_id: string;
  entry_hash: string | null;
}

async function readStates(tx: Queryable, table: ScreeningTable): Promise<Map<string, EntryState>> {
  const rows = await tx.query<{
    list: string;
    uid: string;
    programs: string[] | null;
    details?: { remarks?: string } | null;
    entry_hash: string | null;
  }>(
    `select list, uid::text as uid, programs, ${table === "sanctions_ofac" ? "null::jsonb as details" : "details"}, entry_hash from ${table}`,
  );
  return new Map(
    rows.map((r) => {
      const key = `${r.list}\u0000${r.uid}`;
      return [key, { key, list: displayListOf(table, r), entry_id: r.uid, entry_hash: r.entry_hash }];
    }),
  );
}

/** Before the old rows are deleted: what the table held. */
export function snapshotEntries(tx: Queryable, table: ScreeningTable): Promise<Map<string, EntryState>> {
  return readStates(tx, table);
}

/** After the new rows are inserted: hash them and record what changed against the snapshot. Returns the number of changes. */
export async function recordEntryChanges(tx: Queryable, table: ScreeningTable, before: Map<string, EntryState>): Promise<number> {
  await tx.query(`update ${table} set entry_hash = encode(sha256(convert_to((${HASHED[table]})::text, 'UTF8')), 'hex')`);
  if (before.size === 0) return 0;
  const after = await readStates(tx, table);
  const changes: { list: string; entry_id: string; entry_hash: string | null; change: string }[] = [];
  for (const [key, now] of after) {
    const old = before.get(key);
    if (!old) changes.push({ ...now, change: "added" });
    else if (old.entry_hash !== now.entry_hash) changes.push({ ...now, change: "changed" });
  }
  for (const [key, old] of before) if (!after.has(key)) changes.push({ ...old, entry_hash: old.entry_hash, change: "removed" });
  for (let i = 0; i < changes.length; i += 5000) {
    await tx.query(
      `insert into screening_entry_changes (list_table, list, entry_id, entry_hash, change)
       select $1, list, entry_id, entry_hash, change
         from json_to_recordset($2::text::json) as x(list text, entry_id text, entry_hash text, change text)`,
      [
        table,
        JSON.stringify(
          changes.slice(i, i + 5000).map(({ list, entry_id, entry_hash, change }) => ({ list, entry_id, entry_hash, change })),
        ),
      ],
    );
  }
  return changes.length;
}
