/** The flattener's options, report and the per-document state its steps share (passed, never module-level). */
import type { PDFContext, PDFDocument, PDFFont, PDFRef } from "pdf-lib";
import type { InspectLimits } from "../inspect-pdf.ts";
import type { AttachedFile } from "../attach-file.ts";
import type { XmpExtensionSchema } from "../xmp.ts";

export const PDFA_PRODUCER = "Trade Document Service (PDF/A-2b flattener)";
export const PDFA3_PRODUCER = "Trade Document Service (PDF/A-3b writer)";
/** Subset tag of the font embedded for field values and the stamp (fixed: deterministic output). */
export const FLATTEN_FONT_NAME = "TDSFLT+DejaVuSans";
/** Longest field value drawn (layout cost grows with length; no real form field holds more). */
export const MAX_DRAWN_FIELD_CHARS = 20_000;

export interface FlattenOptions {
  /** Shown on every page and stored in the XMP (tds:hashStamp). At most 256 characters. */
  hashStamp?: string;
  /** Document title (dc:title and Info /Title); default: the input's Info /Title. */
  title?: string;
  /** Modification / metadata date; the only clock input (output is deterministic given `now`). */
  now: Date;
  /** OutputIntent profile (an RGB ICC profile); default: the generated sRGB profile (srgb-icc.ts). */
  iccProfile?: Uint8Array;
  limits?: Partial<InspectLimits>;
  /**
   * Custom XMP properties, each schema described in the packet's PDF/A extension schema (ISO 19005-2
   * 6.6.2.3), so allowed in PDF/A-2b: e.g. the document's credential (credentials/credential-xmp.ts).
   */
  xmpExtensions?: XmpExtensionSchema[];
  /**
   * PDF/A-3b instead of PDF/A-2b: the XMP says part 3 and these files are embedded as associated files
   * (ISO 19005-3 6.8) after the cleanup, which removes every file the input carried. Factur-X uses this.
   */
  pdfa3?: { attachments: AttachedFile[]; xmpExtensions?: XmpExtensionSchema[] };
}

export interface FlattenReport {
  pages: number;
  /** Widget appearances drawn into page content. */
  widgetsDrawn: number;
  /** Widgets removed without drawing: identity fields, hidden / no-view widgets, empty appearances. */
  widgetsDropped: number;
  /** Non-widget annotations removed (types, flags or appearances PDF/A does not allow). */
  annotationsRemoved: number;
  /** Characters in field values that DejaVu Sans cannot show, drawn as U+FFFD. */
  substitutedCharacters: string[];
  /** The input asked viewers to regenerate appearances (values were drawn from /V in any case). */
  needAppearances: boolean;
  /** Fields whose value was longer than MAX_DRAWN_FIELD_CHARS and was drawn cut (with "…"). */
  truncatedFields: string[];
}

export interface FlattenResult {
  bytes: Uint8Array;
  report: FlattenReport;
}

/** The font field values and the stamp are drawn in, with the code points it can show. */
export interface FlattenFont {
  font: PDFFont;
  charset: Set<number>;
  /** References that exist only once `font.embed()` has written the font (none for a reused font). */
  pending: PDFRef[];
}

/** One document's flattening state: the document, its embedded font and what the steps record. */
export interface FlattenContext {
  doc: PDFDocument;
  context: PDFContext;
  font: PDFFont;
  /** Code points the embedded font can show. */
  charset: Set<number>;
  substituted: Set<string>;
  truncated: string[];
  /** Objects that exist only once the font subset is embedded (count as present and embedded). */
  pending: Set<PDFRef>;
}

export function createFlattenContext(doc: PDFDocument, { font, charset, pending }: FlattenFont): FlattenContext {
  return { doc, context: doc.context, font, charset, substituted: new Set(), truncated: [], pending: new Set(pending) };
}
