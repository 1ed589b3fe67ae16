/** The generation hook: a rendered document that is an e-invoice leaves as Factur-X; any other as it is. */
import { eInvoiceOfDocument, type EInvoiceSource } from "./document-einvoice.ts";
import { toFacturXPdf } from "./facturx-pdf.ts";
import { writeCii } from "./write-cii.ts";

export async function withEmbeddedEInvoice(pdf: Uint8Array, source: EInvoiceSource): Promise<Uint8Array> {
  const invoice = eInvoiceOfDocument(source);
  return invoice ? toFacturXPdf(pdf, writeCii(invoice), { now: source.generatedAt }) : pdf;
}
