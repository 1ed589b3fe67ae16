import { z } from "zod";
import { TradeShipmentSchema } from "./trade-shipment-schema.ts";
import { SHIPMENT_STATUSES } from "./shipment-record.ts";
import type { ErrorDef } from "../errors/error-code.ts";

/** Request and response schemas of the shipment endpoints (functions and REST). */

const ShipmentRef = z.string().max(200).nullish().describe("Human-readable reference chosen by the caller");
export const ShipmentStatusSchema = z.enum(SHIPMENT_STATUSES);

export const CreateShipmentBody = z.strictObject({
  shipment_data: TradeShipmentSchema,
  shipment_ref: ShipmentRef,
});

const NonEmptyShipmentData = TradeShipmentSchema.refine((o) => Object.keys(o).length > 0, { message: "shipment_data has no fields" });

export const SaveDraftBody = z.strictObject({
  shipment_data: NonEmptyShipmentData,
  shipment_ref: ShipmentRef,
  shipment_id: z.string().optional().describe("Existing draft to update; omit to create a new draft"),
});

export const RestCreateShipmentBody = CreateShipmentBody.extend({
  draft: z.boolean().optional().describe("Create as a draft (max_generations 0, not counted toward the monthly quota)"),
});

export const ReviseShipmentBody = z.strictObject({
  shipment_data: TradeShipmentSchema,
  shipment_ref: ShipmentRef,
});

export const GetShipmentQuery = z.strictObject({
  id: z.string().optional().describe("Shipment UUID (single mode)"),
  status: ShipmentStatusSchema.optional().describe("List mode: shipments in this status, at most 50, newest updated_at first"),
});

export const ListShipmentsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: ShipmentStatusSchema.optional(),
  search: z.string().min(1).max(200).optional().describe("Case-insensitive match on shipment_ref, exporter name and importer name"),
});

export const IdParam = z.object({ id: z.string() });

/** shipment_data missing or of the wrong kind is the spec's own code; deeper issues stay SVC_REQ_002. */
export function shipmentDataCode(missing: ErrorDef, empty?: ErrorDef) {
  return (issue: z.core.$ZodIssue): ErrorDef | undefined => {
    if (issue.path.length !== 1 || issue.path[0] !== "shipment_data") return undefined;
    if (issue.code === "invalid_type") return missing;
    if (issue.code === "custom" && empty) return empty;
    return undefined;
  };
}

const Timestamp = z.string().describe("ISO 8601 timestamp");

export const GenerationHistorySchema = z.object({
  id: z.string(),
  generation_number: z.number().int(),
  document_types: z.array(z.string()),
  validation_hash: z.string().nullable(),
  shipment_data_snapshot: z.record(z.string(), z.unknown()),
  data_diff: z.unknown(),
  flattened_urls: z.record(z.string(), z.string()).nullable(),
  created_at: Timestamp,
});

export const ShipmentRecordSchema = z.object({
  id: z.string().uuid(),
  shipment_ref: z.string().optional(),
  shipment_data: z.record(z.string(), z.unknown()),
  status: ShipmentStatusSchema,
  generation_count: z.number().int(),
  max_generations: z.number().int(),
  current_validation_record_id: z.string().optional(),
  current_validation_hash: z.string().optional(),
  created_by: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
  generation_history: z.array(GenerationHistorySchema).optional(),
});

export const CreateShipmentResponse = z.object({
  shipment_id: z.string().uuid(),
  shipment_ref: z.string().nullable(),
  status: z.literal("created"),
  generation_count: z.literal(0),
  max_generations: z.number().int(),
  created_at: Timestamp,
});

export const ShipmentListItem = ShipmentRecordSchema.pick({
  id: true,
  shipment_ref: true,
  shipment_data: true,
  status: true,
  created_by: true,
  created_at: true,
  updated_at: true,
});

export const SaveDraftResponse = z.object({ shipment_id: z.string().uuid(), updated_at: Timestamp });

export const ShipmentPage = z.object({
  shipments: z.array(ShipmentRecordSchema),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), total_pages: z.number().int() }),
});
