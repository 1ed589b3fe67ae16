/**
 * Fixtures for the PDF round-trip tests: real forms from renderDocument, filled three ways (pdf-lib,
 * pdftk fill_form with XFDF, and a NeedAppearances-style /V-only fill), hostile files built by hand, and
 * wrappers around the command-line tools (apt: qpdf poppler-utils pdftk-java liblcms2-utils; python3 for the
 * XML well-formedness check).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { PDFDict, PDFDocument, PDFHexString, PDFName, type PDFTextField } from "pdf-lib";
import { renderDocument, type RenderInput } from "../../../shared/document-types/render-document.ts";
import { fontkit, loadFontBytes } from "../../../shared/pdf/fonts.ts";
import { longShipment, SAMPLE_META } from "../../support/sample-shipments.ts";
import type { DocumentType } from "../../../shared/document-types/identities.ts";
import { PdfWorkspace } from "../../support/pdf-tools.ts";

export { PdfWorkspace };

export const PDF_ROUND_TRIP_TOOLS = ["qpdf", "pdffonts", "pdftotext", "pdfinfo", "pdftk", "transicc", "python3"] as const;

export function missingRoundTripTools(): string[] {
  return PDF_ROUND_TRIP_TOOLS.filter((tool) => spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0);
}

export function requireTools(): void {
  const missing = missingRoundTripTools();
  if (missing.length > 0) {
    throw new Error(
      `Missing tools: ${missing.join(", ")} — apt-get update && apt-get install -y qpdf poppler-utils pdftk-java liblcms2-utils python3`,
    );
  }
}

/** The sparse draft of the documents tests: some parties and goods, the rest fillable. */
export function sparseShipment(): Record<string, unknown> {
  return {
    exporter: { name: "Fabryka Mebli Łódzkich Sp. z o.o.", city: "Łódź", postal_code: "90-063", country: "PL" },
    importer: { name: "Müller GmbH", address: "Große Elbstraße 212", city: "Hamburg", country: "DE" },
    route: { origin_country: "PL", destination_country: "DE", transport_mode: "sea" },
    goods: {
      line_items: [
        { description: "Solid oak dining tables", quantity: 40, unit: "pcs", unit_price: 450, origin_country: "PL" },
        { description: "Lithium-ion battery packs", quantity: 120, unit: "pcs", unit_price: 189.5, compliance_flags: ["dgd"] },
      ],
    },
  };
}

/** 70 line items, every third without HS code and net weight: a 3-page packing list with ~50 fields. */
export function threePageShipment(): Record<string, unknown> {
  const shipment = longShipment(70) as Record<string, Record<string, unknown>>;
  const goods = shipment.goods;
  goods.line_items = (goods.line_items as Record<string, unknown>[]).map((item, i) =>
    i % 3 === 0 ? { ...item, hs_code: undefined, net_weight_kg: undefined } : item,
  );
  delete shipment.exporter.address;
  delete shipment.invoice_data;
  delete shipment.route.vessel_name;
  return shipment;
}

export function renderInput(docType: DocumentType, shipment: Record<string, unknown>, extra: Partial<RenderInput> = {}): RenderInput {
  return { ...SAMPLE_META, docType, shipment, finalDoc: false, ...extra };
}

export function renderForm(
  docType: DocumentType = "COMMERCIAL_INVOICE",
  shipment: Record<string, unknown> = sparseShipment(),
  extra: Partial<RenderInput> = {},
): Promise<Uint8Array> {
  return renderDocument(renderInput(docType, shipment, extra));
}

export const NON_LATIN = {
  "exporter.address": "ul. Piotrkowska 148/150, 90-063 Łódź",
  "invoiceData.invoiceNumber": "Привет-2025/17",
  "route.portOfLoading": "東京 (Tokyo)",
  "route.vesselName": "MSC Wisła",
} as const;

