/**
 * Line-item tables: a header row found by its column titles (synonyms in six languages), then the rows
 * under it, each cell assigned to the column it sits under (positions for PDFs and OCR, exact columns
 * for spreadsheets), with wrapped descriptions joined to their row and a totals line kept apart.
 */
import { COLUMN_LABELS, type ColumnKey } from "../labels/columns.ts";
import { norm } from "../normalize-values.ts";
import { amountKind } from "../choose-total.ts";
import { type Cell, type Column, type Line, type MatchOptions, type Seg, type Table, TOTAL_WORDS } from "./extraction-context.ts";
import { fuzzyEqual } from "./match-labels.ts";
import { median } from "../../../median.ts";

interface TableOptions extends MatchOptions {
  spreadsheet: boolean;
}

const UNIT_TAIL = new Set("kg kgs lb lbs usd eur gbp cny chf jpy inr cad aud pcs pc cbm m3 each ea per in en".split(" "));

const TAX_QUALIFIER =
  /^((excl|excluding|excl d|incl|including|exkl|inkl|zzgl|ohne|mit|hors|exc|inc)( (vat|tax|taxes|gst|mwst|ust|tva|btw|iva))?|ht|ttc|netto|brutto)$/;

function columnFor(n: string, options: MatchOptions): { key: ColumnKey; label: string } | null {
  for (const c of COLUMN_LABELS) {
    if (n === c.label || (options.fuzzy && fuzzyEqual(n, c.label))) return c;
    if (n.startsWith(`${c.label} `)) {
      const tail = n.slice(c.label.length + 1).split(" ");
      // "unit price usd", "net weight kg", "qty pcs": a unit or currency may follow.
      if (tail.length <= 2 && tail.every((t) => UNIT_TAIL.has(t) || (/^[a-z]{3}$/.test(t) && tail.length === 1 && c.key === "unit_price")))
        return c;
      // "Unit Price Excl. VAT", "Line Amount Incl. Tax", "Prix unitaire HT": with or without tax, the same
      // column ("Amount VAT" alone is the tax, not the amount).
      if (TAX_QUALIFIER.test(tail.join(" "))) return c;
    }
  }
  return null;
}

