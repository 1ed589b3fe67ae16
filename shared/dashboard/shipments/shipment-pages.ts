/** A shipment's page and its actions: validate, job progress (JSON), download, e-invoice XML, flatten to PDF/A. */
import type { Hono } from "hono";
import type { DashboardEnv } from "../dashboard-env.ts";
import { csrfField } from "../csrf.ts";
import { renderPage } from "../layout.ts";
import { AppError } from "../../errors/app-error.ts";
import { isUuid } from "../../db/values.ts";
import { findShipment, listGenerationHistory } from "../../shipments/shipment-repository.ts";
import { findGenerationJob, listShipmentJobs, type GenerationJob } from "../../generation/generation-repository.ts";
import { verificationUrl } from "../../generation/document-links.ts";
import { findValidationRecord } from "../../validation/validation-record-repository.ts";
import { validateShipment } from "../../validation/validate-shipment.ts";
import { flattenDocument } from "../../pdf-round-trip/flatten-document.ts";
import { credentialStatesOfJobs } from "../../credentials/credential-repository.ts";
import { revokeDocumentCredential } from "../../credentials/revoke-credential.ts";
import { EINVOICE_MEDIA_TYPE, eInvoiceFileName, eInvoiceXml, requireEInvoice } from "../../generation/einvoice-of-job.ts";
import { chosenDocumentTypes } from "./form-fields.ts";
import { renderShipmentPage } from "./shipment-view.ts";
import { PROGRESS_SCRIPT } from "./form-pages.ts";
import { all, download, memberPrincipal, noticeFrom, one, page, shipmentNotFound, type Body, type Ctx } from "./page-support.ts";
import { shipmentTitle } from "./view-helpers.ts";
import { DOCUMENTS_ERRORS } from "../../documents/documents-errors.ts";
import { EINVOICE_ERRORS } from "../../einvoice/einvoice-errors.ts";

async function loadShipment(c: Ctx) {
  const id = c.req.param("id") ?? "";
  const s = await findShipment(c.get("services").db, c.get("member").accountId, id);
  if (!s) throw shipmentNotFound(id);
  return s;
}

/** A job of this shipment in this account, or "not found" (another account's job id says nothing). */
async function loadJob(c: Ctx, shipmentId: string): Promise<GenerationJob> {
  const jobId = c.req.param("jobId") ?? "";
  const job = await findGenerationJob(c.get("services").db, c.get("member").accountId, jobId);
  if (!job || job.shipment_id !== shipmentId)
    throw new AppError(DOCUMENTS_ERRORS.SVC_DOC_001, "Document not found", { details: { job_id: jobId } });
  return job;
}

const JOB_LABEL: Record<GenerationJob["status"], string> = {
  queued: "Queued",
  processing: "Rendering",
  completed: "Ready",
  failed: "Failed",
};