/** Fills text fields with pdf-lib the way an integrator would: setText, appearances in an embedded font. */
export async function fillWithPdfLib(
  bytes: Uint8Array,
  values: Record<string, string>,
  options: { helvetica?: boolean } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  const form = doc.getForm();
  for (const [name, value] of Object.entries(values)) form.getTextField(name).setText(value);
  if (options.helvetica) {
    // Latin-only values with pdf-lib's default (non-embedded Helvetica) appearances.
    return doc.save();
  }
  doc.registerFontkit(fontkit as never);
  const font = await doc.embedFont((await loadFontBytes()).regular, { subset: true });
  form.updateFieldAppearances(font);
  return doc.save({ updateFieldAppearances: false });
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!);
}

/** XFDF with nested <field> elements for hierarchical (dotted) names. */
export function xfdf(values: Record<string, string>): string {
  interface Node {
    children: Map<string, Node>;
    value?: string;
  }
  const root: Node = { children: new Map() };
  for (const [name, value] of Object.entries(values)) {
    let node = root;
    for (const part of name.split(".")) {
      let child = node.children.get(part);
      if (!child) node.children.set(part, (child = { children: new Map() }));
      node = child;
    }
    node.value = value;
  }
  const render = (node: Node): string =>
    [...node.children]
      .map(
        ([name, child]) =>
          `<field name="${escapeXml(name)}">${child.value !== undefined ? `<value>${escapeXml(child.value)}</value>` : ""}${render(child)}</field>`,
      )
      .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve"><fields>${render(root)}</fields></xfdf>\n`;
}

/** `pdftk in.pdf fill_form data.xfdf output out.pdf`. */
export function fillWithPdftk(ws: PdfWorkspace, bytes: Uint8Array, values: Record<string, string>, name = "pdftk"): Uint8Array {
  const input = ws.write(bytes, `${name}-in`);
  const data = join(ws.dir, `${name}.xfdf`);
  writeFileSync(data, xfdf(values));
  const output = join(ws.dir, `${name}-out.pdf`);
  execFileSync("pdftk", [input, "fill_form", data, "output", output], { stdio: ["ignore", "pipe", "pipe"] });
  return new Uint8Array(readFileSync(output));
}

/** What a NeedAppearances viewer saves: /V set on the field, appearances untouched, NeedAppearances true. */
export async function fillNeedAppearances(bytes: Uint8Array, values: Record<string, string>): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  const form = doc.getForm();
  for (const [name, value] of Object.entries(values)) {
    const field = form.getTextField(name) as PDFTextField;
    field.acroField.dict.set(PDFName.of("V"), PDFHexString.fromText(value));
  }
  form.acroForm.dict.set(PDFName.of("NeedAppearances"), doc.context.obj(true));
  return doc.save({ updateFieldAppearances: false });
}

// ---------------------------------------------------------------------------------------------------------
// Hand-written PDFs

/**
 * A classic PDF from object bodies ("<< … >>" or "<< … >>\nstream\n…\nendstream"), numbered 1…n, with a
 * correct cross-reference table. Object 1 must be the catalog.
 */
export function rawPdf(objects: (string | Uint8Array)[], trailerExtra = ""): Uint8Array {
  const chunks: Uint8Array[] = [];
  const enc = (s: string) => new TextEncoder().encode(s);
  let length = 0;
  const push = (chunk: Uint8Array) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  push(enc("%PDF-1.7\n"));
  push(Uint8Array.from([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a])); // binary comment line
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    push(enc(`${i + 1} 0 obj\n`));
    push(typeof body === "string" ? enc(body) : body);
    push(enc("\nendobj\n"));
  });
  const xref = length;
  let table = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) table += `${String(offset).padStart(10, "0")} 00000 n \n`;
  push(enc(`${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`));
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

