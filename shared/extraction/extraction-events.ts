/**
 * Outbox payloads of the extraction events (the spec leaves them open):
 *
 *   extraction.completed: {event, timestamp, data: {job_id, shipment_id, status: "completed",
 *                          file_name, extractor, input_source, field_count, low_confidence_count, completed_at}}
 *   extraction.failed:    {event, timestamp, data: {job_id, shipment_id, status: "failed",
 *                          file_name, error: {code, message}, failed_at}}
 *
 * shipment_id is null when the upload named none. The result itself is not in the payload: the
 * receiver reads it with GET /api/v1/extract/{job_id}.
 */
import { toIso } from "../db/values.ts";
import type { Queryable } from "../db/types.ts";
import { enqueueEvent } from "../events/outbox.ts";
import { flattenResultTree } from "./extraction-result.ts";
import type { ExtractionJobRow } from "./extraction-repository.ts";

/** Values below this confidence are counted as needing review. */
export const LOW_CONFIDENCE = 0.5;

export function completedEventData(row: ExtractionJobRow): Record<string, unknown> {
  const leaves = Object.values(flattenResultTree(row.result));
  return {
    job_id: row.id,
    shipment_id: row.shipment_id ?? null,
    status: "completed",
    file_name: row.file_name,
    extractor: row.extractor,
    input_source: row.input_source,
    field_count: leaves.length,
    low_confidence_count: leaves.filter((l) => l.confidence < LOW_CONFIDENCE).length,
    completed_at: toIso(row.completed_at),
  };
}

export function failedEventData(row: ExtractionJobRow): Record<string, unknown> {
  return {
    job_id: row.id,
    shipment_id: row.shipment_id ?? null,
    status: "failed",
    file_name: row.file_name,
    error: { code: row.error_code ?? "SVC_EXTRACT_002", message: row.error_message ?? "Data could not be extracted" },
    failed_at: toIso(row.completed_at),
  };
}

export async function enqueueExtractionEvent(tx: Queryable, row: ExtractionJobRow): Promise<void> {
  if (row.status === "completed") await enqueueEvent(tx, row.account_id, "extraction.completed", completedEventData(row));
  else if (row.status === "failed") await enqueueEvent(tx, row.account_id, "extraction.failed", failedEventData(row));
}
