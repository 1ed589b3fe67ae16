/**
 * The document model the per-type layouts produce (pure data, no PDF objects). The flow engine
 * (flow.ts) measures and paginates it; the painter (paint.ts) draws it with pdf-lib.
 *
 * Values that come from shipment data are `slot` pieces carrying their snake_case data path: a present
 * value prints as static text; a missing one becomes a fillable form field named by the camelCase form
 * path (final_doc false) or stays blank (final_doc true).
 */

export type Align = "left" | "center" | "right";

/** Named text styles (see styles.ts for font and size). */
export type StyleName = "body" | "bold" | "small" | "smallBold" | "fine" | "heading" | "large";

export interface TextPiece {
  kind: "text";
  text: string;
  style?: StyleName;
  align?: Align;
  /** Never wrap: shrink the font until it fits (numbers, codes); wraps by character only below the minimum size. */
  nowrap?: boolean;
}

export interface SlotPiece {
  kind: "slot";
  /** snake_case data path of the value, e.g. goods.line_items.0.hs_code */
  path: string;
  /** Formatted value, or null when the data lacks it. */
  value: string | null;
  /** Printed before the value on the same line: "EORI: PL…" / "EORI: [field]". */
  label?: string;
  /** Lines a fillable field spans when the value is missing (default 1). */
  lines?: number;
  /** Printed in a final document when the value is missing (a fillable draft offers the field instead). */
  fallback?: string;
  style?: StyleName;
  align?: Align;
  nowrap?: boolean;
}

export interface SignaturePiece {
  kind: "signature";
  /** Caption printed under the signature line. */
  caption: string;
  /** Blank space above the line (default 26). */
  height?: number;
}

export interface GapPiece {
  kind: "gap";
  height: number;
}

export type Piece = TextPiece | SlotPiece | SignaturePiece | GapPiece;

/** A numbered, labelled box as on printed forms. */
export interface Box {
  number?: string;
  label?: string;
  /** Relative width within its row (default 1). */
  width?: number;
  content: Piece[];
  /** Light grey background (e.g. boxes reserved for an authority). */
  shade?: boolean;
  minHeight?: number;
}

export interface RowBlock {
  kind: "row";
  boxes: Box[];
  minHeight?: number;
}

export interface Column {
  header: string;
  /** Relative width. */
  width: number;
  align?: Align;
}

export interface TableFooterCell {
  /** Number of columns spanned (default 1). */
  span?: number;
  content: Piece[];
  align?: Align;
}

export interface TableBlock {
  kind: "table";
  number?: string;
  label?: string;
  columns: Column[];
  /** rows[r][c] = pieces of one cell. */
  rows: Piece[][][];
  /** Totals rows printed after the last row (kept with the table, header repeated if they move page). */
  footer?: TableFooterCell[][];
  /** Printed in a single row when there are no rows. */
  emptyText?: string;
}

export interface TextBlock {
  kind: "text";
  pieces: Piece[];
  /** Draw a border around it. */
  boxed?: boolean;
}

export interface SpacerBlock {
  kind: "spacer";
  height: number;
}

export type Block = RowBlock | TableBlock | TextBlock | SpacerBlock;

export interface HeaderInfo {
  label: string;
  value: string;
}

export interface DocumentModel {
  title: string;
  /** Smaller line under the title (form name, legal basis, "Not negotiable" …). */
  subtitle?: string;
  /** Static reference lines printed top right on every page. */
  info: HeaderInfo[];
  blocks: Block[];
}
