import { z } from "zod";
import type { EVENT_NAMES } from "../events/outbox.ts";

/**
 * The body of every delivery is the outbox payload `{event, timestamp, data}`, serialised once when the
 * delivery is created. These schemas document `data` per event (docs/webhooks.md shows examples); the
 * features that write the events (documents, extraction) fill them. Extra keys may be added later, so
 * receivers should ignore keys they do not know.
 */
const hash = z
  .string()
  .regex(/^sha256:[0-9a-f]{64}$/)
  .describe("Validation hash, sha256:<hex>");

export const DocumentGeneratedData = z.looseObject({
  job_id: z.string(),
  shipment_id: z.string().nullable(),
  document_type: z.string(),
  status: z.literal("completed"),
  download_url: z.string().describe("Signed download address; expires (5 days by default)"),
  hash,
});

export const DocumentFailedData = z.looseObject({
  job_id: z.string(),
  shipment_id: z.string().nullable(),
  document_type: z.string(),
  status: z.literal("failed"),
  error_message: z.string(),
});

export const ExtractionCompletedData = z.looseObject({
  job_id: z.string(),
  shipment_id: z.string().nullable(),
  status: z.literal("completed"),
});

export const ExtractionFailedData = z.looseObject({
  job_id: z.string(),
  shipment_id: z.string().nullable(),
  status: z.literal("failed"),
  error: z.object({ code: z.string(), message: z.string() }),
});

export const EVENT_DATA_SCHEMAS = {
  "document.generated": DocumentGeneratedData,
  "document.failed": DocumentFailedData,
  "extraction.completed": ExtractionCompletedData,
  "extraction.failed": ExtractionFailedData,
} as const satisfies Record<(typeof EVENT_NAMES)[number], z.ZodType>;

/** The request body: key order event, timestamp, data, as the spec shows it. */
export function serializeEventBody(payload: { event: string; timestamp: string; data: unknown }): string {
  return JSON.stringify({ event: payload.event, timestamp: payload.timestamp, data: payload.data });
}
