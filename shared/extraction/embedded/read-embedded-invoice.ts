/**
 * Machine-readable invoices that travel inside PDFs (Factur-X / ZUGFeRD: CII; some senders: UBL).
 * The attachment is chosen by content, not by name: the first XML whose root is a CII or UBL invoice.
 * A broken or foreign attachment is ignored (the page text is still read), never an error.
 */
import type { FlatExtraction } from "../extraction-result.ts";
import { isCiiInvoice, readCiiInvoice } from "./read-cii-invoice.ts";
import { isUblInvoice, readUblInvoice } from "./read-ubl-invoice.ts";
import { parseXml } from "../../text/xml-tree.ts";

export interface EmbeddedFile {
  name: string;
  bytes: Uint8Array;
}

export interface EmbeddedInvoice {
  /** The attachment's file name and the syntax it was read as. */
  file: string;
  syntax: "cii" | "ubl";
  values: FlatExtraction;
}

/** Attachments larger than this are not invoices worth parsing (Factur-X XMLs are a few hundred KB at most). */
const MAX_XML_BYTES = 5 * 1024 * 1024;

/** The names the e-invoice standards give their XML (Factur-X, ZUGFeRD 1.0 and 2.x, XRechnung, Order-X). */
const INVOICE_NAMES = /^(factur-x|zugferd-invoice|xrechnung|order-x|cii|ubl)[^/]*\.xml$/i;

export function readEmbeddedInvoice(files: EmbeddedFile[]): EmbeddedInvoice | null {
  // The standard's own file name first (a PDF may carry other XMLs too); the content decides.
  const ordered = [...files].sort((a, b) => Number(INVOICE_NAMES.test(b.name)) - Number(INVOICE_NAMES.test(a.name)));
  for (const f of ordered) {
    if (f.bytes.length === 0 || f.bytes.length > MAX_XML_BYTES) continue;
    const xml = new TextDecoder("utf-8", { fatal: false }).decode(f.bytes).replace(/^\uFEFF/, "");
    if (!/^\s*<(\?xml|[A-Za-z])/.test(xml)) continue;
    let root;
    try {
      root = parseXml(xml);
    } catch {
      continue;
    }
    if (isCiiInvoice(root)) return { file: f.name, syntax: "cii", values: readCiiInvoice(root) };
    if (isUblInvoice(root)) return { file: f.name, syntax: "ubl", values: readUblInvoice(root) };
  }
  return null;
}

/**
 * The embedded values win; the text reading fills only paths the XML lacks. Line items come from one
 * source only: rows of two readings cannot be aligned by index.
 */
export function mergeWithEmbedded(embedded: FlatExtraction, fromText: FlatExtraction): FlatExtraction {
  const out: FlatExtraction = new Map(embedded);
  const embeddedHasLines = [...embedded.keys()].some((k) => k.startsWith("goods.line_items["));
  for (const [path, v] of fromText) {
    if (out.has(path)) continue;
    if (embeddedHasLines && path.startsWith("goods.line_items[")) continue;
    out.set(path, v);
  }
  return out;
}
