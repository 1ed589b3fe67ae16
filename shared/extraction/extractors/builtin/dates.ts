/**
 * Dates as invoices print them, in the six languages of the labels → ISO 8601 (YYYY-MM-DD), with how
 * sure the reading is: a numeric date whose day and month could be swapped (03/04/2024) is less sure.
 */
import { stripAccents } from "../../../text/fold.ts";

const MONTHS: Record<string, number> = {};
const NAMES: string[][] = [
  ["january", "jan", "januar", "janvier", "janv", "enero", "ene", "gennaio", "gen", "januari"],
  ["february", "feb", "februar", "fevrier", "fevr", "febrero", "febbraio", "februari"],
  ["march", "mar", "marz", "maerz", "mars", "marzo", "maart", "mrt"],
  ["april", "apr", "avril", "avr", "abril", "abr", "aprile"],
  ["may", "mai", "mayo", "maggio", "mag", "mei"],
  ["june", "jun", "juni", "juin", "junio", "giugno", "giu"],
  ["july", "jul", "juli", "juillet", "juil", "julio", "luglio", "lug"],
  ["august", "aug", "aout", "agosto", "ago", "augustus"],
  ["september", "sep", "sept", "septembre", "septiembre", "settembre", "set"],
  ["october", "oct", "oktober", "okt", "octobre", "octubre", "ottobre", "ott"],
  ["november", "nov", "novembre", "noviembre"],
  ["december", "dec", "dezember", "dez", "decembre", "diciembre", "dic", "dicembre"],
];
NAMES.forEach((names, i) => names.forEach((n) => (MONTHS[n] = i + 1)));

const fold = (s: string) => stripAccents(s).toLowerCase();

function iso(y: number, m: number, d: number): string | null {
  if (y < 1970 || y > 2100 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

const year4 = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

export interface ParsedDate {
  date: string;
  /** 1 for an unambiguous reading; lower where day and month could be swapped. */
  certainty: number;
}

/**
 * How the document writes numeric dates: a document keeps one order, so a date that can only be read
 * one way (11/17/2017, 28/11/2022) decides the others (11/03/2017). Unknown when none decides.
 */
export type DateOrder = "day-first" | "month-first";

const NUMERIC_DATE = /\b(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})\b/;

/** The order the document's unambiguous numeric dates show, by majority; undefined when none shows one. */
export function documentDateOrder(texts: Iterable<string>): DateOrder | undefined {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const text of texts) {
    for (const m of text.matchAll(new RegExp(NUMERIC_DATE.source, "g"))) {
      const a = Number(m[1]);
      const b = Number(m[3]);
      if (a > 12 && b >= 1 && b <= 12) dayFirst++;
      else if (b > 12 && b <= 31 && a >= 1 && a <= 12) monthFirst++;
    }
  }
  if (monthFirst > dayFirst) return "month-first";
  if (dayFirst > monthFirst) return "day-first";
  return undefined;
}

/** The first date in a text, or null. `order`: the document's (documentDateOrder), when known. */
export function parseDate(text: string, order?: DateOrder): ParsedDate | null {
  const t = fold(text);
  let m = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(t);
  if (m) {
    const d = iso(Number(m[1]), Number(m[2]), Number(m[3]));
    if (d) return { date: d, certainty: 1 };
  }
  // "3 August 2014", "18 april 2014", "28. November 2022", "1er mars 2024"
  m = /\b(\d{1,2})(?:\.|er|st|nd|rd|th)?\s+([a-z]{3,10})\.?\s*,?\s+(\d{4})\b/.exec(t);
  if (m && MONTHS[m[2]]) {
    const d = iso(Number(m[3]), MONTHS[m[2]], Number(m[1]));
    if (d) return { date: d, certainty: 1 };
  }
  // "August 3, 2014", "August 3 , 2014"
  m = /\b([a-z]{3,10})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\s*,?\s+(\d{4})\b/.exec(t);
  if (m && MONTHS[m[1]]) {
    const d = iso(Number(m[3]), MONTHS[m[1]], Number(m[2]));
    if (d) return { date: d, certainty: 1 };
  }
  // 28.11.2022, 28/11/2022, 28-11-2022, 28.11.22: day first in Europe; swapped when the first part
  // cannot be a month... and unsure when both could be, unless the document's other dates tell.
  m = NUMERIC_DATE.exec(t);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const y = year4(m[4]);
    if (a > 12) return wrap(iso(y, b, a), 1);
    if (b > 12) return wrap(iso(y, a, b), 0.9);
    if (a === b) return wrap(iso(y, a, b), 1);
    if (order === "month-first") return wrap(iso(y, a, b), 0.9);
    return wrap(iso(y, b, a), order === "day-first" || m[2] === "." ? 0.95 : 0.7);
  }
  return null;
}

function wrap(date: string | null, certainty: number): ParsedDate | null {
  return date ? { date, certainty } : null;
}
