import type { Services } from "../runtime/services.ts";
import { listExpiredUploads, markUploadDeleted } from "./extraction-repository.ts";

/**
 * Deletes uploaded files older than the retention; the job rows (and results) stay. Returns the count.
 * Kept apart from the extraction worker so run-jobs can sweep without loading the readers.
 */
export async function cleanupExpiredUploads(services: Services, retentionDays: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await listExpiredUploads(services.db, retentionDays);
    if (batch.length === 0) return deleted;
    await services.blobs.delete(batch.map((b) => b.blob_key));
    for (const b of batch) await markUploadDeleted(services.db, b.id);
    deleted += batch.length;
  }
}
