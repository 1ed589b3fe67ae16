import { VALIDATION_ERRORS } from "../validation/validation-errors.ts";
import { z } from "zod";
import { defineRoute, type RouteDef } from "../http/route.ts";
import { AppError } from "../errors/app-error.ts";
import { COMMON_ERRORS, ErrorEnvelope, err } from "../http/common-responses.ts";
import { authenticate } from "../auth/authenticate.ts";
import { DOCUMENT_TYPES } from "../document-types/identities.ts";
import { FIELD_REQUIREMENTS } from "../document-types/field-requirements.ts";
import { AnyShipmentData } from "../validation/validation-schemas.ts";
import { IdParam } from "../shipments/shipment-schemas.ts";
import { findShipment } from "../shipments/shipment-repository.ts";
import { startProcessing } from "./start-processing.ts";
import { generateDocuments, type GenerateRequest, type GenerateResult } from "./generate-documents.ts";
import type { Context } from "hono";
import type { AppEnv } from "../http/app-env.ts";
import { jobQueueDetail } from "../jobs/worker-heartbeat.ts";
import { findGenerationJob, latestGenerationSnapshot } from "./generation-repository.ts";
import { documentResource } from "./document-links.ts";
import { checkDownloadSignature } from "./download-signing.ts";
import { DOCUMENTS_ERRORS } from "../documents/documents-errors.ts";
import { SHIPMENTS_ERRORS } from "../shipments/shipments-errors.ts";

const DocumentTypes = z.array(z.enum(DOCUMENT_TYPES)).min(1).max(16);
const Options = {
  final_doc: z.boolean().optional().describe("true: everything static; false (default): missing values become fillable fields"),
  confirm_warnings: z.boolean().optional().describe("true: proceed despite soft warnings (blank fields result)"),
  validation_hash: z.string().max(100).optional().describe("Hash of a prior passing validation of exactly this data"),
};

export const GenerateDocumentsBody = z.strictObject({
  shipment: AnyShipmentData,
  document_types: DocumentTypes,
  shipment_id: z.string().optional(),
  previous_shipment_data: AnyShipmentData.optional(),
  ...Options,
});

const FieldSpecSchema = z.object({
  fieldPath: z.string().describe("camelCase form path"),
  dataPath: z.string().describe("snake_case shipment path"),
  label: z.string(),
  tab: z.enum(["parties", "route", "goods", "logistics", "compliance"]),
});
const FieldRequirementsSchema = z.object({
  requirements: z.record(z.enum(DOCUMENT_TYPES), z.object({ required: z.array(FieldSpecSchema), recommended: z.array(FieldSpecSchema) })),
});

/** GET /api/v1/documents/{jobId} (CONTRACT.md), built by documentResource. */
const DocumentResourceSchema = z.object({
  job_id: z.string(),
  document_type: z.string(),
  status: z.enum(["queued", "processing", "completed", "failed"]),
  provider_job_id: z.string(),
  download_url: z.string().nullable().describe("Signed address of the PDF once completed"),
  flattened_download_url: z
    .string()
    .nullable()
    .describe(
      "Signed address of the PDF/A copy made by flatten-document (PDF/A-3b carrying the credential; PDF/A-2b for documents from before credentials)",
    ),
  hash: z.string(),
  verification_url: z.string(),
  error_message: z.string().nullable(),
  completed_at: z.string().nullable(),
  shipment_id: z.string().nullable(),
  generation_history_id: z.string().nullable(),
  generation_number: z.number().int(),
  created_at: z.string(),
  status_detail: z.string().optional().describe("While queued: running, queued, or waiting for a worker (none is running)"),
});

const CheckMessages = z.array(z.object({ message: z.string(), fieldPath: z.string(), tab: z.string() }));
const GENERATE_RESPONSES = {
  202: {
    description: "Jobs created",
    schema: z.object({
      jobs: z.array(z.object({ jobId: z.string(), docType: z.string(), providerJobId: z.string() })),
      generation_count: z.number().int().optional(),
      max_generations: z.number().int().optional(),
      generation_history_id: z.string().optional(),
    }),
  },
  200: {
    description: "Soft warnings: resubmit with confirm_warnings true",
    schema: z.object({
      success: z.literal(false),
      requiresConfirmation: z.literal(true),
      warnings: z.array(z.object({ docType: z.string(), warnings: CheckMessages })),
    }),
  },
  400: {
    description: "Pre-check errors of all requested types (no error code), or a bad request (error envelope)",
    schema: z.union([
      z.object({ success: z.literal(false), preCheckErrors: z.array(z.object({ docType: z.string(), errors: CheckMessages })) }),
      ErrorEnvelope,
    ]),
  },
  401: COMMON_ERRORS[401],
  404: err("shipment_id not found (SVC_SHIP_004)"),
  409: err("Concurrent generation of the same shipment (SVC_GEN_LIMIT): retry"),
  422: err("Validation error rules fail (SVC_GEN_001)"),
  429: err("Generation limit of the shipment reached (SVC_GEN_LIMIT)"),
};

