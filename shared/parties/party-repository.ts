/**
 * SQL of party profiles. Every function takes the account id and every query is scoped to it: another
 * account's party answers exactly like a party that does not exist.
 */
import type { Queryable } from "../db/types.ts";
import { toIso } from "../db/values.ts";
import type { PartyRecord } from "./party-schemas.ts";

export interface PartyFields {
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string;
  tax_ids: Record<string, string>;
  contact_email: string | null;
  contact_phone: string | null;
}

const PARTY_ID = /^party_[0-9a-f]{32}$/;

/** Ids are opaque: anything not shaped like one simply matches nothing. */
export function isPartyId(id: string): boolean {
  return PARTY_ID.test(id);
}

function text(v: unknown): string | null {
  return v === null || v === undefined ? null : String(v);
}

function taxIdsOf(v: unknown): Record<string, string> {
  const o = typeof v === "string" ? JSON.parse(v) : v;
  return o && typeof o === "object" ? Object.fromEntries(Object.entries(o as Record<string, unknown>).map(([k, x]) => [k, String(x)])) : {};
}

export function toPartyRecord(r: Record<string, unknown>): PartyRecord {
  return {
    id: String(r.id),
    name: String(r.name),
    address: text(r.address),
    city: text(r.city),
    state: text(r.state),
    postal_code: text(r.postal_code),
    country: String(r.country),
    tax_ids: taxIdsOf(r.tax_ids),
    contact_email: text(r.contact_email),
    contact_phone: text(r.contact_phone),
    created_at: toIso(r.created_at)!,
    updated_at: toIso(r.updated_at)!,
  };
}

const COLUMNS = "id, name, address, city, state, postal_code, country, tax_ids, contact_email, contact_phone, created_at, updated_at";

/** The party's fields in the column order of insert and update (name, name_search, address … contact_phone). */
function fieldValues(p: PartyFields, nameSearch: string): unknown[] {
  return [
    p.name,
    nameSearch,
    p.address,
    p.city,
    p.state,
    p.postal_code,
    p.country,
    JSON.stringify(p.tax_ids),
    p.contact_email,
    p.contact_phone,
  ];
}

export async function insertParty(db: Queryable, accountId: string, p: PartyFields, nameSearch: string): Promise<PartyRecord> {
  const rows = await db.query(
    `insert into parties (account_id, name, name_search, address, city, state, postal_code, country, tax_ids, contact_email, contact_phone)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::text::jsonb, $10, $11) returning ${COLUMNS}`,
    [accountId, ...fieldValues(p, nameSearch)],
  );
  return toPartyRecord(rows[0]);
}

export async function findParty(db: Queryable, accountId: string, id: string, forUpdate = false): Promise<PartyRecord | null> {
  if (!isPartyId(id)) return null;
  const rows = await db.query(`select ${COLUMNS} from parties where id = $1 and account_id = $2${forUpdate ? " for update" : ""}`, [
    id,
    accountId,
  ]);
  return rows[0] ? toPartyRecord(rows[0]) : null;
}

/** Replaces every field of a party (the service merged the patch); updated_at moves on. */
export async function updateParty(
  db: Queryable,
  accountId: string,
  id: string,
  p: PartyFields,
  nameSearch: string,
): Promise<PartyRecord | null> {
  if (!isPartyId(id)) return null;
  const rows = await db.query(
    `update parties set name = $3, name_search = $4, address = $5, city = $6, state = $7, postal_code = $8, country = $9,
            tax_ids = $10::text::jsonb, contact_email = $11, contact_phone = $12, updated_at = now()
      where id = $1 and account_id = $2 returning ${COLUMNS}`,
    [id, accountId, ...fieldValues(p, nameSearch)],
  );
  return rows[0] ? toPartyRecord(rows[0]) : null;
}

export async function deleteParty(db: Queryable, accountId: string, id: string): Promise<boolean> {
  if (!isPartyId(id)) return false;
  const rows = await db.query("delete from parties where id = $1 and account_id = $2 returning id", [id, accountId]);
  return rows.length > 0;
}

export interface PartyListQuery {
  /** Folded search words; a party matches when its folded name contains every one. */
  words: string[];
  country?: string;
  limit: number;
  offset: number;
}

/**
 * Parties by name: names starting with the first search word first, then alphabetical (folded name),
 * then id. `words` hold only [a-z0-9] (see foldPartyName), so they go to strpos as they are.
 */
export async function listParties(db: Queryable, accountId: string, q: PartyListQuery): Promise<{ parties: PartyRecord[]; total: number }> {
  const where = `account_id = $1
    and ($2::text is null or country = $2)
    and not exists (select 1 from jsonb_array_elements_text($3::text::jsonb) w where strpos(name_search, w) = 0)`;
  const params = [accountId, q.country ?? null, JSON.stringify(q.words)];
  const rows = await db.query(
    `select ${COLUMNS}, count(*) over () as total_count from parties where ${where}
      order by (case when $4::text is not null and starts_with(name_search, $4::text) then 0 else 1 end), name_search, id
      limit $5 offset $6`,
    [...params, q.words[0] ?? null, q.limit, q.offset],
  );
  let total = rows.length > 0 ? Number(rows[0].total_count) : 0;
  if (rows.length === 0 && q.offset > 0) {
    const c = await db.query<{ n: number }>(`select count(*)::int as n from parties where ${where}`, params);
    total = c[0].n;
  }
  return { parties: rows.map(toPartyRecord), total };
}
