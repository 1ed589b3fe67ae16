/**
 * GET /api/v1/documents/{jobId}/einvoice/{syntax}: the EN 16931 invoice of a generated commercial or
 * proforma invoice, as UN/CEFACT CII (the factur-x.xml inside the PDF) or as UBL 2.1 Invoice (the syntax of
 * Peppol BIS Billing 3.0 and XRechnung-UBL). Both are built from the job's stored input, the same way the
 * PDF's XML was, so they state the same invoice.
 */
import { z } from "zod";
import { defineRoute, type RouteDef } from "../http/route.ts";
import { AppError } from "../http/app-error.ts";
import { COMMON_ERRORS, err } from "../http/common-responses.ts";
import { findGenerationJob, type GenerationJob } from "../generation/generation-repository.ts";
import { EN16931_PROFILE } from "./einvoice-model.ts";
import type { EInvoice } from "./einvoice-model.ts";
import { eInvoiceOfDocument } from "./document-einvoice.ts";
import { writeCii } from "./write-cii.ts";
import { writeUbl } from "./write-ubl.ts";

export const EINVOICE_SYNTAXES = ["cii", "ubl"] as const;
export type EInvoiceSyntax = (typeof EINVOICE_SYNTAXES)[number];

/** application/xml with the specification identifier (BT-24) as profile (RFC 6906), for either syntax. */
export const EINVOICE_MEDIA_TYPE = `application/xml; charset=utf-8; profile="${EN16931_PROFILE}"`;

export function eInvoiceOfJob(job: GenerationJob): EInvoice | null {
  return eInvoiceOfDocument({
    documentType: job.document_type,
    shipment: job.input.shipment,
    finalDoc: job.input.finalDoc,
    generatedAt: new Date(job.input.generatedAt),
  });
}

export function eInvoiceXml(invoice: EInvoice, syntax: EInvoiceSyntax): string {
  return syntax === "cii" ? writeCii(invoice) : writeUbl(invoice);
}

/** The file name a download gets: e.g. factur-x.xml's twin, "FV-2025-03-0117.cii.xml". */
export function eInvoiceFileName(invoice: EInvoice, syntax: EInvoiceSyntax): string {
  return `${invoice.number.replace(/[^A-Za-z0-9._-]+/g, "-")}.${syntax}.xml`;
}

/** The job's invoice XML, or the error a caller gets (404 / 409). */
export function requireEInvoice(job: GenerationJob): EInvoice {
  if (job.status !== "completed")
    throw new AppError("SVC_DOC_002", `Document not ready: status ${job.status}`, { details: { status: job.status } });
  const invoice = eInvoiceOfJob(job);
  if (!invoice) {
    throw new AppError(
      "SVC_DOC_006",
      "This document is not an e-invoice: only a final COMMERCIAL_INVOICE or PROFORMA_INVOICE of an EU seller whose shipment holds every EN 16931 business term is one (see rule_doc_einvoice_terms)",
      { details: { job_id: job.id, document_type: job.document_type } },
    );
  }
  return invoice;
}

export const einvoiceRoutes: RouteDef[] = [
  defineRoute({
    method: "get",
    path: "/api/v1/documents/{jobId}/einvoice/{syntax}",
    operationId: "getDocumentEInvoice",
    summary: "The EN 16931 e-invoice XML of a generated invoice: UN/CEFACT CII (as embedded in the Factur-X PDF) or UBL 2.1",
    description:
      'cii: the CrossIndustryInvoice D16B that the PDF/A-3b carries as factur-x.xml; ubl: the same invoice as a UBL 2.1 Invoice. Media type application/xml with profile="urn:cen.eu:en16931:2017". See docs/einvoice.md.',
    tags: ["Documents"],
    auth: "api-key",
    params: z.object({ jobId: z.string(), syntax: z.enum(EINVOICE_SYNTAXES) }),
    responses: {
      200: { description: "The invoice XML", contentType: "application/xml" },
      400: err("syntax is neither cii nor ubl (SVC_REQ_002)"),
      401: COMMON_ERRORS[401],
      404: err("No such job in this account (SVC_DOC_001), or the document is not an e-invoice (SVC_DOC_006)"),
      409: err("Not completed (SVC_DOC_002)"),
    },
    handler: async (c, { params, principal }) => {
      const job = await findGenerationJob(c.var.services.db, principal.accountId, params.jobId);
      if (!job) throw new AppError("SVC_DOC_001", "Document job not found", { details: { job_id: params.jobId } });
      const invoice = requireEInvoice(job);
      return c.body(eInvoiceXml(invoice, params.syntax), 200, {
        "content-type": EINVOICE_MEDIA_TYPE,
        "content-disposition": `attachment; filename="${eInvoiceFileName(invoice, params.syntax)}"`,
        "cache-control": "private, no-store",
      });
    },
  }),
];
