/**
 * From a document: upload for extraction (then the job page: progress, failure or the review form, see
 * form-pages.ts), and a filled PDF form read back with extract-filled-fields.
 */
import type { Hono } from "hono";
import type { DashboardEnv } from "../dashboard-env.ts";
import { csrfField } from "../csrf.ts";
import { renderPage } from "../layout.ts";
import { AppError } from "../../errors/app-error.ts";
import { listShipments, findShipment } from "../../shipments/shipment-repository.ts";
import { readUpload, submitExtraction } from "../../extraction/extraction-service.ts";
import { findExtractionJob } from "../../extraction/extraction-repository.ts";
import { wakeBackgroundTasks } from "../../jobs/background-registry.ts";
import { extractFilledFields } from "../../pdf-round-trip/extract-filled-fields.ts";
import { renderFilledFormResult, renderUploadPage, type FilledFormResult } from "./from-document-view.ts";
import { memberPrincipal, one, page, type Body, type Ctx } from "./page-support.ts";
import { shipmentTitle } from "./view-helpers.ts";
import { PLATFORM_ERRORS } from "../../errors/platform-errors.ts";
import { VALIDATION_ERRORS } from "../../validation/validation-errors.ts";

async function uploadPage(c: Ctx, notice?: { kind: "ok" | "error"; text: string }, status = 200, shipmentId?: string): Promise<Response> {
  const { shipments } = await listShipments(c.get("services").db, c.get("member").accountId, { limit: 100, offset: 0 });
  return renderPage(c, {
    title: "From a document",
    active: "from-document",
    notice,
    status,
    body: renderUploadPage({
      csrf: csrfField(c),
      shipments: shipments.map((s) => ({ id: s.id, title: `${shipmentTitle(s)} (${s.status})` })),
      shipmentId: shipmentId ?? c.req.query("shipment_id"),
      maxUploadMb: Math.round((c.get("services").config.maxUploadBytes / 1024 / 1024) * 10) / 10,
    }),
  });
}

/**
 * The CSRF check already parsed the multipart body (hono caches it); the extraction service reads a
 * Request, so the cached form is handed over as one — the service's checks (size, type by content) apply.
 */
async function formAsRequest(c: Ctx): Promise<Request> {
  const form = await c.req.formData();
  return new Request(c.req.url, { method: "POST", body: form });
}

export function registerFromDocumentPages(app: Hono<DashboardEnv>): void {
  app.get(
    "/dashboard/from-document",
    page((c) => uploadPage(c), "from-document"),
  );

  app.post(
    "/dashboard/from-document",
    page(async (c) => {
      const services = c.get("services");
      try {
        const upload = await readUpload(await formAsRequest(c), services.config.maxUploadBytes);
        upload.shipmentId = null;
        const job = await submitExtraction(services, c.get("member").accountId, upload);
        wakeBackgroundTasks();
        return c.redirect(`/dashboard/from-document/${job.id}`, 303);
      } catch (e) {
        if (e instanceof AppError) return uploadPage(c, { kind: "error", text: `${e.message} (${e.code})` }, e.status);
        throw e;
      }
    }, "from-document"),
  );

  app.get("/dashboard/from-document/:jobId/status.json", async (c) => {
    const job = await findExtractionJob(c.get("services").db, c.get("member").accountId, c.req.param("jobId"));
    if (!job) return c.json({ error: { code: "SVC_EXTRACT_006", message: "Extraction job not found" } }, 404);
    c.header("cache-control", "no-store");
    return c.json({ done: job.status === "completed" || job.status === "failed", status: job.status });
  });

  app.post(
    "/dashboard/from-document/filled-form",
    page(async (c) => {
      const services = c.get("services");
      const body = (await c.req.parseBody({ all: true })) as Body;
      const file = body.file;
      const shipmentId = one(body, "shipment_id") || undefined;
      const docType = one(body, "doc_type");
      try {
        if (!(file instanceof File) || file.size === 0)
          throw new AppError(VALIDATION_ERRORS.SVC_VAL_001, "Choose the filled PDF to upload", { details: { field: "file" } });
        if (file.size > services.config.maxUploadBytes)
          throw new AppError(PLATFORM_ERRORS.SVC_REQ_004, `The file is larger than ${services.config.maxUploadBytes} bytes`);
        const result = (await extractFilledFields(services.db, await memberPrincipal(c), {
          file: new Uint8Array(await file.arrayBuffer()),
          docType,
          shipmentId,
          autoMerge: true,
        })) as FilledFormResult["body"];
        const s = shipmentId ? await findShipment(services.db, c.get("member").accountId, shipmentId) : null;
        return renderPage(c, {
          title: "Filled form read back",
          active: "from-document",
          body: renderFilledFormResult({ docType, shipment: s ? { id: s.id, title: shipmentTitle(s) } : undefined, body: result }),
        });
      } catch (e) {
        if (e instanceof AppError) return uploadPage(c, { kind: "error", text: `${e.message} (${e.code})` }, e.status, shipmentId);
        throw e;
      }
    }, "from-document"),
  );
}