/** A header run that holds several column titles with narrow gaps ("Qty Unit Net Wt (kg)"): split it. */
function splitHeader(seg: Seg, options: MatchOptions): (Column & { label: string })[] | null {
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
        options,
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

function headerColumns(line: Line, options: MatchOptions): Column[] | null {
  const cols: (Column & { label: string })[] = [];
  let mapped = 0;
  for (const s of line.segs) {
    const c = columnFor(s.n, options);
    if (c) {
      mapped++;
      cols.push({ key: c.key, label: c.label, x0: s.x0, x1: s.x1 });
      continue;
    }
    const split = splitHeader(s, options);
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
  if (mapped / line.segs.length < (options.fuzzy ? 0.5 : 0.6) || dataKeys.length < 3) return null;
  if (!keys.has("description") && !keys.has("hs_code")) return null;
  // Two columns claiming the same key: the longer label keeps it ("Item" next to "Description" is a position).
  const best = new Map<ColumnKey, number>();
  cols.forEach((c, i) => {
    const j = best.get(c.key);
    if (j === undefined || c.label.length > cols[j].label.length) best.set(c.key, i);
  });
  return cols.map((c, i) => ({ key: best.get(c.key) === i ? c.key : "ignore", x0: c.x0, x1: c.x1 }));
}

/** The lines right above and below the header row (within 2.2 of its line heights) without digits. */
function stackedLines(lines: readonly Line[], i: number): Line[] {
  const header = lines[i];
  const near = (l: Line) => l.page === header.page && Math.abs(l.y - header.y) <= 2.2 * Math.max(header.height, 1);
  const stacked: Line[] = [];
  for (const step of [-1, 1]) {
    for (let k = i + step; k >= 0 && k < lines.length && near(lines[k]); k += step) {
      if (lines[k].segs.some((s) => /\d/.test(s.text))) break;
      stacked.push(lines[k]);
    }
  }
  return stacked;
}

/**
 * A title the row gives that names no column ("VAT", an unreadable "unitaireao\"") read with the runs
 * stacked on it: "Unit Price Excl." over "VAT" is Business Central's unit price, "Prix" over
 * "unitaire" the French one. Only such titles are re-read: a title that names its column keeps it.
 */
function restackTitles(header: Line, stacked: readonly Line[], columns: readonly Column[], options: MatchOptions): Column[] {
  const taken = new Set(columns.map((c) => c.key));
  const overlaps = (s: { x0: number; x1: number }, c: Column) => Math.min(s.x1, c.x1) - Math.max(s.x0, c.x0) > 0;
  return columns.map((c) => {
    const title = header.segs.find((s) => s.x0 === c.x0 && s.x1 === c.x1);
    if (c.key !== "ignore" || !title) return c;
    // Runs over this title and no other one.
    const own = (l: Line) => l.segs.filter((s) => overlaps(s, c) && columns.every((o) => o === c || !overlaps(s, o)));
    const above = stacked
      .filter((l) => l.y < header.y)
      .sort((a, b) => a.y - b.y)
      .flatMap(own);
    const below = stacked
      .filter((l) => l.y > header.y)
      .sort((a, b) => a.y - b.y)
      .flatMap(own);
    if (above.length + below.length === 0) return c;
    const words = [...above, title, ...below]
      .map((s) => s.text)
      .join(" ")
      .replace(/- /g, "");
    const key = columnFor(norm(words), options)?.key;
    if (!key || key === "ignore" || taken.has(key)) return c;
    taken.add(key);
    const parts = [...above, title, ...below];
    return { key, x0: Math.min(...parts.map((s) => s.x0)), x1: Math.max(...parts.map((s) => s.x1)) };
  });
}

/**
 * Titles stacked over several lines around the header row ("Art-Nr-Kunde / Art-Nr-Lief. / Art-Nr / (Art)"
 * over ZUGFeRD's article column, "Positions- / betrag / ohne / USt." over its line amount): the lines
 * right above and below it (within 2.2 of its line heights, no digits) add the columns the row itself
 * leaves out, one per stack of runs standing where no title of the row stands, named by their words
 * when they name a column not yet taken ("ignore" otherwise: the values under them then stay out of
 * their neighbours).
 */
function stackedColumns(stacked: readonly Line[], columns: readonly Column[], options: MatchOptions): Column[] {
  const free = stacked
    .flatMap((l) => l.segs.map((seg) => ({ seg, y: l.y })))
    .filter(({ seg: s }) => columns.every((c) => Math.min(s.x1, c.x1) - Math.max(s.x0, c.x0) <= 0))
    .sort((a, b) => a.seg.x0 - b.seg.x0);
  const groups: { x0: number; x1: number; segs: { seg: Seg; y: number }[] }[] = [];
  for (const f of free) {
    const s = f.seg;
    const g = groups.find((g) => Math.min(s.x1, g.x1) - Math.max(s.x0, g.x0) > 0);
    if (g) {
      g.segs.push(f);
      g.x0 = Math.min(g.x0, s.x0);
      g.x1 = Math.max(g.x1, s.x1);
    } else groups.push({ x0: s.x0, x1: s.x1, segs: [f] });
  }
  const taken = new Set(columns.map((c) => c.key));
  return groups.map((g) => {
    const words = g.segs
      .sort((a, b) => a.y - b.y)
      .map((f) => f.seg.text)
      .join(" ")
      .replace(/- /g, "");
    const key = columnFor(norm(words), options)?.key;
    const named = key && !taken.has(key) ? key : "ignore";
    if (named !== "ignore") taken.add(named);
    return { key: named, x0: g.x0, x1: g.x1 };
  });
}

export function assignColumn(seg: Seg, columns: Column[], spreadsheet: boolean): Column | null {
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

/**
 * An article number or GTIN printed a narrow gap before the next column's text comes as one run: OCR
 * joins the words ("4260331811362 Muster": a GTIN under the article column, the description's wrapped
 * word under its own), and so may a PDF's text layer ("0815 Windschutzscheibe"). A run is cut after
 * its first word when that word is a code (one token with a digit) and the space after it falls where
 * a column starts (within two letters, letters estimated as the run's width over its length), and the
 * parts then fall in different columns.
 */
function splitAtColumns(seg: Seg, columns: Column[]): Seg[] {
  const space = / +/.exec(seg.text);
  if (!space || !/\d/.test(seg.text.slice(0, space.index))) return [seg];
  const perChar = (seg.x1 - seg.x0) / Math.max(1, seg.text.length);
  const start = space.index + space[0].length;
  const x = seg.x0 + start * perChar;
  if (!columns.some((c) => c.x0 > seg.x0 + 2 * perChar && Math.abs(x - c.x0) <= 2 * perChar)) return [seg];
  // Spreadsheet cells are never cut, so the parts need no cell number.
  const text = seg.text.slice(0, space.index);
  const left: Seg = { ...seg, text, n: norm(text), x1: seg.x0 + text.length * perChar };
  const rightText = seg.text.slice(start);
  const right: Seg = { ...seg, text: rightText, n: norm(rightText), x0: x };
  return assignColumn(left, columns, false) === assignColumn(right, columns, false) ? [seg] : [left, right];
}

/** The widest step (in line pitches) down to a row, and down to a note or article line between rows. */
const ROW_PITCHES = 5;
const NOTE_PITCHES = 3.5;

const ALLOWANCE =
  /^(abschlag|zuschlag|rabatt|nachlass|discount|allowance|surcharge|remise|rabais|sconto|maggiorazione|korting|toeslag|descuento|recargo)\b/;

const NUMERIC_COLUMNS: ColumnKey[] = ["quantity", "unit_price", "amount", "net_weight", "gross_weight", "packages"];

export function findTables(lines: readonly Line[], options: TableOptions): Table[] {
  const { spreadsheet } = options;
  const tables: Table[] = [];
  for (let i = 0; i < lines.length; i++) {
    const found = headerColumns(lines[i], options);
    if (!found) continue;
    const stacked = spreadsheet ? [] : stackedLines(lines, i);
    const restacked = spreadsheet ? found : restackTitles(lines[i], stacked, found, options);
    const columns = spreadsheet ? found : [...restacked, ...stackedColumns(stacked, restacked, options)].sort((a, b) => a.x0 - b.x0);
    const table: Table = { header: lines[i], columns, rows: [], lines: new Set([i]), totals: null };
    let prev = lines[i];
    // The table's line pitch (top to top), from its own lines: a generated invoice may space its rows by
    // several lines (ZUGFeRD's visualisations put notes and article numbers between them), and OCR
    // measures a line by its glyphs, shorter than the font, while tops stay where the text layer has them.
    const pitches: number[] = [];
    const heights = [lines[i].height];
    // Words under a note ("Bruttopreis : 100,00" then "Materialzertifikat …") continue the note, not the row.
    let afterNote = false;
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j];
      if (line.page !== prev.page) break;
      const gap = line.y - (prev.y + prev.height);
      const step = line.y - prev.y;
      const pitch = Math.max(median(pitches), median(heights), 1);
      if (spreadsheet ? gap > 2.5 * Math.max(prev.height, 1) : step > ROW_PITCHES * pitch) break;
      if (step > 0) pitches.push(step);
      heights.push(line.height);
      if (headerColumns(line, options)) break;
      // The totals line: "Total …" at its start, or a total's label standing outside the description
      // column ("Prijzen zijn inclusief BTW   Factuur totaal EUR   49,99").
      const totalLabel = (s: Seg) =>
        !/\d/.test(s.text) &&
        /^(net|grand|sub|total)$/.test(amountKind(s.text) ?? "") &&
        assignColumn(s, columns, spreadsheet)?.key !== "description";
      if (line.segs.some((s) => TOTAL_WORDS.test(s.n) || totalLabel(s))) {
        table.totals = line;
        table.lines.add(j);
        break;
      }
      const cells = new Map<ColumnKey, Cell>();
      for (const s of spreadsheet ? line.segs : line.segs.flatMap((seg) => splitAtColumns(seg, columns))) {
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
      const hasNumber = NUMERIC_COLUMNS.some((k) => /\d/.test(cells.get(k)?.text ?? ""));
      // An article number under the position column ("WA997" beside the wrapped words) does not start a
      // row; a row number ("2") does.
      const onlyDescription = [...cells.entries()].every(
        ([k, c]) => k === "description" || k === "ignore" || (k === "position" && !/^\d{1,3}\.?$/.test(c.text)),
      );
      const description = cells.get("description");
      const descText = description?.text ?? "";
      // "Bruttopreis : 1,0000", "* Anzahl Packstücke: 4", "Serienummer: …": notes under a row, not its wrapped
      // description. A row with a quantity and a line amount is billed, whatever its wording: a levy or a
      // fee written as "Incl. Thuiskopieheffing: …   1   € 4,24" is a line of the invoice.
      const billed = ["quantity", "amount"].every((k) => /\d/.test(cells.get(k as ColumnKey)?.text ?? ""));
      // The label's colon may stand apart ("Bruttopreis   : 0,0520") or inside a value's run ("Abschlag : 4,5000").
      // A stray colon OCR adds after a unit ("kg:") labels nothing: a label is a word with a value after it.
      const labelled = line.segs.some((s) => /^:\s*\S/.test(s.text) || /\p{L}{3,}\s*:\s*\S/u.test(s.text));
      const isNote = !billed && (/:/.test(descText) || /^[*•-]/.test(descText) || labelled);
      // A wrapped description has words: a lone article number or GTIN under the row is not one.
      const wraps = /\p{L}/u.test(descText);
      if (
        !hasNumber &&
        onlyDescription &&
        description &&
        wraps &&
        !isNote &&
        table.rows.length > 0 &&
        !afterNote &&
        gap < 1.5 * Math.max(prev.height, 1)
      ) {
        // A wrapped description.
        const last = table.rows[table.rows.length - 1];
        const d = last.get("description");
        if (d)
          last.set("description", {
            text: `${d.text} ${description.text}`,
            confidence: Math.min(d.confidence, description.confidence),
          });
        table.lines.add(j);
        prev = line;
        continue;
      }
      const taxLine = /^(vat|tva|btw|mwst|ust|iva|tax|taxe)\b/.test(norm(descText));
      // An allowance or charge on the invoice (EN 16931 BG-20/21: "Abschlag Direktbelieferung … -50,00",
      // "Discount", "Remise") prints only an amount: an adjustment, not goods.
      const adjustment =
        !cells.has("quantity") &&
        !cells.has("unit_price") &&
        (/^-|-$/.test((cells.get("amount")?.text ?? "").trim()) || ALLOWANCE.test(norm(descText)));
      if (
        !hasNumber ||
        (!cells.has("description") && !cells.has("hs_code")) ||
        taxLine ||
        adjustment ||
        isNote ||
        isComponent(line, cells, columns, table, spreadsheet)
      ) {
        // Article numbers, GTINs, notes between rows: skipped while the table goes on.
        if (table.rows.length > 0) {
          if (taxLine || (spreadsheet ? gap > 2 * Math.max(prev.height, 1) : step > NOTE_PITCHES * pitch)) break;
          if (isNote) afterNote = true;
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
      afterNote = false;
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

const PRICES: ColumnKey[] = ["unit_price", "amount"];

/**
 * A part of the row above it: a row with no price of its own, its description indented under the
 * description column, in a table whose rows carry prices ("Apple MacBook Pro + Magic Mouse  1  € 2.321,00"
 * then "   Apple MacBook Pro 15,4''  1" and "   Apple Magic Mouse  1"). A bundle's parts are what the
 * priced line consists of, not lines of their own: the invoice bills the bundle.
 */
function isComponent(line: Line, cells: ReadonlyMap<ColumnKey, Cell>, columns: Column[], table: Table, spreadsheet: boolean): boolean {
  if (PRICES.some((k) => /\d/.test(cells.get(k)?.text ?? ""))) return false;
  if (!table.rows.some((r) => PRICES.some((k) => /\d/.test(r.get(k)?.text ?? "")))) return false;
  const column = columns.find((c) => c.key === "description");
  const first = line.segs.find((s) => assignColumn(s, columns, spreadsheet)?.key === "description");
  return !!column && !!first && first.x0 - column.x0 > 1.5 * Math.max(line.height, 1);
}

/** Indexes of every line that belongs to a table (header, rows, notes between them, totals line). */
export function linesOfTables(tables: readonly Table[]): Set<number> {
  const lines = new Set<number>();
  for (const t of tables) for (const i of t.lines) lines.add(i);
  return lines;
}
