import type { Queryable, Row } from "../db/types.ts";
import { isUuid, toIso } from "../db/values.ts";

export interface GenerationJobInput {
  shipment: Record<string, unknown>;
  finalDoc: boolean;
  generationNumber: number;
  shipmentRef: string | null;
  generatedAt: string;
}

export interface GenerationJob {
  id: string;
  account_id: string;
  shipment_id: string | null;
  generation_history_id: string | null;
  document_type: string;
  status: "queued" | "processing" | "completed" | "failed";
  provider_job_id: string;
  validation_hash: string;
  input: GenerationJobInput;
  attempts: number;
  blob_key: string | null;
  flattened_blob_key: string | null;
  error_message: string | null;
  created_at: string;
  completed_at: string | null;
}

export function toGenerationJob(r: Row): GenerationJob {
  return {
    id: r.id as string,
    account_id: r.account_id as string,
    shipment_id: (r.shipment_id as string | null) ?? null,
    generation_history_id: (r.generation_history_id as string | null) ?? null,
    document_type: r.document_type as string,
    status: r.status as GenerationJob["status"],
    provider_job_id: r.provider_job_id as string,
    validation_hash: r.validation_hash as string,
    input: r.input as GenerationJobInput,
    attempts: Number(r.attempts),
    blob_key: (r.blob_key as string | null) ?? null,
    flattened_blob_key: (r.flattened_blob_key as string | null) ?? null,
    error_message: (r.error_message as string | null) ?? null,
    created_at: toIso(r.created_at)!,
    completed_at: toIso(r.completed_at),
  };
}

export async function insertGenerationJob(
  db: Queryable,
  j: {
    accountId: string;
    shipmentId: string | null;
    historyId: string | null;
    documentType: string;
    validationHash: string;
    input: GenerationJobInput;
  },
): Promise<GenerationJob> {
  const rows = await db.query(
    `insert into generation_jobs (account_id, shipment_id, generation_history_id, document_type, provider_job_id, validation_hash, input)
     values ($1, $2, $3, $4, 'render_' || replace(gen_random_uuid()::text, '-', ''), $5, $6::text::jsonb) returning *`,
    [j.accountId, j.shipmentId, j.historyId, j.documentType, j.validationHash, JSON.stringify(j.input)],
  );
  return toGenerationJob(rows[0]);
}

/** The jobs of a shipment (every generation), oldest first within a generation. */
export async function listShipmentJobs(db: Queryable, accountId: string, shipmentId: string): Promise<GenerationJob[]> {
  const rows = await db.query(
    "select * from generation_jobs where shipment_id = $1 and account_id = $2 order by created_at, document_type",
    [shipmentId, accountId],
  );
  return rows.map(toGenerationJob);
}

/** The shipment data of a shipment's latest generation (what the next one is compared with), if any. */
export async function latestGenerationSnapshot(
  db: Queryable,
  accountId: string,
  shipmentId: string,
): Promise<Record<string, unknown> | undefined> {
  const rows = await db.query<{ shipment_data_snapshot: Record<string, unknown> }>(
    "select shipment_data_snapshot from generation_history where shipment_id = $1 and account_id = $2 order by generation_number desc limit 1",
    [shipmentId, accountId],
  );
  return rows[0]?.shipment_data_snapshot;
}

export async function findGenerationJob(db: Queryable, accountId: string | null, id: string): Promise<GenerationJob | null> {
  if (!isUuid(id)) return null;
  const rows =
    accountId === null
      ? await db.query("select * from generation_jobs where id = $1", [id])
      : await db.query("select * from generation_jobs where id = $1 and account_id = $2", [id, accountId]);
  return rows[0] ? toGenerationJob(rows[0]) : null;
}

/**
 * Compare-and-set increment: succeeds only if nobody generated since `expected` was read, so two
 * concurrent generations of one shipment cannot both pass the limit check.
 */
export async function incrementGenerationCount(
  db: Queryable,
  accountId: string,
  shipmentId: string,
  expected: number,
): Promise<number | null> {
  const rows = await db.query<{ generation_count: number }>(
    `update shipments set generation_count = generation_count + 1, status = 'generated', updated_at = now()
      where id = $1 and account_id = $2 and generation_count = $3 and generation_count < max_generations
      returning generation_count`,
    [shipmentId, accountId, expected],
  );
  return rows[0]?.generation_count ?? null;
}

export async function insertGenerationHistory(
  db: Queryable,
  h: {
    shipmentId: string;
    accountId: string;
    generationNumber: number;
    documentTypes: string[];
    validationHash: string;
    snapshot: Record<string, unknown>;
    diff: unknown;
  },
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `insert into generation_history (shipment_id, account_id, generation_number, document_types, validation_hash, shipment_data_snapshot, data_diff)
     values ($1, $2, $3, $4::text::jsonb, $5, $6::text::jsonb, $7::text::jsonb) returning id`,
    [
      h.shipmentId,
      h.accountId,
      h.generationNumber,
      JSON.stringify(h.documentTypes),
      h.validationHash,
      JSON.stringify(h.snapshot),
      h.diff === null ? null : JSON.stringify(h.diff),
    ],
  );
  return rows[0].id;
}

/**
 * Retention: files of generations older than `olderThan` are deleted unless they belong to the latest
 * generation of their shipment. Returns the blob keys to delete; the rows keep their hash (verifiable).
 */
export async function expireOldDocumentFiles(db: Queryable, olderThan: Date): Promise<string[]> {
  const rows = await db.query<{ blob_key: string; flattened_blob_key: string | null }>(
    `with old as (
       select j.id, j.blob_key, j.flattened_blob_key from generation_jobs j
        where j.blob_key is not null and j.completed_at < $1
          and (j.shipment_id is null or j.generation_history_id is distinct from (
                select h.id from generation_history h where h.shipment_id = j.shipment_id
                 order by h.generation_number desc limit 1))
        for update skip locked)
     update generation_jobs g set blob_key = null, flattened_blob_key = null from old where g.id = old.id
     returning old.blob_key, old.flattened_blob_key`,
    [olderThan.toISOString()],
  );
  return rows.flatMap((r) => [r.blob_key, r.flattened_blob_key]).filter((k): k is string => Boolean(k));
}
