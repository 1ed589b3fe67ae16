import type { Queryable, Row } from "../db/types.ts";
import { toIso } from "../db/values.ts";
import type { RuleResult } from "../rules/rule-types.ts";
import type { ValidationLayer } from "../rules/run-validation.ts";
import type { TableVintage } from "../reference/refresh/reference-vintage.ts";
import { randomUUID } from "node:crypto";
import { keyIsActive } from "../accounts/key-recheck.ts";

export interface ValidationRecord {
  id: string;
  run_id: string;
  shipment_id: string | null;
  gate_slug: string;
  rule_library_version: string;
  document_types: string[];
  passed: boolean;
  score: number;
  validation_hash: string;
  results: RuleResult[];
  layers: ValidationLayer[];
  route: { origin_country: string | null; destination_country: string | null } | null;
  /** Vintage of each reference table used (publisher's version and date, import time); null for records made before it was kept. */
  reference_data: TableVintage[] | null;
  created_at: string;
}

export interface NewValidationRecord {
  accountId: string;
  shipmentId: string | null;
  gateSlug: string;
  ruleLibraryVersion: string;
  documentTypes: string[];
  passed: boolean;
  score: number;
  validationHash: string;
  results: RuleResult[];
  layers: ValidationLayer[];
  route: ValidationRecord["route"];
  referenceData?: TableVintage[];
  /**
   * The API key (of accountId) to re-check in the insert itself: for a caller answered from memory
   * (KeyPrincipal.fromMemory), so that a key revoked by any instance stores nothing.
   */
  recheckKeyId?: string;
}

function toRecord(r: Row): ValidationRecord {
  return {
    id: r.id as string,
    run_id: r.run_id as string,
    shipment_id: (r.shipment_id as string | null) ?? null,
    gate_slug: r.gate_slug as string,
    rule_library_version: r.rule_library_version as string,
    document_types: r.document_types as string[],
    passed: r.passed as boolean,
    score: Number(r.score),
    validation_hash: r.validation_hash as string,
    results: r.results as RuleResult[],
    layers: r.layers as ValidationLayer[],
    route: (r.route as ValidationRecord["route"]) ?? null,
    reference_data: (r.reference_data as TableVintage[] | null | undefined) ?? null,
    created_at: toIso(r.created_at)!,
  };
}

/** The record's own columns, as the caller gave them (what the stored record and the insert share). */
function recordColumns(v: NewValidationRecord) {
  return {
    shipment_id: v.shipmentId,
    gate_slug: v.gateSlug,
    rule_library_version: v.ruleLibraryVersion,
    document_types: v.documentTypes,
    passed: v.passed,
    score: v.score,
    validation_hash: v.validationHash,
    results: v.results,
    layers: v.layers,
    route: v.route,
    reference_data: v.referenceData ?? null,
  };
}

function storedRecord(v: NewValidationRecord, id: string, runId: string, createdAt: unknown): ValidationRecord {
  return { id, run_id: runId, ...recordColumns(v), created_at: toIso(createdAt)! };
}

/**
 * Stores the record and returns it; null when `recheckKeyId` is no longer an active key (nothing is
 * stored). Only what the database adds (ids, time) is read back: the results and layers are the caller's
 * own objects, not re-parsed from jsonb (a 500-line record's results are tens of KB).
 */
export async function insertValidationRecord(db: Queryable, v: NewValidationRecord, id = randomUUID()): Promise<ValidationRecord | null> {
  const [stored] = await insertValidationRecords(db, [{ id, record: v }]);
  return stored;
}

/**
 * Stores records in one statement (one round trip, one commit: validation-record-writer.ts gathers them),
 * each under the id given with it; per record, in order, the stored record, or null when its key's
 * re-check failed. Ids are the caller's, so the statement is idempotent. The records travel as one JSON array: a fixed statement text whatever their number, so
 * it stays prepared; the key's re-check is part of the same statement (insert … select … where). Any
 * error fails the whole statement, and nothing of it is stored.
 */
export async function insertValidationRecords(
  db: Queryable,
  records: readonly { id: string; record: NewValidationRecord }[],
): Promise<(ValidationRecord | null)[]> {
  const rows = records.map(({ id, record: v }) => ({
    id,
    account_id: v.accountId,
    ...recordColumns(v),
    recheck_key: v.recheckKeyId ?? null,
  }));
  const stored = await db.query<{ id: string; run_id: string; created_at: unknown }>(
    `insert into validation_records
       (id, account_id, shipment_id, gate_slug, rule_library_version, document_types, passed, score, validation_hash, results, layers, route, reference_data)
     select r.id, r.account_id, r.shipment_id, r.gate_slug, r.rule_library_version, r.document_types, r.passed, r.score,
            r.validation_hash, r.results, r.layers, nullif(r.route, 'null'::jsonb), nullif(r.reference_data, 'null'::jsonb)
       from jsonb_to_recordset($1::text::jsonb) as r(
              id uuid, account_id uuid, shipment_id uuid, gate_slug text, rule_library_version text, document_types jsonb,
              passed boolean, score int, validation_hash text, results jsonb, layers jsonb, route jsonb, reference_data jsonb,
              recheck_key uuid)
      where r.recheck_key is null or ${keyIsActive("r.recheck_key", "r.account_id")}
     on conflict (id) do update set id = excluded.id
     returning id, run_id, created_at`,
    [JSON.stringify(rows)],
    // Idempotent: sent again after a lost connection (shared/db/connection-loss.ts), a record the first
    // attempt stored answers as itself (the no-op update returns it) instead of being written twice.
    { prepared: true, idempotent: true },
  );
  const byId = new Map(stored.map((r) => [r.id, r]));
  return records.map(({ id, record }) => {
    const r = byId.get(id);
    return r ? storedRecord(record, r.id, r.run_id, r.created_at) : null;
  });
}

/**
 * Public lookup for verify-hash: the first passing record with this hash, across accounts (the hash
 * reveals nothing but what its holder already has). Failed runs are never "verified".
 */
export async function findPassingRecordByHash(db: Queryable, hash: string): Promise<ValidationRecord | null> {
  const rows = await db.query("select * from validation_records where validation_hash = $1 and passed order by created_at, id limit 1", [
    hash,
  ]);
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function findValidationRecord(db: Queryable, accountId: string, id: string): Promise<ValidationRecord | null> {
  const rows = await db.query("select * from validation_records where id = $1 and account_id = $2", [id, accountId]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** The spec's status table: pass → validated with the hash; fail → validation_failed, hash untouched. */
export async function applyValidationToShipment(
  db: Queryable,
  accountId: string,
  shipmentId: string,
  record: ValidationRecord,
): Promise<void> {
  await db.query(
    `update shipments set
        status = case when $3::boolean then 'validated' else 'validation_failed' end,
        current_validation_record_id = $4,
        current_validation_hash = case when $3::boolean then $5 else current_validation_hash end,
        updated_at = now()
      where id = $1 and account_id = $2`,
    [shipmentId, accountId, record.passed, record.id, record.validation_hash],
  );
}
