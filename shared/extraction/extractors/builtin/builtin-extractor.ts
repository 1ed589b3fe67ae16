/**
 * The built-in, deterministic extractor: no model, no network. It reads
 *   - labels ("Shipper/Exporter", "Rechnungsnummer", "Port de chargement", …) with the value after the
 *     label, to its right, or below it (form boxes), in six languages (labels.ts);
 *   - party blocks under a party label, bounded by the column the label starts (two-column layouts);
 *   - line-item tables by their header row (column synonyms), assigning each cell to the header it sits
 *     under (positions for PDFs and OCR, columns for spreadsheets), with wrapped descriptions;
 *   - totals lines, currencies (codes, words, symbols), Incoterms, UN/LOCODEs, HS codes, containers.
 * Base confidences come from how a value was found (inline label 0.9, below a label 0.8, a pattern
 * anywhere 0.6…) times the OCR word confidence; confidence.ts then applies the format and totals checks.
 */
import type { DocumentText, TextLine, TextSegment } from "../../document-text.ts";
import type { ExtractedValue, FlatExtraction } from "../../extraction-result.ts";
import { COLUMN_LABELS, FIELD_LABELS, PARTY_FIELDS, PARTY_LABEL_RANK, type ColumnKey, type FieldKey } from "./labels.ts";
import {
  allNumbers,
  cleanValue,
  countryCode,
  detectDecimalComma,
  findCurrency,
  findHsCode,
  findIncoterm,
  findLocode,
  norm,
  parseNumber,
  trailingCountry,
  transportMode,
} from "./normalize.ts";
import { parseParty, type BlockLine } from "./party.ts";
import { parseDate } from "./dates.ts";
import { bestTotal, moneyIn, totalRank } from "./totals.ts";
import { levenshteinDistance } from "../../../text/edit-distance.ts";
import { INCOTERM_WORD } from "../../../trade/incoterms.ts";

/** "FOB Hamburg": an Incoterm followed by a capitalised place. */
const INCOTERM_BEFORE_PLACE = new RegExp(`${INCOTERM_WORD.source}\\s+[A-Z][a-zA-Z]+`);

interface Seg extends TextSegment {
  n: string;
}

interface Line {
  index: number;
  page: number;
  y: number;
  height: number;
  segs: Seg[];
}

interface LabelHit {
  /** A label segment, or a run that starts "label:" (inline value). */
  strong: boolean;
  key: FieldKey;
  label: string;
  line: Line;
  seg: Seg;
  /** Text after the label inside the same segment. */
  rest: string;
}

const NON_STOP_OTHER = new Set(["tel", "phone", "fax", "email", "e mail"]);
const TOTAL_WORDS =
  /^(total|totals|grand total|sub ?total|summe|gesamt|gesamtsumme|gesamtbetrag|endbetrag|montant total|total general|totale|totaal|importe total|valor total|total factura|total facture|total ht|total cif|total fob|total amount|invoice total)\b/;

