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

export const ScreeningMatchData = z.looseObject({
  match_id: z.string().describe("Id of the match (the dashboard's Screening page lists it)"),
  party_id: z.string().nullable().describe("The saved party that matched (party_<hex>), or null for a shipment's party"),
  shipment_id: z.string().nullable().describe("The shipment whose party matched, or null for a saved party"),
  party_role: z.enum(["exporter", "importer", "notify_party"]).nullable().describe("For a shipment: which party matched"),
  party_name: z.string().describe("The party's name as stored"),
  list: z.string().describe('The list as findings name it, e.g. "OFAC SDN", "UN", "EU", "UK", "BIS Entity List"'),
  entry_id: z.string(),
  entry_hash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .describe("SHA-256 of the entry's content; a decision recorded on it lasts while it is unchanged"),
  program: z.string().nullable(),
  effect: z
    .string()
    .nullable()
    .describe("What the listing forbids: asset_freeze, export_denial, licence_required, red_flag or restriction"),
  severity: z.enum(["error", "warning"]).describe("How validation reports it"),
  entry_name: z.string().describe("The entry's primary name"),
  matched_name: z.string().describe("The listed name (primary or alias) that matched"),
  score: z.number().describe("Name similarity 0..1"),
});

export const EVENT_DATA_SCHEMAS = {
  "document.generated": DocumentGeneratedData,
  "document.failed": DocumentFailedData,
  "extraction.completed": ExtractionCompletedData,
  "extraction.failed": ExtractionFailedData,
  "screening.match": ScreeningMatchData,
} as const satisfies Record<(typeof EVENT_NAMES)[number], z.ZodType>;

/** The request body: key order event, timestamp, data, as the spec shows it. */
export function serializeEventBody(payload: { event: string; timestamp: string; data: unknown }): string {
  return JSON.stringify({ event: payload.event, timestamp: payload.timestamp, data: payload.data });
}
