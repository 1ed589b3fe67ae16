/**
 * The built-in, deterministic extractor: no model, no network. It reads
 *   - labels ("Shipper/Exporter", "Rechnungsnummer", "Port de chargement", …) with the value after the
 *     label, to its right, or below it (form boxes), in six languages (labels/);
 *   - party blocks under a party label, bounded by the column the label starts (two-column layouts);
 *   - line-item tables by their header row (column synonyms), assigning each cell to the header it sits
 *     under (positions for PDFs and OCR, columns for spreadsheets), with wrapped descriptions;
 *   - totals lines, currencies (codes, words, symbols), Incoterms, UN/LOCODEs, HS codes, containers.
 * Base confidences come from how a value was found (inline label 0.9, below a label 0.8, a pattern
 * anywhere 0.6…) times the OCR word confidence; confidence.ts then applies the format and totals checks.
 * Each step is a module of steps/; what they share travels in an ExtractionContext.
 */
import type { DocumentText } from "../../document-text.ts";
import type { ExtractedValue, FlatExtraction } from "../../extraction-result.ts";
import { documentDateOrder } from "./dates.ts";
import { detectDecimalComma } from "./normalize-values.ts";
import { applyPatternFallbacks } from "./steps/apply-pattern-fallbacks.ts";
import { applyTotalArithmetic } from "./steps/apply-total-arithmetic.ts";
import { type ExtractionContext, linePitch } from "./steps/extraction-context.ts";
import { findLabelHits } from "./steps/find-label-hits.ts";
import { findTables, linesOfTables } from "./steps/find-tables.ts";
import { readDocumentDate } from "./steps/read-document-date.ts";
import { readDocumentLines } from "./steps/read-document-lines.ts";
import { readLabelledValues } from "./steps/read-labelled-values.ts";
import { readLineItems } from "./steps/read-line-items.ts";
import { readParties } from "./steps/read-parties.ts";
import { readSeller } from "./steps/read-seller.ts";
import { resolveCurrencyByCountry } from "./steps/resolve-currency.ts";

export interface BuiltinOptions {
  /** The dictionary that mends misread words of OCR'd names (repair-misread-words.ts); none: no mending. */
  isKnownWord?: (lowerCaseWord: string) => boolean;
}

export function extractBuiltin(doc: DocumentText, options: BuiltinOptions = {}): FlatExtraction {
  // OCR text misreads letters: labels and column titles then also match within an edit or two.
  const fuzzy = doc.source === "pdf-ocr" || doc.source === "image-ocr";
  const spreadsheet = doc.source === "spreadsheet";
  const lines = readDocumentLines(doc);
  const tables = findTables(lines, { fuzzy, spreadsheet });
  const context: ExtractionContext = {
    lines,
    fuzzy,
    spreadsheet,
    decimalComma: detectDecimalComma(lines.flatMap((l) => l.segs.map((s) => s.text))),
    dateOrder: documentDateOrder(lines.flatMap((l) => l.segs.map((s) => s.text))),
    tableLines: linesOfTables(tables),
    isKnownWord: options.isKnownWord,
    ...(fuzzy ? { pitch: linePitch(lines) } : {}),
  };
  const out: FlatExtraction = new Map();
  // Tables first: labels inside them are column titles, not fields.
  const { currency: currencyFromTable, lineAmounts } = readLineItems(context, tables, out);
  const hits = findLabelHits(context, tables);
  readParties(context, hits, out);
  readLabelledValues(context, hits, out);
  readDocumentDate(context, hits, out);
  applyTotalArithmetic(context, lineAmounts, out);
  readSeller(context, out);
  applyPatternFallbacks(context, currencyFromTable, out);
  resolveCurrencyByCountry(context, out);
  return out;
}

export type { ExtractedValue };
