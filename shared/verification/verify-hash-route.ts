import { z } from "zod";
import { defineRoute } from "../http/route.ts";
import { AppError } from "../http/app-error.ts";
import { err } from "../http/common-responses.ts";
import { verifyHash } from "./verify-hash.ts";

export const verifyHashRoute = defineRoute({
  method: "get",
  path: "/functions/v1/verify-hash",
  operationId: "verifyHash",
  summary: "Public: check a validation hash (from a document footer or QR code)",
  tags: ["Verification"],
  auth: "public",
  // Not strict: links may carry tracking parameters.
  query: z.object({ hash: z.string().max(200).optional().describe("sha256:<64 hex>") }),
  responses: {
    200: { description: "A passing validation with this hash exists", schema: z.looseObject({ verified: z.literal(true), validation_hash: z.string(), timestamp: z.string() }) },
    400: err("hash missing (SVC_VAL_001)"),
    404: { description: "Unknown hash", schema: z.object({ verified: z.literal(false), message: z.string() }) },
  },
  handler: async (c, { query }) => {
    if (!query.hash?.trim()) throw new AppError("SVC_VAL_001", "Query parameter hash is required", { details: { field: "hash" } });
    const answer = await verifyHash(c.var.services.db, query.hash);
    return c.json(answer, answer.verified ? 200 : 404);
  },
});