/** Splits "Port of loading: Shanghai   Incoterms: FOB" style runs at each known "label:" inside them. */
function splitAtInnerLabels(seg: TextSegment): TextSegment[] {
  const text = seg.text;
  const cuts: number[] = [];
  for (const m of text.matchAll(/([A-Za-zÀ-ÿ°º][A-Za-zÀ-ÿ°º./' -]{1,40}?)\s*:/g)) {
    if (m.index === undefined || m.index === 0) continue;
    const before = text.slice(0, m.index + m[1].length);
    // The longest known label that ends right before the colon and starts at a word boundary.
    for (const { label } of FIELD_LABELS) {
      const words = label.split(" ").length;
      const tail = before.split(/\s+/).slice(-words).join(" ");
      if (norm(tail) === label) {
        const start = before.length - tail.length;
        if (start > 0 && /\s/.test(text[start - 1])) cuts.push(start);
        break;
      }
    }
  }
  if (cuts.length === 0) return [seg];
  const perChar = (seg.x1 - seg.x0) / Math.max(1, text.length);
  const bounds = [0, ...cuts, text.length];
  const out: TextSegment[] = [];
  for (let i = 0; i < bounds.length - 1; i++) {
    const part = text.slice(bounds[i], bounds[i + 1]).trim();
    if (part) out.push({ ...seg, text: part, x0: seg.x0 + bounds[i] * perChar, x1: seg.x0 + bounds[i + 1] * perChar });
  }
  return out;
}

/** Numbered form boxes: "1 Exporter", "10. Vessel", "(8) Port of loading". */
const BOX_NUMBER = /^(?:[1-9]|1\d|20) (?=[a-z])/;

function toLines(doc: DocumentText): Line[] {
  return doc.lines.map((l: TextLine, index) => ({
    index,
    page: l.page,
    y: l.y,
    height: l.height,
    segs: l.segments.flatMap(splitAtInnerLabels).map((s) => ({ ...s, n: norm(s.text).replace(BOX_NUMBER, "") })),
  }));
}

/** OCR misreads ("Empfinger", "Descriptionof"): one edit per 6 letters, spaces ignored. */
function fuzzyEqual(text: string, label: string): boolean {
  const a = text.replace(/ /g, "");
  const b = label.replace(/ /g, "");
  if (a === b) return true;
  if (b.length < 6) return false;
  return levenshteinDistance(a, b, b.length >= 12 ? 2 : 1) <= (b.length >= 12 ? 2 : 1);
}

let fuzzy = false;

/** The longest label at the start of a normalised text (whole words); OCR text also matches fuzzily. */
function labelAt(n: string): { key: FieldKey; label: string } | null {
  for (const l of FIELD_LABELS) {
    if (n === l.label || n.startsWith(`${l.label} `)) return l;
  }
  if (!fuzzy) return null;
  const words = n.split(" ");
  for (const l of FIELD_LABELS) {
    const k = l.label.split(" ").length;
    for (const take of [k, k - 1, k + 1]) {
      if (take < 1 || take > words.length) continue;
      if (fuzzyEqual(words.slice(0, take).join(" "), l.label)) return l;
    }
  }
  return null;
}

function restAfterLabel(text: string, label: string): string {
  text = text.replace(/^\s*\(?(?:[1-9]|1\d|20)[.)]?\s+(?=[A-Za-zÀ-ÿ])/, "");
  // Walk the raw text until its normalised prefix covers the label.
  const words = label.split(" ").length;
  const re = /[A-Za-zÀ-ÿ0-9]+/g;
  let count = 0;
  let end = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    count += norm(m[0]).split(" ").filter(Boolean).length;
    end = m.index + m[0].length;
    if (count >= words) break;
  }
  let rest = text.slice(end);
  // "Invoice No.:", "Vessel/Voyage #", "(name, address)" and similar tails of the label itself.
  rest = rest.replace(/^\s*(\([^)]{0,80}\))?\s*(no\.?|nr\.?|n°|#)?\s*[:.#-]?\s*/i, "");
  return cleanValue(rest);
}

function isLabelSeg(seg: Seg): boolean {
  const l = labelAt(seg.n);
  if (!l) return false;
  if (l.key === "other" && NON_STOP_OTHER.has(l.label)) return false;
  // A label segment is short and mostly the label ("Consignee", "Port of loading:"), not a sentence.
  return seg.n.length <= l.label.length + 24;
}

/** A segment that starts a new field: a label alone (perhaps with its "(…)" hint) or "label: …". */
function startsField(seg: Seg): boolean {
  const l = labelAt(seg.n);
  if (!l || (l.key === "other" && NON_STOP_OTHER.has(l.label))) return false;
  return restAfterLabel(seg.text, l.label) === "" || /^[^:]{1,45}:/.test(seg.text);
}

// ---------------------------------------------------------------------------------------------
// Tables

interface Column {
  key: ColumnKey;
  x0: number;
  x1: number;
}

interface Table {
  header: Line;
  columns: Column[];
  rows: Map<ColumnKey, { text: string; confidence: number; number?: number }>[];
  lines: Set<number>;
  totals: Line | null;
}

const UNIT_TAIL = new Set("kg kgs lb lbs usd eur gbp cny chf jpy inr cad aud pcs pc cbm m3 each ea per in en".split(" "));

function columnFor(n: string): { key: ColumnKey; label: string } | null {
  for (const c of COLUMN_LABELS) {
    if (n === c.label || (fuzzy && fuzzyEqual(n, c.label))) return c;
    if (n.startsWith(`${c.label} `)) {
      const tail = n.slice(c.label.length + 1).split(" ");
      // "unit price usd", "net weight kg", "qty pcs": a unit or currency may follow.
      if (tail.length <= 2 && tail.every((t) => UNIT_TAIL.has(t) || (/^[a-z]{3}$/.test(t) && tail.length === 1 && c.key === "unit_price")))
        return c;
    }
  }
  return null;
}

/** A header run that holds several column titles with narrow gaps ("Qty Unit Net Wt (kg)"): split it. */
function splitHeader(seg: Seg): (Column & { label: string })[] | null {
  const words = [...seg.text.matchAll(/\S+/g)].map((m) => ({ raw: m[0], start: m.index ?? 0 }));
  const perChar = (seg.x1 - seg.x0) / Math.max(1, seg.text.length);
  const out: (Column & { label: string })[] = [];
  for (let i = 0; i < words.length; ) {
    let found: { key: ColumnKey; label: string; j: number } | null = null;
    for (let j = words.length; j > i && !found; j--) {
      const c = columnFor(
        norm(
          words
            .slice(i, j)
            .map((w) => w.raw)
            .join(" "),
        ),
      );
      if (c) found = { ...c, j };
    }
    if (!found) return null;
    const last = words[found.j - 1];
    out.push({
      key: found.key,
      label: found.label,
      x0: seg.x0 + words[i].start * perChar,
      x1: seg.x0 + (last.start + last.raw.length) * perChar,
    });
    i = found.j;
  }
  return out.length >= 2 ? out : null;
}

function headerColumns(line: Line): Column[] | null {
  const cols: (Column & { label: string })[] = [];
  let mapped = 0;
  for (const s of line.segs) {
    const c = columnFor(s.n);
    if (c) {
      mapped++;
      cols.push({ key: c.key, label: c.label, x0: s.x0, x1: s.x1 });
      continue;
    }
    const split = splitHeader(s);
    if (split) {
      mapped++;
      cols.push(...split);
    } else if (!/\d{3}/.test(s.text)) {
      // An unreadable title still owns its column: values under it must not drift to a neighbour.
      cols.push({ key: "ignore", label: "", x0: s.x0, x1: s.x1 });
    }
  }
  if (cols.filter((c) => c.key !== "ignore").length < 3) return null;
  const keys = new Set<ColumnKey>(cols.map((c) => c.key).filter((k) => k !== "ignore"));
  const dataKeys = ["description", "hs_code", "quantity", "unit_price", "amount", "net_weight", "gross_weight", "packages"].filter((k) =>
    keys.has(k as ColumnKey),
  );
  if (mapped / line.segs.length < (fuzzy ? 0.5 : 0.6) || dataKeys.length < 3) return null;
  if (!keys.has("description") && !keys.has("hs_code")) return null;
  // Two columns claiming the same key: the longer label keeps it ("Item" next to "Description" is a position).
  const best = new Map<ColumnKey, number>();
  cols.forEach((c, i) => {
    const j = best.get(c.key);
    if (j === undefined || c.label.length > cols[j].label.length) best.set(c.key, i);
  });
  return cols.map((c, i) => ({ key: best.get(c.key) === i ? c.key : "ignore", x0: c.x0, x1: c.x1 }));
}

function assignColumn(seg: Seg, columns: Column[], spreadsheet: boolean): Column | null {
  if (spreadsheet) return columns.find((c) => Math.abs(c.x0 - seg.x0) < 0.01) ?? null;
  let best: Column | null = null;
  let bestOverlap = 0;
  for (const c of columns) {
    const overlap = Math.min(seg.x1, c.x1) - Math.max(seg.x0, c.x0);
    if (overlap > bestOverlap) {
      bestOverlap = overlap;
      best = c;
    }
  }
  if (best) return best;
  // No overlap: the nearest column, by the closer of left-edge and right-edge distance (text and
  // numbers align differently).
  let dist = Infinity;
  for (const c of columns) {
    const d = Math.min(Math.abs(seg.x0 - c.x0), Math.abs(seg.x1 - c.x1), Math.abs((seg.x0 + seg.x1) / 2 - (c.x0 + c.x1) / 2));
    if (d < dist) {
      dist = d;
      best = c;
    }
  }
  return best;
}

const NUMERIC_COLUMNS: ColumnKey[] = ["quantity", "unit_price", "amount", "net_weight", "gross_weight", "packages"];

function findTables(lines: Line[], spreadsheet: boolean): Table[] {
  const tables: Table[] = [];
  for (let i = 0; i < lines.length; i++) {
    const columns = headerColumns(lines[i]);
    if (!columns) continue;
    const table: Table = { header: lines[i], columns, rows: [], lines: new Set([i]), totals: null };
    let prev = lines[i];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j];
      if (line.page !== prev.page) break;
      const gap = line.y - (prev.y + prev.height);
      if (gap > (spreadsheet ? 2.5 : 3) * Math.max(prev.height, 1)) break;
      if (headerColumns(line)) break;
      if (line.segs.some((s) => TOTAL_WORDS.test(s.n))) {
        table.totals = line;
        table.lines.add(j);
        break;
      }
      const cells = new Map<ColumnKey, { text: string; confidence: number; number?: number }>();
      for (const s of line.segs) {
        const c = assignColumn(s, columns, spreadsheet);
        if (!c) continue;
        const old = cells.get(c.key);
        cells.set(
          c.key,
          old
            ? { text: `${old.text} ${s.text}`, confidence: Math.min(old.confidence, s.confidence) }
            : { text: s.text, confidence: s.confidence, number: s.number },
        );
      }
      const hasNumber = NUMERIC_COLUMNS.some((k) => cells.has(k) && /\d/.test(cells.get(k)!.text));
      const onlyDescription = [...cells.keys()].every((k) => k === "description" || k === "ignore");
      const descText = cells.get("description")?.text ?? "";
      // "Bruttopreis : 1,0000", "* Anzahl Packstücke: 4", "Serienummer: …": notes under a row, not its wrapped description.
      const isNote = /:/.test(descText) || /^[*•-]/.test(descText);
      if (
        !hasNumber &&
        onlyDescription &&
        cells.has("description") &&
        !isNote &&
        table.rows.length > 0 &&
        gap < 1.5 * Math.max(prev.height, 1)
      ) {
        // A wrapped description.
        const last = table.rows[table.rows.length - 1];
        const d = last.get("description");
        if (d)
          last.set("description", {
            text: `${d.text} ${cells.get("description")!.text}`,
            confidence: Math.min(d.confidence, cells.get("description")!.confidence),
          });
        table.lines.add(j);
        prev = line;
        continue;
      }
      const taxLine = /^(vat|tva|btw|mwst|ust|iva|tax|taxe)\b/.test(norm(descText));
      if (!hasNumber || (!cells.has("description") && !cells.has("hs_code")) || taxLine || isNote) {
        // Article numbers, GTINs, notes between rows: skipped while the table goes on.
        if (table.rows.length > 0) {
          if (taxLine || gap > 2 * Math.max(prev.height, 1)) break;
          table.lines.add(j);
          prev = line;
          continue;
        }
        // Second header line ("(kg)", "(USD)") or a blank-ish line before the first row.
        table.lines.add(j);
        prev = line;
        continue;
      }
      table.rows.push(cells);
      table.lines.add(j);
      prev = line;
    }
    if (table.rows.length > 0) {
      tables.push(table);
      i = j - 1;
    }
  }
  return tables;
}

// ---------------------------------------------------------------------------------------------

export function extractBuiltin(doc: DocumentText): FlatExtraction {
  const out: FlatExtraction = new Map();
  const spreadsheet = doc.source === "spreadsheet";
  fuzzy = doc.source === "pdf-ocr" || doc.source === "image-ocr";
  const lines = toLines(doc);
  const decimalComma = detectDecimalComma(lines.flatMap((l) => l.segs.map((s) => s.text)));
  const num = (seg: { text: string; number?: number }) => (seg.number !== undefined ? seg.number : parseNumber(seg.text, decimalComma));
  const set = (path: string, value: string | number | null | undefined, confidence: number) => {
    if (value === null || value === undefined || value === "" || (typeof value === "number" && !Number.isFinite(value))) return;
    const old = out.get(path);
    if (!old || old.confidence < confidence) out.set(path, { value, confidence });
  };

  // 1. Tables (line items).
  const tables = findTables(lines, spreadsheet);
  const tableLines = new Set<number>();
  for (const t of tables) for (const i of t.lines) tableLines.add(i);
  let item = 0;
  let currencyFromTable: string | null = null;
  for (const t of tables) {
    for (const s of t.header.segs) currencyFromTable ??= findCurrency(s.text)?.code ?? null;
    for (const row of t.rows) {
      const p = `goods.line_items[${item}]`;
      const get = (k: ColumnKey) => row.get(k);
      const desc = get("description");
      if (desc) set(`${p}.description`, cleanValue(desc.text.replace(/^\d{1,3}[.)]?\s+(?=\D)/, "")), 0.9 * desc.confidence);
      const hs = get("hs_code");
      const hsCode = hs ? findHsCode(hs.text) : null;
      if (hs && hsCode) set(`${p}.hs_code`, hsCode, 0.92 * hs.confidence);
      let q = get("quantity");
      let u = get("unit");
      // "70 PCS" in one cell (narrow gap between two columns): split into quantity and unit.
      const merged = !q && u ? /^([\d.,' ]*\d)\s*([A-Za-z][A-Za-z0-9.]{0,7})$/.exec(u.text) : null;
      if (merged && u) {
        q = { text: merged[1], confidence: u.confidence };
        u = { text: merged[2], confidence: u.confidence };
      }
      const qty = q ? num(q) : null;
      if (q && qty !== null) {
        set(`${p}.quantity`, qty, 0.9 * q.confidence);
        const unitInQty = /^[\d.,\s]+\s*([A-Za-z]{1,8}\.?)$/.exec(q.text);
        if (unitInQty && !row.has("unit")) set(`${p}.unit`, unitInQty[1].replace(/\.$/, ""), 0.8 * q.confidence);
      }
      if (u && /[A-Za-z]/.test(u.text)) set(`${p}.unit`, cleanValue(u.text), 0.88 * u.confidence);
      const up = get("unit_price");
      const price = up ? num(up) : null;
      if (up && price !== null) set(`${p}.unit_price`, price, 0.9 * up.confidence);
      const amt = get("amount");
      const amount = amt ? num(amt) : null;
      const origin = get("origin_country");
      if (origin)
        set(`${p}.origin_country`, countryCode(origin.text) ?? trailingCountry(origin.text)?.code ?? null, 0.88 * origin.confidence);
      const nw = get("net_weight");
      if (nw) set(`${p}.net_weight_kg`, num(nw), 0.88 * nw.confidence);
      const gw = get("gross_weight");
      if (gw) set(`${p}.gross_weight_kg`, num(gw), 0.88 * gw.confidence);
      // The row's own arithmetic: quantity × unit price = line amount.
      if (qty !== null && price !== null && amount !== null) {
        const ok = Math.abs(qty * price - amount) <= Math.max(0.011, Math.abs(amount) * 0.001);
        for (const k of ["quantity", "unit_price"]) {
          const v = out.get(`${p}.${k}`);
          if (v) v.confidence = ok ? 1 - (1 - v.confidence) * 0.5 : v.confidence * 0.75;
        }
        const d = out.get(`${p}.description`);
        if (d) d.confidence = ok ? 1 - (1 - d.confidence) * 0.5 : d.confidence * 0.8;
      } else if (price === null && amount === null) {
        // A row with no price at all in an invoice table: a component line, a note or a header
        // fragment as often as a real item.
        for (const [path, v] of out) if (path.startsWith(`${p}.`)) v.confidence *= 0.6;
      }
      item++;
    }
    // Totals row: amounts under the amount, package and weight columns.
    if (t.totals) {
      for (const s of t.totals.segs) {
        if (TOTAL_WORDS.test(s.n) && !/\d/.test(s.text)) continue;
        const c = assignColumn(s, t.columns, spreadsheet);
        const n = num(s) ?? allNumbers(s.text, decimalComma).pop() ?? null;
        if (!c || n === null) continue;
        if (c.key === "amount") set("goods.total_value", n, 0.8 * s.confidence);
        if (c.key === "packages") set("packaging.total_packages", n, 0.75 * s.confidence);
        if (c.key === "gross_weight") set("packaging.total_gross_weight_kg", n, 0.75 * s.confidence);
      }
      const cur = t.totals.segs.map((s) => findCurrency(s.text)).find((c) => c && !c.ambiguous);
      if (cur) currencyFromTable ??= cur.code;
    }
  }

  // 2. Labels outside the tables.
  const hits: LabelHit[] = [];
  for (const line of lines) {
    if (tableLines.has(line.index) && !tables.some((t) => t.totals === line)) continue;
    for (const seg of line.segs) {
      const l = labelAt(seg.n);
      if (!l) continue;
      const rest = restAfterLabel(seg.text, l.label);
      // A label alone (perhaps with its "(name, address, …)" hint), a short label, or "label: value".
      const strong = !rest || isLabelSeg(seg) || /^[^:]{1,45}:/.test(seg.text);
      // A long run that merely starts with a label word ("Origin of the goods is…") is kept only for
      // value fields, never for "other" labels.
      if (!strong && l.key === "other") continue;
      hits.push({ strong, key: l.key, label: l.label, line, seg, rest });
    }
  }

  const segRightOf = (hit: LabelHit): Seg | null => {
    const i = hit.line.segs.indexOf(hit.seg);
    const next = hit.line.segs[i + 1];
    if (!next || isLabelSeg(next)) return null;
    return next;
  };
  /** A block under a label ends where the next thing to its right on the label's line starts. */
  const columnEnd = (line: Line, seg: Seg): number => {
    const i = line.segs.indexOf(seg);
    return i + 1 < line.segs.length ? line.segs[i + 1].x0 : Infinity;
  };
  /** Lines under an anchor segment, within its column, until a gap, a label or a table. */
  const below = (anchorLine: Line, anchor: { x0: number; x1: number }, end: number, max: number): { line: Line; seg: Seg }[] => {
    const out: { line: Line; seg: Seg }[] = [];
    const tol = 0.8 * Math.max(anchorLine.height, spreadsheet ? 0.1 : 1);
    let prev = anchorLine;
    for (let k = anchorLine.index + 1; k < lines.length && out.length < max; k++) {
      const line = lines[k];
      if (line.page !== anchorLine.page || tableLines.has(k)) break;
      const segs = line.segs.filter((s) =>
        spreadsheet ? Math.abs(s.x0 - anchor.x0) < 0.01 : s.x0 >= anchor.x0 - tol && s.x0 < end - tol / 2,
      );
      const gap = line.y - (prev.y + prev.height);
      if (segs.length === 0) {
        if (gap > 0.95 * Math.max(prev.height, 1)) break;
        continue;
      }
      if (gap > 0.95 * Math.max(prev.height, 1)) break;
      if (segs.some((s) => startsField(s))) break;
      out.push({
        line,
        seg:
          segs.length === 1
            ? segs[0]
            : {
                ...segs[0],
                text: segs.map((s) => s.text).join(" "),
                n: norm(segs.map((s) => s.text).join(" ")),
                x1: segs[segs.length - 1].x1,
                confidence: Math.min(...segs.map((s) => s.confidence)),
              },
      });
      prev = line;
    }
    return out;
  };

  /** The value of a single-value label: inline, to the right, or on the line below. */
  const labelValue = (hit: LabelHit): { text: string; confidence: number; base: number } | null => {
    if (hit.rest) return { text: hit.rest, confidence: hit.seg.confidence, base: 0.9 };
    const right = segRightOf(hit);
    // "Invoice Number:  ……  42183017": a label closed by a colon with the line's last run far to its
    // right (summary blocks right-align their values) still pairs, a little less surely.
    const far = right && /:\s*$/.test(hit.seg.text) && hit.line.segs[hit.line.segs.length - 1] === right;
    if (right && (spreadsheet || right.x0 - hit.seg.x1 < 15 * hit.line.height))
      return { text: cleanValue(right.text), confidence: right.confidence, base: 0.88 };
    if (right && far) return { text: cleanValue(right.text), confidence: right.confidence, base: 0.8 };
    const under = below(hit.line, hit.seg, columnEnd(hit.line, hit.seg), 1)[0];
    if (under) return { text: cleanValue(under.seg.text), confidence: under.seg.confidence, base: 0.8 };
    return null;
  };

  // Parties: the best-ranked label of each party kind.
  const partyHits = new Map<FieldKey, LabelHit>();
  for (const h of hits) {
    if (!PARTY_FIELDS.has(h.key) || !h.strong) continue;
    const old = partyHits.get(h.key);
    if (!old || (PARTY_LABEL_RANK[h.label] ?? 3) < (PARTY_LABEL_RANK[old.label] ?? 3)) partyHits.set(h.key, h);
  }
  for (const [key, hit] of partyHits) {
    const block: BlockLine[] = [];
    let anchorLine = hit.line;
    let anchor: { x0: number; x1: number } = hit.seg;
    let end = columnEnd(hit.line, hit.seg);
    // "Käufer/Leistungsempfänger:": a label continued, not the party's name.
    const restIsLabel = !!hit.rest && /:\s*$/.test(hit.seg.text) && !/\d/.test(hit.rest) && hit.rest.split(/[\s/]+/).length <= 3;
    if (hit.rest && !restIsLabel) block.push({ text: hit.rest, confidence: hit.seg.confidence });
    else {
      const right = segRightOf(hit);
      if (right && (spreadsheet || right.x0 - hit.seg.x1 < 15 * hit.line.height)) {
        block.push({ text: right.text, confidence: right.confidence });
        anchor = right;
        end = columnEnd(hit.line, right);
      }
    }
    for (const b of below(anchorLine, anchor, end, 8 - block.length)) block.push({ text: b.seg.text, confidence: b.seg.confidence });
    anchorLine = hit.line;
    for (const f of parseParty(block)) {
      const conf = f.base * Math.min(...f.source.map((s) => s.confidence));
      set(`${key}.${f.field}`, f.value, conf);
    }
  }

  // Single values: the first label of each kind with a readable value.
  const done = new Set<FieldKey>();
  const totals: { value: number; confidence: number; rank: number; text: string }[] = [];
  for (const hit of hits) {
    if (PARTY_FIELDS.has(hit.key) || hit.key === "other" || done.has(hit.key)) continue;
    const v = labelValue(hit);
    if (!v) continue;
    const c = v.base * v.confidence;
    let ok = true;
    switch (hit.key) {
      case "port_of_loading":
      case "port_of_discharge": {
        const path = hit.key === "port_of_loading" ? "route.port_of_loading" : "route.port_of_discharge";
        const code = findLocode(v.text);
        if (code) set(path, code, c);
        else if (/[A-Za-z]{3}/.test(v.text)) set(path, v.text.replace(/,.*$/, "").trim(), c * 0.8);
        else ok = false;
        break;
      }
      case "vessel": {
        const [vessel, voyage] = v.text.split(/\s*(?:\/|\bvoy(?:age)?\.?\s*(?:no\.?)?:?)\s*/i);
        if (!vessel || !/[A-Za-z]{2}/.test(vessel)) {
          ok = false;
          break;
        }
        set("route.vessel_name", vessel.trim(), c);
        if (voyage && /\w/.test(voyage)) set("route.voyage_number", voyage.trim(), c * 0.9);
        break;
      }
      case "voyage":
        if (/\d/.test(v.text)) set("route.voyage_number", v.text.split(/\s+/)[0], c);
        else ok = false;
        break;
      case "incoterms": {
        const term = findIncoterm(v.text);
        if (term) set("route.incoterms", term, c);
        else ok = false;
        break;
      }
      case "transport_mode": {
        const mode = transportMode(v.text);
        if (mode) set("route.transport_mode", mode, c);
        else ok = false;
        break;
      }
      case "origin_country":
      case "destination_country": {
        const path = hit.key === "origin_country" ? "route.origin_country" : "route.destination_country";
        const paren = /\(([A-Z]{2})\)/.exec(v.text)?.[1];
        const code = (paren && countryCode(paren)) || countryCode(v.text) || trailingCountry(v.text)?.code || null;
        if (code) set(path, code, c);
        else ok = false;
        break;
      }
      case "currency": {
        const cur = findCurrency(v.text, true);
        if (cur) set("goods.currency", cur.code, c * (cur.ambiguous ? 0.7 : 1));
        else ok = false;
        break;
      }
      case "total_value": {
        // Every total is a candidate; the best-labelled one wins after the loop (a grand total or
        // amount due beats "Total" beats a net total; a subtotal never counts).
        // "Total for this invoice   $4.11": the words after the label are not the value; the amount
        // stands to the right.
        const right = hit.rest ? segRightOf(hit) : null;
        const amount = moneyIn(v.text, decimalComma) ?? (right ? moneyIn(right.text, decimalComma) : null);
        if (amount === null || /\b(items?|lines?|positions?|packages?|pieces?|cartons?|ctns|weight|kgs?|lbs?)\b/i.test(v.text)) {
          ok = false;
          break;
        }
        totals.push({
          value: amount.value,
          confidence: c * amount.certainty,
          rank: totalRank(norm(`${hit.seg.text}`)),
          text: `${hit.seg.text} ${v.text} ${right?.text ?? ""}`,
        });
        ok = false; // keep looking at later totals
        break;
      }
      case "invoice_number": {
        const m = /^[#:\s]*([A-Z0-9][A-Z0-9/._-]{2,30})\b/i.exec(v.text);
        if (m && /\d/.test(m[1]) && !parseDate(m[1])) set("invoice_data.invoice_number", m[1], c);
        else ok = false;
        break;
      }
      case "invoice_date": {
        const d = parseDate(v.text);
        if (d) set("invoice_data.invoice_date", d.date, c * d.certainty);
        else ok = false;
        break;
      }
      case "total_packages": {
        const n = allNumbers(v.text, decimalComma)[0];
        if (n !== undefined && Number.isInteger(n)) set("packaging.total_packages", n, c);
        else ok = false;
        break;
      }
      case "total_gross_weight": {
        const n = allNumbers(v.text, decimalComma)[0];
        if (n === undefined) {
          ok = false;
          break;
        }
        const lbs = /\b(lbs?|pounds?)\b/i.test(v.text);
        set("packaging.total_gross_weight_kg", lbs ? Math.round(n * 0.45359237 * 100) / 100 : n, c * (lbs ? 0.9 : 1));
        break;
      }
      case "container": {
        const all = [...v.text.matchAll(/\b([A-Z]{4})\s?(\d{6,7})\b/g)];
        if (all.length === 0) ok = false;
        all.forEach((m, i) => set(`packaging.containers[${i}].container_number`, m[1] + m[2], c));
        break;
      }
      case "seal": {
        const m = /\b([A-Z0-9]{0,4}[-]?\d{4,12})\b/.exec(v.text);
        if (m) set("packaging.containers[0].seal_number", m[1], c * 0.9);
        else ok = false;
        break;
      }
      case "bl_number": {
        const m = /\b([A-Z0-9][A-Z0-9-]{5,24})\b/.exec(v.text);
        if (m) set("bl_data.bl_number", m[1], c);
        else ok = false;
        break;
      }
      case "total_net_weight":
        break;
    }
    if (ok) done.add(hit.key);
  }

  const best = bestTotal(totals);
  if (best) {
    set("goods.total_value", best.value, best.confidence);
    const cur = findCurrency(best.text);
    if (cur) set("goods.currency", cur.code, Math.max(0.8 * best.confidence, 0.7) * (cur.ambiguous ? 0.75 : 1));
  }

  // 3. Fallbacks: patterns anywhere, with lower confidence.
  const allText = lines.map((l) => l.segs.map((s) => s.text).join("  "));
  if (!out.has("route.incoterms")) {
    for (const t of allText) {
      const m = INCOTERM_BEFORE_PLACE.exec(t);
      if (m) {
        set("route.incoterms", m[1], 0.6);
        break;
      }
    }
  }
  if (!out.has("goods.currency")) {
    if (currencyFromTable) set("goods.currency", currencyFromTable, 0.75);
    else {
      const counts = new Map<string, number>();
      for (const t of allText) {
        const cur = findCurrency(t);
        if (cur && !cur.ambiguous) counts.set(cur.code, (counts.get(cur.code) ?? 0) + 1);
      }
      const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
      // One currency written again and again, and no other: as good as a label.
      if (ranked[0]) set("goods.currency", ranked[0][0], ranked.length === 1 && ranked[0][1] >= 3 ? 0.85 : 0.6);
    }
  }
  return out;
}

export type { ExtractedValue };
