/**
 * The e-invoice of a generation job, built from the job's stored input the way the PDF's factur-x.xml was,
 * and served as CII or UBL by the API and the dashboard alike.
 */
import { AppError } from "../errors/app-error.ts";
import type { GenerationJob } from "./generation-repository.ts";
import { EN16931_PROFILE, type EInvoice } from "../einvoice/einvoice-model.ts";
import { eInvoiceOfDocument } from "../einvoice/document-einvoice.ts";
import { writeCii } from "../einvoice/write-cii.ts";
import { writeUbl } from "../einvoice/write-ubl.ts";
import { DOCUMENTS_ERRORS } from "../documents/documents-errors.ts";
import { EINVOICE_ERRORS } from "../einvoice/einvoice-errors.ts";

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
    throw new AppError(DOCUMENTS_ERRORS.SVC_DOC_002, `Document not ready: status ${job.status}`, { details: { status: job.status } });
  const invoice = eInvoiceOfJob(job);
  if (!invoice) {
    throw new AppError(
      EINVOICE_ERRORS.SVC_DOC_006,
      "This document is not an e-invoice: only a final COMMERCIAL_INVOICE or PROFORMA_INVOICE of an EU seller whose shipment holds every EN 16931 business term is one (see rule_doc_einvoice_terms)",
      { details: { job_id: job.id, document_type: job.document_type } },
    );
  }
  return invoice;
}
