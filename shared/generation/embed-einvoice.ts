/** The generation hook: a rendered document that is an e-invoice leaves as Factur-X; any other as it is. */
import { eInvoiceOfDocument, type EInvoiceSource } from "../einvoice/document-einvoice.ts";
import { toFacturXPdf } from "../pdf/facturx-pdf.ts";
import { writeCii } from "../einvoice/write-cii.ts";
import type { AttachedFile } from "../pdf/attach-file.ts";

export async function withEmbeddedEInvoice(
  pdf: Uint8Array,
  source: EInvoiceSource,
  /** Files the rendered PDF carries (the credential), embedded again in the Factur-X file. */
  attachments: readonly AttachedFile[] = [],
): Promise<Uint8Array> {
  const invoice = eInvoiceOfDocument(source);
  return invoice ? toFacturXPdf(pdf, writeCii(invoice), { now: source.generatedAt, attachments }) : pdf;
}
