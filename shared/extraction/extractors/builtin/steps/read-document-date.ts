/**
 * The document's date when no invoice-date label gave one. A receipt or a short invoice prints a bare
 * "Date:" (Datum, Fecha, Data) beside it, or only the date and time at the top; either is the date the
 * document was issued. Dates of something else carry their own words (due, delivery, shipment, expiry)
 * and are passed over.
 */
import type { FlatExtraction } from "../../../extraction-result.ts";
import { ocrEvidence } from "../../../value-evidence.ts";
import { parseDate } from "../dates.ts";
import { type ExtractionContext, type LabelHit, setValue } from "./extraction-context.ts";
import { labelValue } from "./locate-label-values.ts";

const PATH = "invoice_data.invoice_date";
const BARE_DATE_LABELS = new Set(["date", "datum", "fecha", "data"]);
/** A line naming another date: its date is not the document's. */
const OTHER_DATE =
  /\b(due|payable|delivery|deliver|shipment|shipping|ship|dispatch|expiry|expires|valid|order|lieferdatum|liefer|faellig|fallig|echeance|vencimiento|scadenza|vervaldatum|leverdatum|period|from|to|birth)\b/;

export function readDocumentDate(context: ExtractionContext, hits: readonly LabelHit[], out: FlatExtraction): void {
  if (out.has(PATH)) return;
  const firstPage = context.lines[0]?.page;
  for (const hit of hits) {
    if (hit.key !== "other" || !BARE_DATE_LABELS.has(hit.label) || hit.line.page !== firstPage) continue;
    const v = labelValue(context, hit);
    const d = v ? parseDate(v.text, context.dateOrder) : null;
    if (!v || !d) continue;
    const evidence = { source: "labelled", label: true, format: true, ...ocrEvidence([v.confidence], context.fuzzy) };
    setValue(out, PATH, d.date, v.base * d.certainty * (evidence.ocr ?? 1), evidence);
    return;
  }
  for (const line of context.lines) {
    if (line.page !== firstPage) break;
    if (context.tableLines.has(line.index) || line.segs.some((s) => OTHER_DATE.test(s.n))) continue;
    // OCR may give each word of "14 Mar 2018" its own segment: the whole line is tried last.
    const whole = { text: line.segs.map((s) => s.text).join(" "), confidence: Math.min(...line.segs.map((s) => s.confidence)) };
    for (const seg of [...line.segs, whole]) {
      const d = parseDate(seg.text, context.dateOrder);
      if (!d) continue;
      const evidence = { source: "pattern", label: false, format: true, ...ocrEvidence([seg.confidence], context.fuzzy) };
      setValue(out, PATH, d.date, 0.6 * d.certainty * (evidence.ocr ?? 1), evidence);
      return;
    }
  }
}
