import { z } from "zod";
import { defineRoute, type RouteDef } from "../http/route.ts";
import { AppError } from "../errors/app-error.ts";
import { COMMON_ERRORS, err } from "../http/common-responses.ts";
import { wakeBackgroundTasks } from "../jobs/background-registry.ts";
import { jobQueueDetail } from "../jobs/worker-heartbeat.ts";
import { findExtractionJob, toExtractionJobView } from "./extraction-repository.ts";
import { readUpload, submitExtraction } from "./extraction-service.ts";
import { EXTRACTION_ERRORS } from "./extraction-errors.ts";

const tags = ["Extraction"];

export const ExtractionJobSchema = z.object({
  job_id: z.string(),
  status: z.enum(["processing", "completed", "failed"]),
  shipment_id: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().optional(),
  result: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      "TradeShipment structure (exporter, importer, notify_party, route, goods.line_items[], packaging) whose every leaf is {value, confidence}; only values found are present",
    ),
  extractor: z.string().nullable().optional().describe("builtin or openai"),
  input_source: z.string().nullable().optional().describe("pdf-text, pdf-ocr, image-ocr or spreadsheet"),
  error: z.object({ code: z.string(), message: z.string() }).optional().describe("SVC_EXTRACT_002 and why"),
  status_detail: z.string().optional().describe("While processing: running, queued, or waiting for a worker (none is running)"),
});

const SubmittedSchema = z.object({ job_id: z.string(), status: z.literal("processing"), created_at: z.string() });

export const extractionRouter: RouteDef[] = [
  defineRoute({
    method: "post",
    path: "/api/v1/extract",
    operationId: "submitExtraction",
    summary: "Upload a PDF, image or spreadsheet to extract shipment data (asynchronous)",
    description:
      "multipart/form-data with `file` (PDF, PNG, JPG, TIFF, XLS or XLSX; at most TDS_MAX_UPLOAD_BYTES, 10 MB) and an optional " +
      "`shipment_id` (a shipment of your account; linked to the job, never merged automatically). Answers at once with the job; " +
      "poll GET /api/v1/extract/{jobId} every 2 seconds. The file type is decided by its content. Uploaded files are deleted after 5 days.",
    tags,
    auth: "api-key",
    responses: {
      202: { description: "The job was queued", schema: SubmittedSchema },
      400: err("No file part (SVC_EXTRACT_004), empty or corrupt file (SVC_EXTRACT_003)"),
      401: COMMON_ERRORS[401],
      404: err("shipment_id not found (SVC_SHIP_004)"),
      413: err("File larger than the limit (SVC_EXTRACT_005)"),
      415: err("Not multipart/form-data (SVC_REQ_003) or unsupported file type (SVC_EXTRACT_001)"),
    },
    handler: async (c, { principal }) => {
      const services = c.var.services;
      const upload = await readUpload(c.req.raw, services.config.maxUploadBytes);
      const row = await submitExtraction(services, principal.accountId, upload);
      wakeBackgroundTasks();
      const view = toExtractionJobView(row);
      return c.json({ job_id: view.job_id, status: "processing" as const, created_at: view.created_at }, 202);
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/extract/{jobId}",
    operationId: "getExtraction",
    summary: "Poll an extraction job: processing, completed (result) or failed (error)",
    tags,
    auth: "api-key",
    params: z.object({ jobId: z.string() }),
    responses: {
      200: { description: "The extraction job", schema: ExtractionJobSchema },
      401: COMMON_ERRORS[401],
      404: err("Job not found (SVC_EXTRACT_006)"),
    },
    handler: async (c, { params, principal }) => {
      const row = await findExtractionJob(c.var.services.db, principal.accountId, params.jobId);
      if (!row) throw new AppError(EXTRACTION_ERRORS.SVC_EXTRACT_006, "Extraction job not found", { details: { job_id: params.jobId } });
      const statusDetail = await jobQueueDetail(c.var.services.db, "extraction_jobs", row.status);
      return c.json({ ...toExtractionJobView(row), ...(statusDetail ? { status_detail: statusDetail } : {}) }, 200);
    },
  }),
];
