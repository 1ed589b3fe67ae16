/** The document_credentials table (migration 20261126002901): one signed credential per generation job. */
import type { Queryable, Row } from "../db/types.ts";
import { isUuid, toIso } from "../db/values.ts";

export interface StoredCredential {
  id: string;
  account_id: string;
  job_id: string;
  shipment_id: string | null;
  document_type: string;
  validation_hash: string;
  status_list: number;
  status_index: number;
  kid: string;
  jwt: string;
  supersedes: string | null;
  issued_at: string;
  revoked_at: string | null;
  revocation_reason: "superseded" | "revoked" | null;
}

function toCredential(r: Row): StoredCredential {
  return {
    id: r.id as string,
    account_id: r.account_id as string,
    job_id: r.job_id as string,
    shipment_id: (r.shipment_id as string | null) ?? null,
    document_type: r.document_type as string,
    validation_hash: r.validation_hash as string,
    status_list: Number(r.status_list),
    status_index: Number(r.status_index),
    kid: r.kid as string,
    jwt: r.jwt as string,
    supersedes: (r.supersedes as string | null) ?? null,
    issued_at: toIso(r.issued_at as Date | string),
    revoked_at: toIso(r.revoked_at),
    revocation_reason: (r.revocation_reason as StoredCredential["revocation_reason"]) ?? null,
  };
}

export async function findCredentialByJob(db: Queryable, jobId: string): Promise<StoredCredential | null> {
  if (!isUuid(jobId)) return null;
  const rows = await db.query("select * from document_credentials where job_id = $1", [jobId]);
  return rows[0] ? toCredential(rows[0]) : null;
}

/** Public: a credential by its own id (the last segment of its address). */
export async function findCredential(db: Queryable, id: string): Promise<StoredCredential | null> {
  if (!isUuid(id)) return null;
  const rows = await db.query("select * from document_credentials where id = $1", [id]);
  return rows[0] ? toCredential(rows[0]) : null;
}

/** Public: the credentials of the documents generated with a validation hash, newest first. */
export async function credentialsByHash(db: Queryable, hash: string): Promise<StoredCredential[]> {
  const rows = await db.query("select * from document_credentials where validation_hash = $1 order by issued_at desc, id limit 100", [
    hash,
  ]);
  return rows.map(toCredential);
}

/** The credential a new one of this shipment and document type replaces: the newest one not revoked. */
export async function findSupersededCredential(
  db: Queryable,
  where: { accountId: string; shipmentId: string; documentType: string; jobId: string },
): Promise<StoredCredential | null> {
  const rows = await db.query(
    `select * from document_credentials
      where account_id = $1 and shipment_id = $2 and document_type = $3 and job_id <> $4 and revoked_at is null
      order by issued_at desc, id desc limit 1 for update`,
    [where.accountId, where.shipmentId, where.documentType, where.jobId],
  );
  return rows[0] ? toCredential(rows[0]) : null;
}

/** How many credentials list n holds (a list is filled to half, then the next one starts). */
export async function countInList(db: Queryable, list: number): Promise<number> {
  const rows = await db.query<{ n: string | number }>("select count(*) as n from document_credentials where status_list = $1", [list]);
  return Number(rows[0]?.n ?? 0);
}

export async function latestList(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number | null }>("select max(status_list) as n from document_credentials");
  return Number(rows[0]?.n ?? 1) || 1;
}

/** Inserts unless the job already has a credential or the index is taken; null then. */
export async function insertCredential(
  db: Queryable,
  c: Omit<StoredCredential, "revoked_at" | "revocation_reason" | "issued_at"> & { issued_at: Date },
): Promise<StoredCredential | null> {
  const rows = await db.query(
    `insert into document_credentials
       (id, account_id, job_id, shipment_id, document_type, validation_hash, status_list, status_index, kid, jwt, supersedes, issued_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     on conflict do nothing
     returning *`,
    [
      c.id,
      c.account_id,
      c.job_id,
      c.shipment_id,
      c.document_type,
      c.validation_hash,
      c.status_list,
      c.status_index,
      c.kid,
      c.jwt,
      c.supersedes,
      c.issued_at.toISOString(),
    ],
  );
  return rows[0] ? toCredential(rows[0]) : null;
}

/** Sets the revocation bit (idempotent: an already revoked credential keeps its first reason and time). */
export async function markRevoked(db: Queryable, id: string, reason: "superseded" | "revoked"): Promise<StoredCredential | null> {
  const rows = await db.query(
    `update document_credentials set revoked_at = coalesce(revoked_at, now()), revocation_reason = coalesce(revocation_reason, $2)
      where id = $1 returning *`,
    [id, reason],
  );
  return rows[0] ? toCredential(rows[0]) : null;
}

/** The revoked indexes of list n: its set bits. */
export async function revokedIndexes(db: Queryable, list: number): Promise<number[]> {
  const rows = await db.query<{ i: number }>(
    "select status_index as i from document_credentials where status_list = $1 and revoked_at is not null",
    [list],
  );
  return rows.map((r) => Number(r.i));
}

/** The credential state of an account's jobs (the dashboard's documents table), by job id. */
export async function credentialStatesOfJobs(
  db: Queryable,
  accountId: string,
  jobIds: readonly string[],
): Promise<Map<string, { revokedAt: string | null; reason: StoredCredential["revocation_reason"] }>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db.query(
    "select job_id, revoked_at, revocation_reason from document_credentials where account_id = $1 and job_id = any($2::uuid[])",
    [accountId, jobIds],
  );
  return new Map(
    rows.map((r) => [
      r.job_id as string,
      { revokedAt: toIso(r.revoked_at), reason: (r.revocation_reason as StoredCredential["revocation_reason"]) ?? null },
    ]),
  );
}
