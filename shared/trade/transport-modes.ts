/** The transport modes of the shipment schema (spec: route.transport_mode). */
import { z } from "zod";

export const TRANSPORT_MODES = ["sea", "air", "road", "rail", "multimodal"] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];

export const TransportModeSchema = z.enum(TRANSPORT_MODES);
