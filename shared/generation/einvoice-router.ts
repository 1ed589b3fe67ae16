/**
 * GET /api/v1/documents/{jobId}/einvoice/{syntax}: the EN 16931 invoice of a generated commercial or
 * proforma invoice, as UN/CEFACT CII (the factur-x.xml inside the PDF) or as UBL 2.1 Invoice (the syntax of
 * Peppol BIS Billing 3.0 and XRechnung-UBL). Both are built from the job's stored input, the same way the
 * PDF's XML was, so they state the same invoice.
 */
import { z } from "zod";
import { defineRoute, type RouteDef } from "../http/route.ts";
import { AppError } from "../errors/app-error.ts";
import { COMMON_ERRORS, err } from "../http/common-responses.ts";
import { findGenerationJob } from "./generation-repository.ts";
import { EINVOICE_MEDIA_TYPE, EINVOICE_SYNTAXES, eInvoiceFileName, eInvoiceXml, requireEInvoice } from "./einvoice-of-job.ts";
import { DOCUMENTS_ERRORS } from "../documents/documents-errors.ts";

export const einvoiceRouter: RouteDef[] = [
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
      if (!job) throw new AppError(DOCUMENTS_ERRORS.SVC_DOC_001, "Document job not found", { details: { job_id: params.jobId } });
      const invoice = requireEInvoice(job);
      return c.body(eInvoiceXml(invoice, params.syntax), 200, {
        "content-type": EINVOICE_MEDIA_TYPE,
        "content-disposition": `attachment; filename="${eInvoiceFileName(invoice, params.syntax)}"`,
        "cache-control": "private, no-store",
      });
    },
  }),
];
