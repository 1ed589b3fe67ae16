import { z } from "zod";
import { defineRoute } from "../http/route.ts";
import { AppError } from "../errors/app-error.ts";
import { err } from "../http/common-responses.ts";
import { bytesToBase64 } from "../hashing/base64.ts";
import { verifyHash } from "./verify-hash.ts";
import { renderNotFoundPage, renderVerifyPage, verifyPageCsp } from "./verify-page.ts";
import { credentialsByHash } from "../credentials/credential-repository.ts";
import { credentialUrl } from "../credentials/build-credential.ts";
import { VALIDATION_ERRORS } from "../validation/validation-errors.ts";

const PAGE_HEADERS = {
  "content-security-policy": verifyPageCsp(null),
  "x-content-type-options": "nosniff",
};

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
    200: {
      description: "A passing validation with this hash exists",
      schema: z.object({
        verified: z.literal(true),
        validation_hash: z.string(),
        timestamp: z.string(),
        rules_summary: z.object({ layers: z.array(z.object({ name: z.string(), status: z.string() })) }),
        documents_generated: z.array(z.string()).describe("Document types generated with this hash"),
        route: z.object({ origin_country: z.string().nullable(), destination_country: z.string().nullable() }),
        gate_slug: z.string(),
        rule_library_version: z.string(),
        message: z.string(),
      }),
    },
    400: err("hash missing (SVC_VAL_001)"),
    404: { description: "Unknown hash", schema: z.object({ verified: z.literal(false), message: z.string() }) },
  },
  handler: async (c, { query }) => {
    if (!query.hash?.trim())
      throw new AppError(VALIDATION_ERRORS.SVC_VAL_001, "Query parameter hash is required", { details: { field: "hash" } });
    const answer = await verifyHash(c.var.services.db, query.hash);
    return answer.verified ? c.json(answer, 200) : c.json(answer, 404);
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
  responses: {
    200: { description: "Verified", contentType: "text/html" },
    404: {
      description: "Unknown hash, or an address that is not a verification link (e.g. a malformed percent-escape)",
      contentType: "text/html",
    },
  },
  // A person follows this link: a broken address gets a plain page, not the JSON error envelope.
  errorPage: (c) => c.html(renderNotFoundPage(), 404, PAGE_HEADERS),
  handler: async (c, { params }) => {
    // params.hash is already decoded (once, by the route layer).
    const { db, config } = c.var.services;
    const answer = await verifyHash(db, params.hash);
    if (!answer.verified) return c.html(renderVerifyPage(params.hash, answer), 404, PAGE_HEADERS);
    // The documents' signed credentials, checked by the page's script in the browser (a nonce per answer).
    const credentials = (await credentialsByHash(db, answer.validation_hash)).map((r) => ({
      url: credentialUrl(config.publicBaseUrl, r.id),
      documentType: r.document_type,
      issuedAt: r.issued_at,
    }));
    const nonce = credentials.length > 0 ? bytesToBase64(crypto.getRandomValues(new Uint8Array(16))) : null;
    return c.html(renderVerifyPage(params.hash, answer, credentials, nonce), 200, {
      ...PAGE_HEADERS,
      "content-security-policy": verifyPageCsp(nonce),
    });
  },
});