/** Each outcome with its own status, so that each body is checked against that status's schema. */
function respondToGenerate(c: Context<AppEnv>, result: GenerateResult) {
  if (result.status === 202) return c.json(result.body, 202);
  if (result.status === 200) return c.json(result.body, 200);
  return c.json(result.body, 400);
}

/** What both generate routes ask for, as the service reads it: the types and the options (defaults false). */
function requested(body: z.output<z.ZodObject<typeof Options & { document_types: typeof DocumentTypes }>>) {
  return {
    documentTypes: body.document_types,
    finalDoc: body.final_doc ?? false,
    confirmWarnings: body.confirm_warnings ?? false,
    validationHash: body.validation_hash,
  };
}

function toRequest(body: z.output<typeof GenerateDocumentsBody>): GenerateRequest {
  return {
    ...requested(body),
    shipment: body.shipment,
    shipmentId: body.shipment_id,
    previousShipmentData: body.shipment_id ? body.previous_shipment_data : undefined,
  };
}

export const generateDocumentsRoute = defineRoute({
  method: "post",
  path: "/functions/v1/generate-documents",
  operationId: "generateDocumentsFunction",
  summary: "Generate documents asynchronously (202 with job ids)",
  description:
    "Order of checks: shipment_id (404), pre-checks (400), soft warnings (200), validation (422), generation limit (429/409), then 202.",
  tags: ["Documents"],
  auth: "function",
  body: GenerateDocumentsBody,
  bodyErrorCode: (issue) =>
    issue.path.length === 1 && ["shipment", "document_types"].includes(String(issue.path[0])) && issue.code === "invalid_type"
      ? VALIDATION_ERRORS.SVC_VAL_002
      : undefined,
  responses: GENERATE_RESPONSES,
  handler: async (c, { body, principal }) => {
    const result = await generateDocuments(c.var.services, principal, toRequest(body));
    if (result.status === 202) startProcessing(c.var.services);
    return respondToGenerate(c, result);
  },
});

export const documentFieldRequirementsRoute = defineRoute({
  method: "get",
  path: "/functions/v1/document-field-requirements",
  operationId: "documentFieldRequirements",
  summary: "Public: required and recommended fields of all 16 document types",
  tags: ["Documents"],
  auth: "public",
  responses: {
    200: {
      description: "The table that also drives the pre-checks and soft warnings (every soft-warning field is among the recommended ones)",
      schema: FieldRequirementsSchema,
    },
  },
  handler: (c) => {
    c.header("cache-control", "public, max-age=3600");
    return c.json({ requirements: FIELD_REQUIREMENTS }, 200);
  },
});

