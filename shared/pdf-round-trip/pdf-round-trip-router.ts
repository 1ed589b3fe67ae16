import { PDF_ROUND_TRIP_ERRORS } from "./pdf-round-trip-errors.ts";
import { z } from "zod";
import { defineRoute } from "../http/route.ts";
import { AppError } from "../errors/app-error.ts";
import { COMMON_ERRORS, err } from "../http/common-responses.ts";
import { readMultipartForm } from "../http/read-multipart-form.ts";
import { extractFilledFields } from "./extract-filled-fields.ts";
import { VALIDATION_ERRORS } from "../validation/validation-errors.ts";
import { PDFA_CONFORMANCES } from "./pdfa-conformance.ts";

export const extractFilledFieldsRoute = defineRoute({
  method: "post",
  path: "/functions/v1/extract-filled-fields",
  operationId: "extractFilledFields",
  summary: "Read a filled PDF form back into shipment data (multipart: file, doc_type, shipment_id?, auto_merge?)",
  description:
    "multipart/form-data: `file` (the filled PDF, at most TDS_MAX_UPLOAD_BYTES), `doc_type` (one of the 16 keys), optional `shipment_id` " +
    '(merge into that shipment), optional `auto_merge` ("false" disables the merge). Errors use {error: {code, message}}.',
  tags: ["PDF round trip"],
  auth: "function",
  responses: {
    200: {
      description: "The fields",
      schema: z.object({
        extracted_fields: z.record(z.string(), z.string()),
        mapped_data: z.record(z.string(), z.string()),
        unmapped_fields: z.record(z.string(), z.string()).optional(),
        field_count: z.number().int(),
        filled_count: z.number().int(),
        empty_count: z.number().int(),
        merge_result: z
          .object({
            merged: z.boolean(),
            updatedPaths: z.array(z.string()),
            skipped: z
              .array(z.object({ path: z.string(), reason: z.string() }))
              .optional()
              .describe("Paths that could not be written, with the reason (the value stays in extracted_fields)"),
          })
          .optional(),
      }),
    },
    400: err("SVC_VAL_001 … SVC_VAL_008"),
    401: COMMON_ERRORS[401],
    404: err("shipment_id not found (SVC_SHIP_004)"),
    413: err("File larger than the limit (SVC_REQ_004)"),
    415: err("Not multipart/form-data (SVC_REQ_003)"),
    500: err("Shipment update failed (SVC_SYS_001)"),
  },
  handler: async (c, { principal }) => {
    const { db, config } = c.var.services;
    const form = await readMultipartForm(c.req.raw, config.maxUploadBytes, PDF_ROUND_TRIP_ERRORS.SVC_VAL_005);
    const file = form.get("file");
    if (!file || typeof file === "string")
      throw new AppError(VALIDATION_ERRORS.SVC_VAL_001, "The form has no file part named `file`", { details: { field: "file" } });
    const docType = form.get("doc_type");
    if (typeof docType !== "string" || docType.trim() === "")
      throw new AppError(VALIDATION_ERRORS.SVC_VAL_002, "doc_type is required", { details: { field: "doc_type" } });
    const shipmentId = form.get("shipment_id");
    const body = await extractFilledFields(db, principal, {
      file: new Uint8Array(await file.arrayBuffer()),
      docType: docType.trim(),
      shipmentId: typeof shipmentId === "string" && shipmentId.trim() !== "" ? shipmentId.trim() : undefined,
      autoMerge: form.get("auto_merge") !== "false",
    });
    return c.json(body, 200);
  },
});

export const flattenDocumentRoute = defineRoute({
  method: "post",
  path: "/functions/v1/flatten-document",
  operationId: "flattenDocument",
  summary: "Flatten a generated document to PDF/A-2b (its credential in the XMP metadata) and return its download address",
  description:
    "The copy is PDF/A-2b (ISO 19005-2, level B). A document's W3C Verifiable Credential (compact JWS) is kept in the XMP " +
    "metadata as tdsvc:credential (namespace urn:trade-document-service:xmp:credential:1.0#, described by a PDF/A extension " +
    'schema). `conformance: "3b"` makes a PDF/A-3b copy instead, with the credential as the embedded file credential.jwt.',
  tags: ["PDF round trip"],
  auth: "function",
  body: z.strictObject({
    job_id: z.string().max(100),
    doc_type: z.string().max(100).optional(),
    hash_stamp: z.string().max(256).optional(),
    generation_history_id: z.string().max(100).optional(),
    conformance: z
      .enum(PDFA_CONFORMANCES)
      .optional()
      .describe('"2b" (default): PDF/A-2b, the credential in the XMP metadata; "3b": PDF/A-3b, the credential as an embedded file'),
  }),
  bodyErrorCode: (issue) => (issue.path[0] === "job_id" ? PDF_ROUND_TRIP_ERRORS.SVC_FLAT_001 : undefined),
  responses: {
    200: {
      description: "The PDF/A copy (PDF/A-2b unless conformance is 3b)",
      schema: z.object({ download_url: z.string(), job_id: z.string(), doc_type: z.string().nullable() }),
    },
    400: err("SVC_FLAT_001, 003, 004, 005"),
    401: COMMON_ERRORS[401],
    404: err("Job (SVC_FLAT_002) or generation history (SVC_FLAT_008) not found"),
    500: err("Conversion failed (SVC_FLAT_007)"),
    502: err("Fetching the PDF failed (SVC_FLAT_006)"),
  },
  // Flattening (fonts, ICC profile, pdf-lib writing) is loaded on the first call, not at start.
  handler: async (c, { body, principal }) =>
    c.json(
      await (await import("./flatten-document.ts")).flattenDocument(c.var.services, principal, {
        jobId: body.job_id,
        docType: body.doc_type,
        hashStamp: body.hash_stamp,
        generationHistoryId: body.generation_history_id,
        conformance: body.conformance,
      }),
      200,
    ),
});