export function registerShipmentDetailPages(app: Hono<DashboardEnv>): void {
  app.get(
    "/dashboard/shipments/:id",
    page(async (c) => {
      const s = await loadShipment(c);
      const { db, config } = c.get("services");
      const accountId = c.get("member").accountId;
      const [history, jobs, validation] = await Promise.all([
        listGenerationHistory(db, accountId, s.id),
        listShipmentJobs(db, accountId, s.id),
        s.current_validation_record_id ? findValidationRecord(db, accountId, s.current_validation_record_id) : Promise.resolve(null),
      ]);
      const generations = history.map((h) => ({
        history: h,
        jobs: jobs.filter((j) => j.generation_history_id === h.id),
        verificationUrl: verificationUrl(config, h.validation_hash ?? ""),
      }));
      const pending = jobs.some((j) => j.status === "queued" || j.status === "processing");
      const credentials = await credentialStatesOfJobs(
        db,
        accountId,
        jobs.map((j) => j.id),
      );
      return renderPage(c, {
        title: shipmentTitle(s),
        active: "shipments",
        notice: noticeFrom(c),
        body: renderShipmentPage({ shipment: s, validation, generations, csrf: csrfField(c), credentials }),
        scripts: pending ? [PROGRESS_SCRIPT] : [],
      });
    }),
  );

  app.post(
    "/dashboard/shipments/:id/validate",
    page(async (c) => {
      const s = await loadShipment(c);
      const body = (await c.req.parseBody({ all: true })) as Body;
      const { outcome } = await validateShipment(c.get("services"), await memberPrincipal(c), {
        shipmentId: s.id,
        documentTypes: chosenDocumentTypes(all(body, "doc_types")),
      });
      return c.redirect(`/dashboard/shipments/${s.id}?notice=${outcome.valid ? "validated_ok" : "validated_failed"}#validation-h`, 303);
    }),
  );

  app.get("/dashboard/shipments/:id/jobs.json", async (c) => {
    const id = c.req.param("id");
    const accountId = c.get("member").accountId;
    const db = c.get("services").db;
    if (!(await findShipment(db, accountId, id))) return c.json({ error: { code: "SVC_SHIP_004", message: "Shipment not found" } }, 404);
    const generation = c.req.query("generation") ?? "";
    const jobs = (await listShipmentJobs(db, accountId, id)).filter((j) => !isUuid(generation) || j.generation_history_id === generation);
    const ready = jobs.filter((j) => j.status === "completed").length;
    c.header("cache-control", "no-store");
    return c.json({
      done: jobs.every((j) => j.status === "completed" || j.status === "failed"),
      ready,
      total: jobs.length,
      jobs: jobs.map((j) => ({ id: j.id, status: j.status, label: JOB_LABEL[j.status] })),
    });
  });

  app.get(
    "/dashboard/shipments/:id/documents/:jobId/download",
    page(async (c) => {
      const s = await loadShipment(c);
      const job = await loadJob(c, s.id);
      if (job.status !== "completed")
        throw new AppError(DOCUMENTS_ERRORS.SVC_DOC_002, `The document is not ready yet (status: ${job.status})`);
      const pdfa = c.req.query("variant") === "pdfa";
      const key = pdfa ? job.flattened_blob_key : job.blob_key;
      if (pdfa && !key && job.blob_key)
        throw new AppError(DOCUMENTS_ERRORS.SVC_DOC_001, "There is no PDF/A copy of this document yet: make one on the shipment page");
      const blob = key ? await c.get("services").blobs.get(key) : null;
      if (!blob)
        throw new AppError(DOCUMENTS_ERRORS.SVC_DOC_003, "The file of this generation is no longer kept; its hash stays verifiable");
      return download(
        c,
        blob.bytes as Uint8Array<ArrayBuffer>,
        "application/pdf",
        `${job.document_type.toLowerCase()}-${job.id.slice(0, 8)}${pdfa ? "-pdfa" : ""}.pdf`,
      );
    }),
  );

  app.get(
    "/dashboard/shipments/:id/documents/:jobId/einvoice/:syntax",
    page(async (c) => {
      const s = await loadShipment(c);
      const job = await loadJob(c, s.id);
      const syntax = c.req.param("syntax");
      if (syntax !== "cii" && syntax !== "ubl") throw new AppError(EINVOICE_ERRORS.SVC_DOC_006, "No such e-invoice syntax: cii or ubl");
      const invoice = requireEInvoice(job);
      return download(c, eInvoiceXml(invoice, syntax), EINVOICE_MEDIA_TYPE, eInvoiceFileName(invoice, syntax));
    }),
  );

  app.post(
    "/dashboard/shipments/:id/documents/:jobId/flatten",
    page(async (c) => {
      const s = await loadShipment(c);
      const job = await loadJob(c, s.id);
      const body = (await c.req.parseBody({ all: true })) as Body;
      const historyId = one(body, "generation_history_id");
      await flattenDocument(c.get("services"), await memberPrincipal(c), {
        jobId: job.id,
        generationHistoryId: historyId && historyId === job.generation_history_id ? historyId : undefined,
        hashStamp: job.validation_hash,
      });
      return c.redirect(`/dashboard/shipments/${s.id}?notice=flattened`, 303);
    }),
  );

  // Revokes the document's verifiable credential (its status list bit); CSRF-checked like every form here.
  app.post(
    "/dashboard/shipments/:id/documents/:jobId/revoke",
    page(async (c) => {
      const s = await loadShipment(c);
      const job = await loadJob(c, s.id);
      await revokeDocumentCredential(c.get("services").db, c.get("member").accountId, job.id);
      return c.redirect(`/dashboard/shipments/${s.id}?notice=revoked`, 303);
    }),
  );
}
