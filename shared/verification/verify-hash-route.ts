import { z } from "zod";
import { defineRoute } from "../http/route.ts";
import { AppError } from "../http/app-error.ts";
import { err } from "../http/common-responses.ts";
import { verifyHash } from "./verify-hash.ts";
import { renderVerifyPage } from "./verify-page.ts";

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

/** The page behind {PUBLIC_BASE_URL}/verify/<hash> (the local gateway maps that address here). */
export const verifyPageRoute = defineRoute({
  method: "get",
  path: "/functions/v1/verify-hash/page/{hash}",
  operationId: "verifyPage",
  summary: "Public: the human-readable verification page (HTML); also at /verify/<hash>",
  tags: ["Verification"],
  auth: "public",
  params: z.object({ hash: z.string().max(200) }),
  responses: { 200: { description: "Verified", contentType: "text/html" }, 404: { description: "Unknown hash", contentType: "text/html" } },
  handler: async (c, { params }) => {
    const hash = decodeURIComponent(params.hash);
    const answer = await verifyHash(c.var.services.db, hash);
    c.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'");
    c.header("x-content-type-options", "nosniff");
    return c.html(renderVerifyPage(hash, answer), answer.verified ? 200 : 404);
  },
});
