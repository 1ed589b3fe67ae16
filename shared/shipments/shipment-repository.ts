import type { Queryable } from "../db/types.ts";
import { isUuid } from "../db/values.ts";
import {
  toGenerationHistoryRecord,
  toShipmentRecord,
  type GenerationHistoryRecord,
  type ShipmentRecord,
  type ShipmentStatus,
} from "./shipment-record.ts";

/** Every query takes the account id: one account never reads or changes another's shipments. */

export interface NewShipment {
  accountId: string;
  createdBy: string;
  shipmentRef: string | null;
  data: Record<string, unknown>;
  status: "created" | "draft";
  maxGenerations: number;
  countsTowardQuota: boolean;
}

export async function insertShipment(db: Queryable, s: NewShipment): Promise<ShipmentRecord> {
  const rows = await db.query(
    `insert into shipments (account_id, created_by, shipment_ref, shipment_data, status, max_generations, quota_counted_at)
     values ($1, $2, $3, $4::text::jsonb, $5, $6, case when $7::boolean then now() end) returning *`,
    [s.accountId, s.createdBy, s.shipmentRef, JSON.stringify(s.data), s.status, s.maxGenerations, s.countsTowardQuota],
  );
  return toShipmentRecord(rows[0]);
}

export async function findShipment(db: Queryable, accountId: string, id: string, forUpdate = false): Promise<ShipmentRecord | null> {
  if (!isUuid(id)) return null;
  const rows = await db.query(`select * from shipments where id = $1 and account_id = $2${forUpdate ? " for update" : ""}`, [
    id,
    accountId,
  ]);
  return rows[0] ? toShipmentRecord(rows[0]) : null;
}

export async function listGenerationHistory(db: Queryable, accountId: string, shipmentId: string): Promise<GenerationHistoryRecord[]> {
  const rows = await db.query(
    "select * from generation_history where shipment_id = $1 and account_id = $2 order by generation_number desc",
    [shipmentId, accountId],
  );
  return rows.map(toGenerationHistoryRecord);
}

export interface ShipmentListQuery {
  status?: ShipmentStatus;
  search?: string;
  limit: number;
  offset: number;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Newest `updated_at` first; `search` matches the reference and the exporter and importer names. */
export async function listShipments(
  db: Queryable,
  accountId: string,
  q: ShipmentListQuery,
): Promise<{ shipments: ShipmentRecord[]; total: number }> {
  const where = `account_id = $1
    and ($2::text is null or status = $2)
    and ($3::text is null
         or shipment_ref ilike $3
         or shipment_data #>> '{exporter,name}' ilike $3
         or shipment_data #>> '{importer,name}' ilike $3)`;
  const params = [accountId, q.status ?? null, q.search ? likePattern(q.search) : null];
  const rows = await db.query(
    `select *, count(*) over () as total_count from shipments where ${where}
     order by updated_at desc, id desc limit $4 offset $5`,
    [...params, q.limit, q.offset],
  );
  let total = rows.length > 0 ? Number(rows[0].total_count) : 0;
  if (rows.length === 0 && q.offset > 0) {
    const c = await db.query<{ n: number }>(`select count(*)::int as n from shipments where ${where}`, params);
    total = c[0].n;
  }
  return { shipments: rows.map(toShipmentRecord), total };
}

export async function countQuotaShipmentsSince(db: Queryable, accountId: string, since: Date): Promise<number> {
  const rows = await db.query<{ n: number }>("select count(*)::int as n from shipments where account_id = $1 and quota_counted_at >= $2", [
    accountId,
    since.toISOString(),
  ]);
  return rows[0].n;
}

/** save-draft update: replaces shipment_data whole; shipment_ref only when the caller sent the key. */
export async function replaceDraftData(
  db: Queryable,
  accountId: string,
  id: string,
  data: Record<string, unknown>,
  ref: { set: boolean; value: string | null },
): Promise<ShipmentRecord | null> {
  const rows = await db.query(
    `update shipments set shipment_data = $3::text::jsonb,
            shipment_ref = case when $4::boolean then $5 else shipment_ref end,
            updated_at = now()
      where id = $1 and account_id = $2 and status = 'draft' returning *`,
    [id, accountId, JSON.stringify(data), ref.set, ref.value],
  );
  return rows[0] ? toShipmentRecord(rows[0]) : null;
}

/**
 * The revise step (PUT): new data replaces the old. A draft stays a draft. Any other shipment whose data
 * really changed goes back to `created` and loses current_validation_hash, because that hash no longer
 * describes its data; current_validation_record_id keeps pointing at the latest run. Unchanged data
 * leaves status and validation fields alone. Generation count and history are never touched.
 */
export async function reviseShipmentData(
  db: Queryable,
  accountId: string,
  id: string,
  data: Record<string, unknown>,
  ref: { set: boolean; value: string | null },
): Promise<ShipmentRecord | null> {
  if (!isUuid(id)) return null;
  const rows = await db.query(
    `update shipments set
        status = case when status = 'draft' or shipment_data = $3::text::jsonb then status else 'created' end,
        current_validation_hash = case when status = 'draft' or shipment_data = $3::text::jsonb then current_validation_hash end,
        shipment_data = $3::text::jsonb,
        shipment_ref = case when $4::boolean then $5 else shipment_ref end,
        updated_at = now()
      where id = $1 and account_id = $2 returning *`,
    [id, accountId, JSON.stringify(data), ref.set, ref.value],
  );
  return rows[0] ? toShipmentRecord(rows[0]) : null;
}

export async function promoteDraft(db: Queryable, accountId: string, id: string, maxGenerations: number): Promise<ShipmentRecord | null> {
  const rows = await db.query(
    `update shipments set status = 'created', max_generations = $3, quota_counted_at = now(), updated_at = now()
      where id = $1 and account_id = $2 and status = 'draft' returning *`,
    [id, accountId, maxGenerations],
  );
  return rows[0] ? toShipmentRecord(rows[0]) : null;
}
