/**
 * A small RFC 4180 CSV reader: quoted fields, doubled quotes, commas and line breaks inside quotes,
 * CRLF / LF / CR line ends. Written here (no dependency) because the reference files are plain CSV
 * and the parsers must run unchanged on Node and Deno.
 */

export interface CsvOptions {
  delimiter?: string;
  /** Drop records that are one empty field (blank lines). Default true. */
  skipBlankLines?: boolean;
}

/** Strips a leading UTF-8 byte order mark, which several official exports carry. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Parses the whole text into records of fields (strings, never null). */
export function parseCsv(text: string, options: CsvOptions = {}): string[][] {
  const delimiter = options.delimiter ?? ",";
  const skipBlank = options.skipBlankLines ?? true;
  const src = stripBom(text);
  const n = src.length;
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;

  const endRecord = () => {
    if (!(skipBlank && record.length === 1 && record[0] === "")) records.push(record);
    record = [];
  };

  while (i <= n) {
    if (i === n) {
      // End of text: a last record without a line break still counts (the UN/LOCODE parts end so).
      if (record.length > 0) endRecord();
      break;
    }
    let field: string;
    if (src[i] === '"') {
      // Quoted field: read up to the closing quote; "" is one quote.
      let value = "";
      let j = i + 1;
      for (;;) {
        const q = src.indexOf('"', j);
        if (q === -1) {
          // Unterminated quote: take the rest of the text rather than fail on a damaged last line.
          value += src.slice(j);
          j = n;
          break;
        }
        value += src.slice(j, q);
        if (src[q + 1] === '"') {
          value += '"';
          j = q + 2;
        } else {
          j = q + 1;
          break;
        }
      }
      // Tolerate stray characters between the closing quote and the delimiter (e.g. `"x" ,`).
      let k = j;
      while (k < n && src[k] !== delimiter && src[k] !== "\n" && src[k] !== "\r") k++;
      if (k > j) value += src.slice(j, k);
      field = value;
      i = k;
    } else {
      let k = i;
      while (k < n && src[k] !== delimiter && src[k] !== "\n" && src[k] !== "\r") k++;
      field = src.slice(i, k);
      i = k;
    }
    record.push(field);
    if (i >= n) {
      endRecord();
      break;
    }
    const c = src[i];
    if (c === delimiter) {
      i++;
      if (i === n) {
        record.push("");
        endRecord();
        break;
      }
    } else {
      // Line end: CRLF, LF or a lone CR.
      i += c === "\r" && src[i + 1] === "\n" ? 2 : 1;
      endRecord();
    }
  }
  return records;
}

export interface CsvTable {
  /** Header names, trimmed (the India file quotes "\r\nHSNCode"). */
  header: string[];
  rows: Record<string, string>[];
}

/** Parses a CSV whose first record is a header; missing trailing fields read as "". */
export function parseCsvWithHeader(text: string, options: CsvOptions = {}): CsvTable {
  const records = parseCsv(text, options);
  if (records.length === 0) return { header: [], rows: [] };
  const header = records[0].map((h) => h.trim());
  const rows = records.slice(1).map((r) => {
    const row: Record<string, string> = {};
    header.forEach((h, idx) => (row[h] = r[idx] ?? ""));
    return row;
  });
  return { header, rows };
}

/** Throws a readable error when a header lacks columns the format must have. */
export function requireColumns(header: string[], required: string[], format: string): void {
  const missing = required.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw new Error(`${format}: missing column(s) ${missing.join(", ")}; header is ${JSON.stringify(header.slice(0, 20))}`);
  }
}
