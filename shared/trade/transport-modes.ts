/** The transport modes of the shipment schema (spec: route.transport_mode). */
import { z } from "zod";

export const TRANSPORT_MODES = ["sea", "air", "road", "rail", "multimodal"] as const;

export const TransportModeSchema = z.enum(TRANSPORT_MODES);
