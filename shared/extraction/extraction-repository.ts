/** SQL of extraction jobs; every read and change that a caller can reach is scoped to the account. */
import type { Queryable, Row } from "../db/types.ts";
import { isUuid, toIso } from "../db/values.ts";
import type { FileKind } from "./file-kinds.ts";

export interface ExtractionJobRow extends Row {
  id: string;
  account_id: string;
  shipment_id: string | null;
  status: "queued" | "processing" | "completed" | "failed";
  attempts: number;
  blob_key: string | null;
  file_name: string;
  content_type: string;
  file_kind: FileKind;
  size_bytes: number;
  extractor: string | null;
  input_source: string | null;
  result: unknown;
  error_code: string | null;
  error_message: string | null;
  created_at: Date | string;
  completed_at: Date | string | null;
}

export interface NewExtractionJob {
  id: string;
  accountId: string;
  shipmentId: string | null;
  blobKey: string;
  fileName: string;
  contentType: string;
  fileKind: FileKind;
  sizeBytes: number;
}

export async function insertExtractionJob(db: Queryable, j: NewExtractionJob): Promise<ExtractionJobRow> {
  const rows = await db.query<ExtractionJobRow>(
    `insert into extraction_jobs (id, account_id, shipment_id, blob_key, file_name, content_type, file_kind, size_bytes)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
    [j.id, j.accountId, j.shipmentId, j.blobKey, j.fileName, j.contentType, j.fileKind, j.sizeBytes],
  );
  return rows[0];
}

export async function findExtractionJob(db: Queryable, accountId: string, id: string): Promise<ExtractionJobRow | null> {
  if (!isUuid(id)) return null;
  const rows = await db.query<ExtractionJobRow>("select * from extraction_jobs where id = $1 and account_id = $2", [id, accountId]);
  return rows[0] ?? null;
}

/** Completes a claimed job (only while the claim is still ours: same attempts, still processing). */
export async function completeExtractionJob(
  db: Queryable,
  job: { id: string; attempts: number },
  done: { result: unknown; extractor: string; inputSource: string },
): Promise<ExtractionJobRow | null> {
  const rows = await db.query<ExtractionJobRow>(
    `update extraction_jobs set status = 'completed', result = $3::text::jsonb, extractor = $4, input_source = $5,
            error_code = null, error_message = null, locked_until = null, completed_at = now()
      where id = $1 and attempts = $2 and status = 'processing' returning *`,
    [job.id, job.attempts, JSON.stringify(done.result), done.extractor, done.inputSource],
  );
  return rows[0] ?? null;
}

export async function failExtractionJob(
  db: Queryable,
  job: { id: string; attempts: number },
  failure: { code: string; message: string; extractor?: string | null; inputSource?: string | null },
): Promise<ExtractionJobRow | null> {
  const rows = await db.query<ExtractionJobRow>(
    `update extraction_jobs set status = 'failed', error_code = $3, error_message = $4, extractor = coalesce($5, extractor),
            input_source = coalesce($6, input_source), locked_until = null, completed_at = now()
      where id = $1 and attempts = $2 and status = 'processing' returning *`,
    [job.id, job.attempts, failure.code, failure.message, failure.extractor ?? null, failure.inputSource ?? null],
  );
  return rows[0] ?? null;
}

/** Marks a job the worker itself failed (gave up after interrupted attempts) with the spec's code, once. */
export async function stampFailureCode(db: Queryable, id: string, code: string): Promise<ExtractionJobRow | null> {
  const rows = await db.query<ExtractionJobRow>(
    "update extraction_jobs set error_code = $2 where id = $1 and status = 'failed' and error_code is null returning *",
    [id, code],
  );
  return rows[0] ?? null;
}

/** Uploads older than the retention: their keys, to delete (not scoped: a maintenance task). */
export async function listExpiredUploads(db: Queryable, retentionDays: number, limit = 500): Promise<{ id: string; blob_key: string }[]> {
  return db.query<{ id: string; blob_key: string }>(
    `select id, blob_key from extraction_jobs
      where blob_key is not null and created_at < now() - make_interval(days => $1::int)
      order by created_at limit $2`,
    [retentionDays, limit],
  );
}

export async function markUploadDeleted(db: Queryable, id: string): Promise<void> {
  await db.query("update extraction_jobs set blob_key = null, file_deleted_at = now() where id = $1", [id]);
}

/** The job as GET /api/v1/extract/{jobId} shows it (ExtractionJobSchema of the router). */
export interface ExtractionJobView {
  job_id: string;
  shipment_id: string | null;
  status: "processing" | "completed" | "failed";
  created_at: string;
  completed_at?: string;
  result?: Record<string, unknown>;
  extractor?: string | null;
  input_source?: string | null;
  error?: { code: string; message: string };
}

/** The job as GET /api/v1/extract/{jobId} shows it (queued is shown as processing). */
export function toExtractionJobView(row: ExtractionJobRow): ExtractionJobView {
  const base = { job_id: row.id, shipment_id: row.shipment_id ?? null };
  if (row.status === "completed") {
    return {
      ...base,
      status: "completed",
      result: row.result as Record<string, unknown>,
      completed_at: toIso(row.completed_at) ?? undefined,
      created_at: toIso(row.created_at),
      extractor: row.extractor,
      input_source: row.input_source,
    };
  }
  if (row.status === "failed") {
    return {
      ...base,
      status: "failed",
      error: { code: row.error_code ?? "SVC_EXTRACT_002", message: row.error_message ?? "Data could not be extracted" },
      completed_at: toIso(row.completed_at) ?? undefined,
      created_at: toIso(row.created_at),
    };
  }
  return { ...base, status: "processing", created_at: toIso(row.created_at) };
}
