import type { Config } from "../runtime/config.ts";
import { signDownloadUrl } from "./download-signing.ts";
import type { GenerationJob } from "./generation-repository.ts";

export function verificationUrl(config: Pick<Config, "publicBaseUrl">, hash: string): string {
  return `${config.publicBaseUrl}/verify/${hash}`;
}

/** A signed address while the file exists; null before completion and after retention removed it. */
export async function downloadUrlFor(
  config: Pick<Config, "publicBaseUrl" | "downloadSigningSecret" | "downloadTtlSeconds">,
  job: GenerationJob,
): Promise<string | null> {
  if (job.status !== "completed" || !job.blob_key) return null;
  return signDownloadUrl(config.publicBaseUrl, job.id, config.downloadSigningSecret, config.downloadTtlSeconds);
}

/** The document resource of GET /api/v1/documents/:jobId (CONTRACT.md). */
export async function documentResource(config: Config, job: GenerationJob) {
  return {
    job_id: job.id,
    document_type: job.document_type,
    status: job.status,
    provider_job_id: job.provider_job_id,
    download_url: await downloadUrlFor(config, job),
    flattened_download_url: job.flattened_blob_key
      ? await signDownloadUrl(config.publicBaseUrl, job.id, config.downloadSigningSecret, config.downloadTtlSeconds, new Date(), "pdfa")
      : null,
    hash: job.validation_hash,
    verification_url: verificationUrl(config, job.validation_hash),
    error_message: job.error_message,
    completed_at: job.completed_at,
    shipment_id: job.shipment_id,
    generation_history_id: job.generation_history_id,
    generation_number: job.input.generationNumber,
    created_at: job.created_at,
  };
}
