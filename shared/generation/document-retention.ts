import type { Services } from "../runtime/services.ts";
import { expireOldDocumentFiles } from "./generation-repository.ts";

/** Five days: older generations' files go, the latest generation's stay, every hash stays verifiable. */
export const DOCUMENT_RETENTION_MS = 5 * 24 * 3600 * 1000;

/** Retention: deletes the files that expireOldDocumentFiles released; returns how many. */
export async function sweepDocumentFiles(services: Services, now = Date.now()): Promise<number> {
  const keys = await expireOldDocumentFiles(services.db, new Date(now - DOCUMENT_RETENTION_MS));
  if (keys.length) await services.blobs.delete(keys);
  return keys.length;
}
