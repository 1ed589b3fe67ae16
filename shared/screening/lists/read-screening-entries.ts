/**
 * Every entry of the loaded screening lists, as the index is built from them. The CSL's Treasury rows
 * repeat OFAC's entries; while the OFAC table holds data they are left out, so a party OFAC lists gets one
 * listing from OFAC's own files (with their aliases and addresses), not a second one from the CSL.
 */
import type { Queryable } from "../../db/types.ts";
import type { SanctionsEntry } from "../index/sanctions-index.ts";
import { displayListOf, SCREENING_TABLES, type ScreeningTable } from "./screening-tables.ts";

interface EntryRow {
  list: string;
  uid: string;
  name: string;
  type: string;
  programs: string[] | null;
  aliases: { name: string; type: string }[] | null;
  countries: string[] | null;
  details: { remarks?: string; ids?: { number?: string; type?: string }[]; given_names_first?: boolean } | null;
  entry_hash: string | null;
}

// Per table, as the tables' columns differ; a Record over ScreeningTable, so tsc fails until a new list's SELECT is here.
const SELECT: Record<ScreeningTable, string> = {
  sanctions_ofac: `select list, uid::text as uid, name, type, programs, aliases,
                          coalesce((select array_agg(distinct a->>'country') from jsonb_array_elements(addresses) a where a->>'country' is not null), '{}') as countries,
                          null::jsonb as details, entry_hash
                     from sanctions_ofac`,
  sanctions_un: "select list, uid, name, type, programs, aliases, countries, details, entry_hash from sanctions_un",
  sanctions_eu: "select list, uid, name, type, programs, aliases, countries, details, entry_hash from sanctions_eu",
  sanctions_uk: "select list, uid, name, type, programs, aliases, countries, details, entry_hash from sanctions_uk",
  sanctions_us_csl: `select list, uid, name, type, programs, aliases, countries, details, entry_hash from sanctions_us_csl
                      where source is null or not exists (select 1 from sanctions_ofac)`,
};

/** The entries of one table (or of every screening table), in a fixed order. */
export async function readScreeningTable(db: Queryable, table: ScreeningTable): Promise<SanctionsEntry[]> {
  const rows = await db.query<EntryRow>(`${SELECT[table]} order by list, uid`);
  return rows.map((r) => ({
    uid: r.uid,
    name: r.name,
    type: r.type,
    programs: r.programs ?? [],
    list: displayListOf(table, r),
    aliases: (r.aliases ?? []).map((a) => ({ name: a.name, type: a.type })),
    ...(r.countries && r.countries.length > 0 ? { countries: r.countries } : {}),
    ...idsOf(r.details),
    ...(r.entry_hash ? { hash: r.entry_hash } : {}),
    ...(r.details?.given_names_first === true ? { givenNamesFirst: true } : {}),
  }));
}

/**
 * The identifier numbers an entry states that a party's tax ids can be compared with (details.ids, as the
 * UN, EU, UK and CSL importers store them): registration, tax, company and other numbers. A person's
 * documents (passport, national identity number or card, driving licence) are left out: a trading party's
 * tax id is never one, so their differing would say nothing. The CSL writes each id as
 * "country, [issued, expires,] number, kind" ("QA, 28940000602, National ID No."): the number is the part
 * before the kind. Its "Male, Gender" and sanctions remarks hold no digit: no id.
 */
const PERSONAL_DOCUMENT = /passport|pasaporte|passeport|national id|identification (card|number)|identity|id card|cedula|driv/i;

export function statedIdentifiers(details: { ids?: { number?: unknown; type?: unknown }[] } | null | undefined): string[] {
  const numbers = (details?.ids ?? []).map((i) => {
    const text = typeof i?.number === "string" ? i.number.trim() : "";
    const parts = text.split(/\s*,\s*/);
    const kind = parts.length > 1 ? parts[parts.length - 1] : typeof i?.type === "string" ? i.type : "";
    if (PERSONAL_DOCUMENT.test(kind.replace(/\s+/g, " "))) return "";
    return parts.length > 1 ? parts[parts.length - 2] : text;
  });
  return [...new Set(numbers.filter((n) => /\d/.test(n)))];
}

function idsOf(details: EntryRow["details"]): { ids?: string[] } {
  const ids = statedIdentifiers(details);
  return ids.length > 0 ? { ids } : {};
}

export async function readAllScreeningEntries(db: Queryable): Promise<SanctionsEntry[]> {
  const out: SanctionsEntry[] = [];
  for (const table of SCREENING_TABLES) for (const e of await readScreeningTable(db, table)) out.push(e);
  return out;
}

/** The import state of every screening table: changes whenever any of them is re-imported or emptied. */
export async function screeningSourceSignature(db: Queryable): Promise<string> {
  const parts = SCREENING_TABLES.map(
    (t) =>
      `coalesce((select imported_at::text || '#' || row_count from reference_imports where table_name = '${t}'), 'none') || '|' || (select count(*) from ${t})::text`,
  );
  const rows = await db.query<{ s: string }>(`select ${parts.join(" || ';' || ")} as s`);
  return rows[0]?.s ?? "none";
}
