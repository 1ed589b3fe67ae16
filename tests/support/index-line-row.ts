import type { IndexLineRow } from "../../shared/hs-codes/line-index.ts";

/** A row of hs_search_lines as the line index reads it; level, chapter and subheading follow the code. */
export function indexLine(key: string, code: string, tsv: string, extra: Partial<IndexLineRow> = {}): IndexLineRow {
  return {
    line_key: key,
    code,
    level: code.length,
    chapter: code.slice(0, 2),
    subheading: code.length >= 6 ? code.slice(0, 6) : null,
    valid_from: null,
    valid_to: null,
    len_own: 2,
    len_up: 1,
    len_wco: 0,
    tsv,
    ...extra,
  };
}
