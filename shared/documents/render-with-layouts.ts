/**
 * renderPdf: one trade document as PDF bytes, drawn with the layout of its type. The layouts belong to
 * the document-type descriptors (one tier up), so the caller passes them in: renderDocument
 * (document-types/render-document.ts) passes the registry's.
 *
 *   layout of the type  shipment -> DocumentModel (pure; document-types/types/<type>/layout.ts)
 *   page-kit/flow.ts      DocumentModel -> positioned ops per page (measured with the embedded fonts)
 *   page-kit/frame.ts     header + footer (hash, generation, verification URL, QR, "Page x of y")
 *   page-kit/paint.ts     ops -> pdf-lib drawing and fillable fields
 *
 * Deterministic: the same input gives the same bytes (no clock, fixed producer/creator, dates from
 * `generatedAt`, trailer /ID derived from the input, pdf-lib's seeded name suffixes).
 */
import { AnnotationFlags, PDFDocument, PDFHexString, PDFName, PDFString, type PDFFont, type PDFTextField } from "pdf-lib";
import { DOCUMENT_TITLES, type DocumentType, isDocumentType } from "../document-types/identities.ts";
import type { TradeShipment } from "../shipments/trade-shipment-schema.ts";
import { type FontRole, fontkit, FORM_CHARSET, loadFontBytes, SHAPING_FEATURES } from "../pdf/fonts.ts";
import type { DocumentModel } from "./page-kit/model.ts";
import { createMeasurer } from "./page-kit/measure-text.ts";
import { flowDocument } from "./page-kit/flow.ts";
import { footerOps, headerOps } from "./page-kit/frame.ts";
import { paintOps } from "./page-kit/paint.ts";
import { compressPageContents, useNativeDeflate } from "../pdf/native-deflate.ts";
import { qrMatrix } from "./page-kit/qr.ts";
import { PAGE } from "./page-kit/styles.ts";
import type { Layout, LayoutInput } from "./layouts/common.ts";
import type { Airport } from "../trade/locode.ts";
import { bytesToHex } from "../hashing/bytes-to-hex.ts";
import { sha256 } from "../hashing/sha256.ts";

export interface RenderInput {
  docType: DocumentType;
  shipment: TradeShipment | Record<string, unknown>;
  /** true: everything static, no fillable fields (besides the hidden identity fields). */
  finalDoc: boolean;
  /** "sha256:<hex>" printed in the footer. */
  validationHash: string;
  /** Printed in the footer and encoded in the QR code. */
  verificationUrl: string;
  generationNumber: number;
  shipmentId: string | null;
  shipmentRef: string | null;
  /** Document date and PDF metadata dates; the renderer never reads the clock. */
  generatedAt: Date;
  /** Airports of the route's UN/LOCODEs (lookupAirports), printed by the air waybill in boxes 8 and 9. */
  airports?: Readonly<Record<string, Airport>>;
  /** Adds to the document before it is saved: the generation worker embeds the verifiable credential (docs/verification.md); the renderer knows no attachments. */
  attach?: (doc: PDFDocument) => void;
}

export const PRODUCER = "Trade Document Service";
export const CREATOR = "Trade Document Service document renderer";

function layoutInput(input: RenderInput): LayoutInput {
  const shipment = input.shipment && typeof input.shipment === "object" ? (input.shipment as Record<string, unknown>) : {};
  return {
    docType: input.docType,
    shipment,
    shipmentRef: input.shipmentRef,
    shipmentId: input.shipmentId,
    generatedAt: input.generatedAt,
    generationNumber: input.generationNumber,
    ...(input.airports ? { airports: input.airports } : {}),
  };
}

/** The layout of each document type. */
export type Layouts = Readonly<Record<DocumentType, Layout>>;

/** The document model of a type for a shipment (pure). */
export function buildModel(input: RenderInput, layouts: Layouts): DocumentModel {
  if (!isDocumentType(input.docType)) throw new Error(`Unknown document type: ${String(input.docType)}`);
  return layouts[input.docType](layoutInput(input));
}

async function documentId(input: RenderInput): Promise<Uint8Array> {
  const seed = [
    input.validationHash,
    input.docType,
    input.generationNumber,
    input.shipmentId ?? "",
    input.shipmentRef ?? "",
    input.finalDoc ? "final" : "fillable",
    input.generatedAt.toISOString(),
  ].join("|");
  return (await sha256(seed)).slice(0, 16);
}

function hex(bytes: Uint8Array): string {
  return bytesToHex(bytes).toUpperCase();
}

