import type { Services } from "../runtime/services.ts";
import { AppError } from "../errors/app-error.ts";
import type { KeyPrincipal } from "../accounts/account-repository.ts";
import { findGenerationJob } from "../generation/generation-repository.ts";
import { signDownloadUrl } from "../generation/download-signing.ts";
import { flattenToPdfA } from "../pdf/flatten-to-pdfa.ts";
import { isPdfProblemError } from "../pdf/pdf-problem.ts";
import { DOCUMENT_TITLES, isDocumentType } from "../document-types/identities.ts";
import { isUuid } from "../db/values.ts";
import { findCredentialByJob } from "../credentials/credential-repository.ts";
import { credentialAttachment } from "../credentials/credential-attachment.ts";
import { credentialXmpSchema } from "../credentials/credential-xmp.ts";
import { verificationUrl } from "../generation/document-links.ts";
import { PDF_ROUND_TRIP_ERRORS } from "./pdf-round-trip-errors.ts";
import type { PdfAConformance } from "./pdfa-conformance.ts";

export interface FlattenInput {
  jobId: string;
  docType?: string;
  hashStamp?: string;
  generationHistoryId?: string;
  /** "2b" (default, as the spec says) or "3b" (the credential kept as an embedded file, PDF/A-3). */
  conformance?: PdfAConformance;
}

/**
 * flatten-document: find the job and its provider job, fetch the generated PDF from the provider (here the
 * service's own storage), flatten it to PDF/A-2b, store it beside the original and return its signed
 * address; with generation_history_id, record it in flattened_urls[doc_type]. The document's credential
 * goes into the XMP metadata (PDF/A-2 allows no embedded JWT file); with conformance "3b" it stays an
 * embedded file instead, as in the generated document.
 */
export async function flattenDocument(services: Services, principal: KeyPrincipal, input: FlattenInput, now = new Date()) {
  const { db, blobs, config } = services;
  const job = await findGenerationJob(db, principal.accountId, input.jobId);
  if (!job) throw new AppError(PDF_ROUND_TRIP_ERRORS.SVC_FLAT_002, "Job not found", { details: { job_id: input.jobId } });
  if (!job.provider_job_id) throw new AppError(PDF_ROUND_TRIP_ERRORS.SVC_FLAT_003, "The job has no provider job identifier");
  if (job.status !== "completed")
    throw new AppError(PDF_ROUND_TRIP_ERRORS.SVC_FLAT_004, `The job is not completed (status: ${job.status})`, {
      details: { status: job.status },
    });
  if (!job.blob_key)
    throw new AppError(PDF_ROUND_TRIP_ERRORS.SVC_FLAT_005, "The generated document has no download address (its file is no longer kept)");

  let blob;
  try {
    blob = await blobs.get(job.blob_key);
  } catch (e) {
    throw new AppError(PDF_ROUND_TRIP_ERRORS.SVC_FLAT_006, `Fetching the PDF from the provider failed: ${(e as Error).message}`, {
      details: { provider_status: 502 },
    });
  }
  if (!blob)
    throw new AppError(PDF_ROUND_TRIP_ERRORS.SVC_FLAT_006, "Fetching the PDF from the provider failed: HTTP 404 (file missing)", {
      details: { provider_status: 404 },
    });

  const docType = input.docType ?? job.document_type;
  // The document's credential survives the copy: in the XMP metadata of the PDF/A-2b copy, or as the
  // embedded file of a PDF/A-3b one. Documents generated before credentials were issued have none.
  const credential = await findCredentialByJob(db, job.id);
  const page = verificationUrl(config, job.validation_hash);
  const pdfa3 = input.conformance === "3b";
  let flattened: Uint8Array;
  try {
    flattened = await flattenToPdfA(blob.bytes, {
      hashStamp: input.hashStamp,
      title: isDocumentType(job.document_type) ? DOCUMENT_TITLES[job.document_type] : undefined,
      now,
      xmpExtensions: credential && !pdfa3 ? [credentialXmpSchema(credential.jwt, page)] : undefined,
      pdfa3: pdfa3 ? { attachments: credential ? [credentialAttachment(credential, page)] : [] } : undefined,
    });
  } catch (e) {
    const message = isPdfProblemError(e) ? e.message : (e as Error).message;
    console.error("SVC_FLAT_007: flattening failed:", e);
    throw new AppError(PDF_ROUND_TRIP_ERRORS.SVC_FLAT_007, `The document could not be flattened to PDF/A: ${message}`);
  }
  const key = `documents/${job.account_id}/${job.id}.pdfa.pdf`;
  await blobs.put(key, flattened, "application/pdf");
  await db.query("update generation_jobs set flattened_blob_key = $2 where id = $1", [job.id, key]);
  const url = await signDownloadUrl(config.publicBaseUrl, job.id, config.downloadSigningSecret, config.downloadTtlSeconds, now, "pdfa");

  if (input.generationHistoryId !== undefined) {
    const rows = isUuid(input.generationHistoryId)
      ? await db.query(
          `update generation_history set flattened_urls = coalesce(flattened_urls, '{}'::jsonb) || jsonb_build_object($3::text, $4::text)
            where id = $1 and account_id = $2 returning id`,
          [input.generationHistoryId, principal.accountId, docType, url],
        )
      : [];
    if (rows.length === 0)
      throw new AppError(PDF_ROUND_TRIP_ERRORS.SVC_FLAT_008, "generation_history_id not found", {
        details: { field: "generation_history_id" },
      });
  }
  return { download_url: url, job_id: job.id, doc_type: input.docType ?? null };
}
