/**
 * Scores an extraction against expected values: per field, right / wrong / missing, and the
 * confidence of each judged value (for calibration).
 *
 * - A value is judged only where the document's publisher gives the field (a field nobody states is
 *   neither right nor wrong). Line items are judged wherever the document lists lines: an extracted
 *   row that matches no expected line counts as wrong.
 * - Texts match after folding case, accents, punctuation and spacing; numbers within 0.1 % (at least
 *   0.011); VAT ids and countries without spaces, case-insensitively.
 * - Line items are paired by description (token overlap), not by index, so one missed row does not
 *   shift every later one.
 */
import { calibrationFigures } from "../../shared/extraction/calibration-figures.ts";
import { stripAccents } from "../../shared/text/fold.ts";
import type { ExtractedValue } from "../../shared/extraction/extraction-result.ts";
import type { ExpectedDocument, ExpectedLine, ExpectedScalar } from "./expected-values.ts";

export interface Judged {
  field: string;
  confidence: number;
  right: boolean;
  /** A value of an extracted row that matches no expected line: wrong, but not an expected value. */
  extra?: boolean;
  /** What was read and what the publisher gives, for --verbose. */
  got?: string;
  want?: string;
}

export interface DocumentScore {
  judged: Judged[];
  /** Expected values that were not extracted, by field. */
  missing: string[];
}

export function fold(s: string): string {
  return stripAccents(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** A legal form at the end of a company name is ignored (GmbH, Ltd, Sdn Bhd, …): publishers differ on it. */
const LEGAL_FORM = /( (gmbh|ag|kg|ltd|limited|inc|llc|corp|co|sa|sas|sarl|srl|spa|bv|nv|plc|sdn bhd|bhd|berhad))+$/;
function withoutLegalForm(folded: string): string {
  return folded.replace(LEGAL_FORM, "").trim();
}

function numberClose(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.001);
}

function toNumber(v: string | number): number | null {
  if (typeof v === "number") return v;
  const n = Number(v.replace(/[^\d.-]/g, ""));
  return v.trim() !== "" && Number.isFinite(n) ? n : null;
}

export function sameValue(field: string, got: string | number, want: ExpectedScalar): boolean {
  if (typeof want === "number") {
    const n = toNumber(got);
    return n !== null && numberClose(n, want);
  }
  if (/tax_ids|country$/.test(field)) return String(got).replace(/\s+/g, "").toUpperCase() === want.replace(/\s+/g, "").toUpperCase();
  if (/\.name$/.test(field)) return withoutLegalForm(fold(String(got))) === withoutLegalForm(fold(want));
  return fold(String(got)) === fold(want);
}

function tokens(s: string): Set<string> {
  return new Set(
    fold(s)
      .split(" ")
      .filter((t) => t.length > 1),
  );
}

function overlap(a: string, b: string): number {
  const x = tokens(a);
  const y = tokens(b);
  if (x.size === 0 || y.size === 0) return 0;
  let common = 0;
  for (const t of x) if (y.has(t)) common++;
  return common / Math.max(x.size, y.size);
}

export function scoreDocument(doc: ExpectedDocument, flat: Record<string, ExtractedValue>): DocumentScore {
  const judged: Judged[] = [];
  const missing: string[] = [];
  for (const [field, want] of doc.fields) {
    const got = flat[field];
    if (!got) missing.push(field);
    else
      judged.push({
        field,
        confidence: got.confidence,
        right: sameValue(field, got.value, want),
        got: String(got.value),
        want: String(want),
      });
  }
  if (doc.lines.length === 0) return { judged, missing };

  const rows = new Map<number, Record<string, ExtractedValue>>();
  for (const [path, v] of Object.entries(flat)) {
    const m = /^goods\.line_items\[(\d+)\]\.(\w+)$/.exec(path);
    if (m) rows.set(Number(m[1]), { ...(rows.get(Number(m[1])) ?? {}), [m[2]]: v });
  }
  const unused = new Set(rows.keys());
  const compare = (want: ExpectedLine, row: Record<string, ExtractedValue> | undefined) => {
    const pairs: [string, ExpectedScalar[] | undefined][] = [
      ["description", want.description === undefined ? undefined : [want.description]],
      ["quantity", want.quantity === undefined ? undefined : [want.quantity]],
      ["unit_price", want.unit_price],
    ];
    for (const [key, options] of pairs) {
      if (!options) continue;
      const field = `goods.line_items[].${key}`;
      const got = row?.[key];
      if (!got) missing.push(field);
      else
        judged.push({
          field,
          confidence: got.confidence,
          right: options.some((o) => sameValue(field, got.value, o)),
          got: String(got.value),
          want: options.map(String).join(" | "),
        });
    }
  };
  for (const want of doc.lines) {
    let best: number | null = null;
    let bestScore = 0.34;
    for (const i of unused) {
      const d = rows.get(i)?.description?.value;
      const s = want.description && d !== undefined ? overlap(want.description, String(d)) : 0;
      if (s > bestScore) {
        bestScore = s;
        best = i;
      }
    }
    if (best !== null) unused.delete(best);
    compare(want, best === null ? undefined : rows.get(best));
  }
  // Rows that match no expected line are wrong values (a header, a subtotal, a note read as a row).
  for (const i of unused) {
    for (const [key, v] of Object.entries(rows.get(i) ?? {})) {
      if (key === "description" || key === "quantity" || key === "unit_price")
        judged.push({ field: `goods.line_items[].${key}`, confidence: v.confidence, right: false, extra: true, got: String(v.value) });
    }
  }
  return { judged, missing };
}

export interface Summary {
  extracted: number;
  right: number;
  expected: number;
  precision: number;
  recall: number;
  meanConfidenceRight: number;
  meanConfidenceWrong: number;
  /** Expected calibration error over 10 equal-width bins. */
  ece: number;
}

export function summarise(scores: DocumentScore[], filter: (field: string) => boolean = () => true): Summary {
  const judged = scores.flatMap((s) => s.judged).filter((j) => filter(j.field));
  const missing = scores.flatMap((s) => s.missing).filter(filter).length;
  const right = judged.filter((j) => j.right);
  const calibration = calibrationFigures(judged);
  // Recall's denominator: the values the documents state (judged, not extra rows) plus the missing ones.
  const expected = judged.filter((j) => !j.extra).length + missing;
  return {
    extracted: judged.length,
    right: right.length,
    expected,
    precision: judged.length ? right.length / judged.length : NaN,
    recall: expected ? right.length / expected : NaN,
    meanConfidenceRight: calibration.meanRight,
    meanConfidenceWrong: calibration.meanWrong,
    ece: calibration.ece,
  };
}