const HIDDEN_FIELDS = (input: RenderInput): [string, string][] => [
  ["_service_shipment_id", input.shipmentId ?? ""],
  ["_service_doc_type", input.docType],
  ["_service_shipment_ref", input.shipmentRef ?? ""],
];

/** Embeds DejaVu Sans regular and bold (subset) into a document. */
export async function embedDocumentFonts(doc: PDFDocument): Promise<Record<FontRole, PDFFont>> {
  doc.registerFontkit(fontkit as never);
  const bytes = await loadFontBytes();
  return {
    // BaseFont names carry a subset tag ("ABCDEF+Name", PDF 32000 9.6.4), fixed for determinism.
    regular: await doc.embedFont(bytes.regular, { subset: true, features: SHAPING_FEATURES, customName: "TDSREG+DejaVuSans" }),
    bold: await doc.embedFont(bytes.bold, { subset: true, features: SHAPING_FEATURES, customName: "TDSBLD+DejaVuSans-Bold" }),
  };
}

export async function renderPdf(input: RenderInput, layouts: Layouts): Promise<Uint8Array> {
  if (!(input.generatedAt instanceof Date) || Number.isNaN(input.generatedAt.getTime()))
    throw new Error("generatedAt must be a valid Date");
  const model = buildModel(input, layouts);

  const doc = await PDFDocument.create({ updateMetadata: false });
  useNativeDeflate(doc);
  const fonts = await embedDocumentFonts(doc);
  const m = createMeasurer(fonts);

  const pages = flowDocument(model, { m, finalDoc: input.finalDoc });
  const qr = qrMatrix(input.verificationUrl);
  const form = doc.getForm();
  const fields = new Map<string, PDFTextField>();
  const frameMeta = {
    validationHash: input.validationHash,
    verificationUrl: input.verificationUrl,
    generationNumber: input.generationNumber,
    generatedAt: input.generatedAt,
    shipmentRef: input.shipmentRef,
  };
  const header = headerOps(model, m);
  const pdfPages = pages.map((ops, index) => {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    paintOps(page, [...header, ...ops, ...footerOps(frameMeta, qr, index, pages.length, m)], { fonts, form, fields });
    return page;
  });

  // Hidden identity fields: zero-size, hidden, read-only widgets with an empty appearance.
  for (const [name, value] of HIDDEN_FIELDS(input)) {
    const field = form.createTextField(name);
    field.setText(value);
    field.enableReadOnly();
    field.addToPage(pdfPages[0], {
      x: 0,
      y: 0,
      width: 0,
      height: 0,
      hidden: true,
      font: fonts.regular,
      borderWidth: 0,
      backgroundColor: undefined,
      borderColor: undefined,
    });
    for (const widget of field.acroField.getWidgets()) widget.setFlagTo(AnnotationFlags.Print, false);
    field.updateAppearances(fonts.regular, () => []);
  }

  if (fields.size > 0) {
    // Typed text needs glyphs: widen the regular subset to the common European scripts.
    fonts.regular.encodeText(FORM_CHARSET);
  }
  // Appearances of the fillable fields in DejaVu (never Helvetica, never NeedAppearances).
  form.updateFieldAppearances(fonts.regular);
  const acroForm = form.acroForm.dict;
  acroForm.set(PDFName.of("DA"), PDFString.of(`/${fonts.regular.name} 0 Tf 0 g`));
  acroForm.set(PDFName.of("DR"), doc.context.obj({ Font: doc.context.obj({ [fonts.regular.name]: fonts.regular.ref }) }));

  const title = DOCUMENT_TITLES[input.docType];
  doc.setTitle(input.shipmentRef ? `${title} – ${input.shipmentRef}` : title);
  doc.setSubject(`${input.docType}; generation ${input.generationNumber}`);
  doc.setKeywords([input.docType, input.validationHash]);
  doc.setAuthor(PRODUCER);
  doc.setProducer(PRODUCER);
  doc.setCreator(CREATOR);
  doc.setCreationDate(input.generatedAt);
  doc.setModificationDate(input.generatedAt);
  doc.setLanguage("en");
  const id = PDFHexString.of(hex(await documentId(input)));
  doc.context.trailerInfo.ID = doc.context.obj([id, id]);

  input.attach?.(doc);
  compressPageContents(doc, pdfPages);
  // Classic cross-reference table: object streams would be compressed by pako (slow); the dictionaries
  // they would hold are a small part of these files.
  return doc.save({ updateFieldAppearances: false, useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY });
}