export function concatBytes(...parts: (string | Uint8Array)[]): Uint8Array {
  const enc = new TextEncoder();
  const chunks = parts.map((p) => (typeof p === "string" ? enc.encode(p) : p));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const MINIMAL_PAGE = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>";

/** A valid one-page PDF (catalog, pages, page). */
export function minimalPdf(extraCatalog = ""): Uint8Array {
  return rawPdf([`<< /Type /Catalog /Pages 2 0 R ${extraCatalog} >>`, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", MINIMAL_PAGE]);
}

/** An object nested `depth` arrays deep, written by hand. */
export function deeplyNestedPdf(depth: number): Uint8Array {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R /Deep 4 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    MINIMAL_PAGE,
    `${"[".repeat(depth)}${"]".repeat(depth)}`,
  ]);
}

/** A stream declaring `declared` bytes of /Length while holding a few bytes. */
export function hugeDeclaredStreamPdf(declared: number): Uint8Array {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>",
    `<< /Length ${declared} >>\nstream\nBT ET\nendstream`,
  ]);
}

/** A page tree declaring /Count pages (with one real page). */
export function declaredPagesPdf(count: number): Uint8Array {
  return rawPdf(["<< /Type /Catalog /Pages 2 0 R >>", `<< /Type /Pages /Kids [3 0 R] /Count ${count} >>`, MINIMAL_PAGE]);
}

/** `count` real pages written by pdf-lib (object streams, so the page tree is compressed). */
export async function manyPagesPdf(count: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < count; i++) doc.addPage([200, 200]);
  return doc.save({ useObjectStreams: true, objectsPerTick: Number.POSITIVE_INFINITY });
}

/** An object stream whose FlateDecode data expands to `expanded` bytes of zeros. */
export function objectStreamBombPdf(expanded: number): Uint8Array {
  const data = deflateSync(new Uint8Array(expanded), { level: 9 });
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    MINIMAL_PAGE,
    concatBytes(`<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, data, "\nendstream"),
  ]);
}

/** A cross-reference stream declaring two billion entries. */
export function hugeXrefStreamPdf(): Uint8Array {
  const data = deflateSync(new Uint8Array(16));
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    MINIMAL_PAGE,
    concatBytes(`<< /Type /XRef /Size 2000000000 /W [1 4 2] /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, data, "\nendstream"),
  ]);
}

/** A page tree whose /Kids point back at the root. */
export function cyclicPageTreePdf(): Uint8Array {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>",
  ]);
}

/** A generated form with an /XFA entry added to its AcroForm. */
export async function withXfa(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  const acroForm = doc.catalog.lookup(PDFName.of("AcroForm"), PDFDict);
  const packet = doc.context.register(doc.context.stream('<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"></xdp:xdp>'));
  acroForm.set(PDFName.of("XFA"), doc.context.obj([PDFHexString.fromText("xdp:xdp"), packet]));
  return doc.save();
}

/** `qpdf --encrypt user owner 256 -- in out`. */
export function encryptWithQpdf(ws: PdfWorkspace, bytes: Uint8Array, userPassword = "user"): Uint8Array {
  const input = ws.write(bytes, "plain");
  const output = join(ws.dir, `encrypted-${userPassword.length}.pdf`);
  execFileSync("qpdf", ["--encrypt", userPassword, "owner", "256", "--", input, output]);
  return new Uint8Array(readFileSync(output));
}

// ---------------------------------------------------------------------------------------------------------
// Tool wrappers

export interface ToolRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function run(command: string, args: string[], input?: string): ToolRun {
  const result = spawnSync(command, args, { encoding: "utf8", input, maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

/** Uncompressed, normalised copy of a PDF (`qpdf --qdf --object-streams=disable`) as latin1 text. */
export function qdfText(_ws: PdfWorkspace, file: string): string {
  const out = `${file}.qdf.pdf`;
  const result = run("qpdf", ["--qdf", "--object-streams=disable", file, out]);
  if (result.status !== 0) throw new Error(`qpdf --qdf failed: ${result.stderr}`);
  return Buffer.from(readFileSync(out)).toString("latin1");
}

export function pageText(file: string, page?: number): ToolRun {
  const args = ["-layout", "-enc", "UTF-8"];
  if (page !== undefined) args.push("-f", String(page), "-l", String(page));
  return run("pdftotext", [...args, file, "-"]);
}
