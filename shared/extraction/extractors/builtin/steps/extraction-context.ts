/**
 * What the steps of the built-in extractor share: the document's lines (segments with their normalised
 * text), the tables found in them, and how to read numbers and record values. Passed explicitly from
 * step to step: no step keeps state between documents.
 */
import type { TextSegment } from "../../../document-text.ts";
import type { FlatExtraction } from "../../../extraction-result.ts";
import type { ColumnKey } from "../labels/columns.ts";
import type { FieldKey } from "../labels/fields.ts";
import type { DateOrder } from "../dates.ts";
import { parseNumber } from "../normalize-values.ts";
import { confidenceFromEvidence, type ValueEvidence } from "../../../value-evidence.ts";
import { median } from "../../../median.ts";

export interface Seg extends TextSegment {
  n: string;
}

export interface Line {
  index: number;
  page: number;
  y: number;
  height: number;
  segs: Seg[];
}

export interface LabelHit {
  /** A label segment, or a run that starts "label:" (inline value). */
  strong: boolean;
  key: FieldKey;
  label: string;
  line: Line;
  seg: Seg;
  /** Text after the label inside the same segment. */
  rest: string;
}

export interface Column {
  key: ColumnKey;
  x0: number;
  x1: number;
}

export interface Cell {
  text: string;
  confidence: number;
  number?: number;
}

export interface Table {
  header: Line;
  columns: Column[];
  rows: Map<ColumnKey, Cell>[];
  lines: Set<number>;
  totals: Line | null;
}

/** How labels and column titles are matched: OCR text also matches fuzzily (misread letters). */
export interface MatchOptions {
  fuzzy: boolean;
}

export interface ExtractionContext extends MatchOptions {
  lines: readonly Line[];
  /** Spreadsheet cells sit in exact columns; PDF and OCR text is placed by its coordinates. */
  spreadsheet: boolean;
  decimalComma: boolean;
  /** How the document writes numeric dates, when one of them shows it (dates.ts documentDateOrder). */
  dateOrder?: DateOrder;
  /** Indexes of the lines that belong to a line-item table (header, rows, totals line). */
  tableLines: ReadonlySet<number>;
  /** The dictionary for mending misread words of OCR'd names; absent, names are taken as read. */
  isKnownWord?: (lowerCaseWord: string) => boolean;
  /**
   * OCR'd text: the first page's line pitch (linePitch), by which a blank line is judged, since OCR
   * gives a line the height of its glyphs ("Hof 3": 7 where the font is 10 and the pitch 18).
   */
  pitch?: number;
}

/** The distance from one line to the next on the first page (the median); 0 with fewer than two lines. */
export function linePitch(lines: readonly Line[]): number {
  const first = lines.filter((l) => l.page === lines[0]?.page);
  return median(
    first
      .slice(1)
      .map((l, i) => l.y - first[i].y)
      .filter((d) => d > 0),
  );
}

export const TOTAL_WORDS =
  /^(total|totals|grand total|sub ?total|summe|gesamt|gesamtsumme|gesamtbetrag|endbetrag|montant total|total general|totale|totaal|importe total|valor total|total factura|total facture|total ht|total cif|total fob|total amount|invoice total)\b/;

/** A segment's number: the one a spreadsheet cell carries, else its text read with the document's decimal mark. */
export function numberOf(seg: { text: string; number?: number }, decimalComma: boolean): number | null {
  return seg.number !== undefined ? seg.number : parseNumber(seg.text, decimalComma);
}

/**
 * Records a value unless it is empty or a more confident value for the same path is already there.
 * With only evidence given, the confidence is computed from it.
 */
export function setValue(
  out: FlatExtraction,
  path: string,
  value: string | number | null | undefined,
  confidence: number | ValueEvidence,
  evidence?: ValueEvidence,
): void {
  if (value === null || value === undefined || value === "" || (typeof value === "number" && !Number.isFinite(value))) return;
  const ev = typeof confidence === "number" ? evidence : confidence;
  const c = typeof confidence === "number" ? confidence : confidenceFromEvidence(confidence);
  const old = out.get(path);
  if (!old || old.confidence < c) out.set(path, ev ? { value, confidence: c, evidence: ev } : { value, confidence: c });
}
