import { z } from "zod";
import type { ResponseSpec } from "./route.ts";

export const ErrorEnvelope = z.object({
  error: z.looseObject({
    code: z.string().describe("SVC_… code; docs/errors.md lists them all"),
    message: z.string(),
    field: z.string().optional().describe("Path of the offending field, e.g. shipment_data.goods.line_items[0].quantity"),
  }),
});

export const err = (description: string): ResponseSpec => ({ description, schema: ErrorEnvelope });

/** Responses every authenticated JSON endpoint can give. */
export const COMMON_ERRORS: Record<number, ResponseSpec> = {
  400: err("Malformed JSON or invalid fields (SVC_REQ_001, SVC_REQ_002) or an endpoint-specific code"),
  401: err("Missing or invalid credentials (SVC_AUTH_001/002/003)"),
  413: err("Body larger than the limit (SVC_REQ_004)"),
  415: err("Content-Type is not application/json (SVC_REQ_003)"),
};
