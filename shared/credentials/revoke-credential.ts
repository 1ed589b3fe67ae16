/** An account's document's credential, and revoking it (API and dashboard). */
import type { Queryable } from "../db/types.ts";
import { AppError } from "../errors/app-error.ts";
import { isUuid } from "../db/values.ts";
import { findCredentialByJob, markRevoked, type StoredCredential } from "./credential-repository.ts";
import { CREDENTIALS_ERRORS } from "./credentials-errors.ts";
import { DOCUMENTS_ERRORS } from "../documents/documents-errors.ts";

export async function credentialOfDocument(db: Queryable, accountId: string, jobId: string): Promise<StoredCredential> {
  const jobs = isUuid(jobId)
    ? await db.query<{ status: string }>("select status from generation_jobs where id = $1 and account_id = $2", [jobId, accountId])
    : [];
  if (!jobs[0]) throw new AppError(DOCUMENTS_ERRORS.SVC_DOC_001, "Document job not found", { details: { job_id: jobId } });
  const credential = await findCredentialByJob(db, jobId);
  if (!credential)
    throw new AppError(
      CREDENTIALS_ERRORS.SVC_VC_002,
      `This document has no credential yet (status ${jobs[0].status}): it is issued when the document is generated`,
      {
        details: { job_id: jobId },
      },
    );
  return credential;
}

export async function revokeDocumentCredential(db: Queryable, accountId: string, jobId: string): Promise<StoredCredential> {
  const credential = await credentialOfDocument(db, accountId, jobId);
  return (await markRevoked(db, credential.id, "revoked")) ?? credential;
}