export const documentsRouter: RouteDef[] = [
  defineRoute({
    method: "post",
    path: "/api/v1/shipments/{id}/generate",
    operationId: "regenerateShipmentDocuments",
    summary: "Generate (or regenerate) documents of a stored shipment from its stored data",
    description:
      "Body: {document_types, final_doc?, confirm_warnings?, validation_hash?}. Same checks and answers as generate-documents with shipment_id; the diff is taken against the previous generation's snapshot.",
    tags: ["Documents"],
    auth: "api-key",
    params: IdParam,
    body: z.strictObject({ document_types: DocumentTypes, ...Options }),
    responses: GENERATE_RESPONSES,
    handler: async (c, { params, body, principal }) => {
      const { db } = c.var.services;
      const stored = await findShipment(db, principal.accountId, params.id);
      if (!stored) throw new AppError(SHIPMENTS_ERRORS.SVC_SHIP_004, "Shipment not found", { details: { shipment_id: params.id } });
      const result = await generateDocuments(c.var.services, principal, {
        ...requested(body),
        shipment: stored.shipment_data,
        shipmentId: stored.id,
        previousShipmentData: await latestGenerationSnapshot(db, principal.accountId, stored.id),
      });
      if (result.status === 202) startProcessing(c.var.services);
      return respondToGenerate(c, result);
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/documents/{jobId}",
    operationId: "getDocument",
    summary: "A generation job: status, signed download address, hash and verification address",
    tags: ["Documents"],
    auth: "api-key",
    params: z.object({ jobId: z.string() }),
    responses: {
      200: { description: "The document job", schema: DocumentResourceSchema },
      401: COMMON_ERRORS[401],
      404: err("No such job in this account (SVC_DOC_001)"),
    },
    handler: async (c, { params, principal }) => {
      const job = await findGenerationJob(c.var.services.db, principal.accountId, params.jobId);
      if (!job) throw new AppError(DOCUMENTS_ERRORS.SVC_DOC_001, "Document job not found", { details: { job_id: params.jobId } });
      const statusDetail = await jobQueueDetail(c.var.services.db, "generation_jobs", job.status);
      return c.json(
        { ...(await documentResource(c.var.services.config, job)), ...(statusDetail ? { status_detail: statusDetail } : {}) },
        200,
      );
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/documents/{jobId}/download",
    operationId: "downloadDocument",
    summary: "The PDF: with a signed address (no headers) or with the API key",
    tags: ["Documents"],
    auth: "public",
    params: z.object({ jobId: z.string() }),
    query: z.object({
      expires: z.string().optional(),
      signature: z.string().optional(),
      variant: z
        .enum(["original", "pdfa"])
        .optional()
        .describe("pdfa: the PDF/A copy made by flatten-document (PDF/A-3b with the credential attached)"),
    }),
    responses: {
      200: { description: "The PDF", contentType: "application/pdf" },
      401: COMMON_ERRORS[401],
      403: err("Bad or expired signature (SVC_DOC_004)"),
      404: err("Not found (SVC_DOC_001)"),
      409: err("Not completed (SVC_DOC_002)"),
      410: err("File no longer kept (SVC_DOC_003)"),
      500: err("File missing from storage (SVC_DOC_005)"),
    },
    handler: async (c, { params, query }) => {
      const { db, blobs, config } = c.var.services;
      let accountId: string | null;
      if (query.signature !== undefined || query.expires !== undefined) {
        const check = await checkDownloadSignature(
          params.jobId,
          query.expires ?? "",
          query.signature ?? "",
          config.downloadSigningSecret,
          new Date(),
          query.variant ?? "original",
        );
        if (check !== "valid")
          throw new AppError(
            DOCUMENTS_ERRORS.SVC_DOC_004,
            check === "expired" ? "This download address has expired" : "Invalid download signature",
          );
        accountId = null; // the signature names the job
      } else {
        accountId = (await authenticate(c.req.raw.headers, c.var.services, "api-key"))!.accountId;
      }
      const job = await findGenerationJob(db, accountId, params.jobId);
      if (!job) throw new AppError(DOCUMENTS_ERRORS.SVC_DOC_001, "Document job not found", { details: { job_id: params.jobId } });
      if (job.status !== "completed")
        throw new AppError(DOCUMENTS_ERRORS.SVC_DOC_002, `Document not ready: status ${job.status}`, { details: { status: job.status } });
      const key = query.variant === "pdfa" ? job.flattened_blob_key : job.blob_key;
      if (query.variant === "pdfa" && !key && job.blob_key)
        throw new AppError(DOCUMENTS_ERRORS.SVC_DOC_001, "No PDF/A copy of this document: call flatten-document first");
      // No key: retention released the file (410). A key without a stored file is a storage fault, not retention.
      if (!key)
        throw new AppError(DOCUMENTS_ERRORS.SVC_DOC_003, "The file of this generation is no longer kept; its hash stays verifiable", {
          details: { hash: job.validation_hash },
        });
      const blob = await blobs.get(key);
      if (!blob) {
        console.error(`SVC_DOC_005: document job ${job.id}: file ${key} is missing from storage (${blobs.kind})`);
        throw new AppError(DOCUMENTS_ERRORS.SVC_DOC_005, "The file of this document is missing from storage; report it with the job id", {
          details: { job_id: job.id },
        });
      }
      return c.body(blob.bytes as Uint8Array<ArrayBuffer>, 200, {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${job.document_type.toLowerCase()}-${job.id.slice(0, 8)}.pdf"`,
        "cache-control": "private, no-store",
      });
    },
  }),
];
