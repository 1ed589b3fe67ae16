import type { Row } from "../db/types.ts";
import { toIso } from "../db/values.ts";

export const SHIPMENT_STATUSES = ["created", "draft", "validated", "validation_failed", "generated"] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export interface GenerationHistoryRecord {
  id: string;
  generation_number: number;
  document_types: string[];
  validation_hash: string | null;
  shipment_data_snapshot: Record<string, unknown>;
  data_diff: unknown;
  flattened_urls: Record<string, string> | null;
  created_at: string;
}

export interface ShipmentRecord {
  id: string;
  shipment_ref?: string;
  shipment_data: Record<string, unknown>;
  status: ShipmentStatus;
  generation_count: number;
  max_generations: number;
  current_validation_record_id?: string;
  current_validation_hash?: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  generation_history?: GenerationHistoryRecord[];
}

/** Fields the spec marks "string or absent" are left out when unset. */
export function toShipmentRecord(r: Row): ShipmentRecord {
  const rec: ShipmentRecord = {
    id: r.id as string,
    shipment_data: r.shipment_data as Record<string, unknown>,
    status: r.status as ShipmentStatus,
    generation_count: Number(r.generation_count),
    max_generations: Number(r.max_generations),
    created_by: r.created_by as string,
    created_at: toIso(r.created_at)!,
    updated_at: toIso(r.updated_at)!,
  };
  if (r.shipment_ref != null) rec.shipment_ref = r.shipment_ref as string;
  if (r.current_validation_record_id != null) rec.current_validation_record_id = r.current_validation_record_id as string;
  if (r.current_validation_hash != null) rec.current_validation_hash = r.current_validation_hash as string;
  return rec;
}

export function toGenerationHistoryRecord(r: Row): GenerationHistoryRecord {
  return {
    id: r.id as string,
    generation_number: Number(r.generation_number),
    document_types: r.document_types as string[],
    validation_hash: (r.validation_hash as string | null) ?? null,
    shipment_data_snapshot: r.shipment_data_snapshot as Record<string, unknown>,
    data_diff: r.data_diff ?? null,
    flattened_urls: (r.flattened_urls as Record<string, string> | null) ?? null,
    created_at: toIso(r.created_at)!,
  };
}
