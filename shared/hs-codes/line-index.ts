/**
 * A schedule's search index held in memory (issue 31 item 3): per line its stems with the fields they
 * are in, and per stem the lines and subheadings that have it. Built once per process from the rows of
 * hs_search_lines and hs_search_subheadings (hs-code-repository.ts reads them; hs-code-service.ts keeps
 * one per schedule and builds it again when an import changes the schedule's build stamp). Choosing the
 * candidate lines of a search here, instead of one SQL query per search, takes the database out of the
 * search's hot path: the query read 2,000–3,000 tsvectors as text and parsed them on every search (about
 * four fifths of a warm search's CPU on PGlite). Pure: the same rows give the same candidates on PGlite
 * and PostgreSQL, as the SQL it replaces did (same rules, see candidateLines).
 */
import { FIELD_BITS, type CandidateLine } from "./score-lines.ts";

/** One row of hs_search_lines as the index needs it; tsv in PostgreSQL's text form ('shirt':3B,7A …). */
export interface IndexLineRow {
  line_key: string;
  code: string;
  level: number;
  chapter: string;
  subheading: string | null;
  /** ISO dates (YYYY-MM-DD) of UK and TARIC lines; null: open. */
  valid_from: string | null;
  valid_to: string | null;
  len_own: number | null;
  len_up: number | null;
  len_wco: number | null;
  tsv: string;
}

/** One row of hs_search_subheadings: the national texts of a 6-digit subheading, as its lexemes. */
export interface IndexSubheadingRow {
  subheading: string;
  len: number;
  lexemes: readonly string[];
}

/** Field bits of a stem in a line (score-lines.ts): the tsvector weight letters A (own), B (ancestors), C (WCO subheading). */
const OWN = FIELD_BITS.own;
const UP = FIELD_BITS.up;
const WCO = FIELD_BITS.wco;

export interface LineIndex {
  lineCount: number;
  /** Stem → id. */
  stemIds: Map<string, number>;
  keys: string[];
  codes: string[];
  levels: Int16Array;
  /** The subheading column of each line. */
  lineSubheading: (string | null)[];
  /** Index in the subheading rows of each line's subheading (-1: none, or no national texts). */
  lineSub: Int32Array;
  /** Chapters 98 and 99 (special provisions, not product classes) are never text-search answers. */
  searchable: Uint8Array;
  validFrom: (string | null)[];
  validTo: (string | null)[];
  lenOwn: Int32Array;
  lenUp: Int32Array;
  lenWco: Int32Array;
  /** A line's stems: lineTerms[lineStart[i] … lineStart[i+1]) with their field bits in lineBits. */
  lineStart: Int32Array;
  lineTerms: Int32Array;
  lineBits: Uint8Array;
  /** Per stem id, the lines having it (ascending). */
  postings: Int32Array[];
  subKeys: string[];
  subIds: Map<string, number>;
  subLen: Int32Array;
  /** Per stem id, the subheadings whose national texts have it (ascending). */
  subPostings: Int32Array[];
  /** A subheading's stems: subTerms[subStart[s] … subStart[s+1]). */
  subStart: Int32Array;
  subTerms: Int32Array;
  /** The lines of each subheading code, in (level, code) order: the order in which they take its places. */
  subheadingLines: Map<string, Int32Array>;
}

const EMPTY = new Int32Array(0);

/**
 * The lexemes of a tsvector's text form with their weight letters: `'lexeme':1A,4B,7` (positions
 * without a letter are weight D, which no field uses); quotes inside a lexeme are doubled, backslashes
 * escaped.
 */
export function parseTsvector(text: string, visit: (lexeme: string, bits: number) => void): void {
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && text.charCodeAt(i) === 32) i++;
    if (i >= n) break;
    let lexeme = "";
    if (text[i] === "'") {
      i++;
      let start = i;
      for (;;) {
        const c = text[i];
        if (c === undefined) break;
        if (c === "\\") {
          lexeme += text.slice(start, i) + (text[i + 1] ?? "");
          i += 2;
          start = i;
        } else if (c === "'" && text[i + 1] === "'") {
          lexeme += text.slice(start, i + 1);
          i += 2;
          start = i;
        } else if (c === "'") {
          lexeme += text.slice(start, i);
          i++;
          break;
        } else i++;
      }
    } else {
      const start = i;
      while (i < n && text[i] !== ":" && text.charCodeAt(i) !== 32) i++;
      lexeme = text.slice(start, i);
    }
    let bits = 0;
    if (text[i] === ":") {
      i++;
      while (i < n && text.charCodeAt(i) !== 32) {
        const c = text[i];
        if (c === "A") bits |= OWN;
        else if (c === "B") bits |= UP;
        else if (c === "C") bits |= WCO;
        i++;
      }
    }
    visit(lexeme, bits);
  }
}

/** The index of a schedule's lines and the subheadings' national texts. */
export function buildLineIndex(lines: readonly IndexLineRow[], subheadings: readonly IndexSubheadingRow[]): LineIndex {
  const stemIds = new Map<string, number>();
  const idOf = (s: string) => {
    let id = stemIds.get(s);
    if (id === undefined) {
      id = stemIds.size;
      stemIds.set(s, id);
    }
    return id;
  };
  const subKeys = subheadings.map((s) => s.subheading);
  const subIds = new Map(subKeys.map((k, i) => [k, i]));
  const subLen = Int32Array.from(subheadings, (s) => s.len);
  const subStart = new Int32Array(subheadings.length + 1);
  const subTermList: number[] = [];
  subheadings.forEach((s, i) => {
    subStart[i] = subTermList.length;
    for (const x of new Set(s.lexemes)) subTermList.push(idOf(x));
    subStart[i + 1] = subTermList.length;
  });
  const subTerms = Int32Array.from(subTermList);

  const n = lines.length;
  const lineStart = new Int32Array(n + 1);
  const terms: number[] = [];
  const bits: number[] = [];
  const lineSub = new Int32Array(n);
  lines.forEach((l, i) => {
    lineStart[i] = terms.length;
    parseTsvector(l.tsv, (lexeme, b) => {
      terms.push(idOf(lexeme));
      bits.push(b);
    });
    lineStart[i + 1] = terms.length;
    lineSub[i] = l.subheading === null ? -1 : (subIds.get(l.subheading) ?? -1);
  });
  const lineTerms = Int32Array.from(terms);
  const lineBits = Uint8Array.from(bits);

  const postings = invert(stemIds.size, n, lineStart, lineTerms);
  const subPostings = invert(stemIds.size, subheadings.length, subStart, subTerms);

  const codes = lines.map((l) => l.code);
  const levels = Int16Array.from(lines, (l) => l.level);
  const groups = new Map<string, number[]>();
  lines.forEach((l, i) => {
    if (l.subheading === null) return;
    const g = groups.get(l.subheading);
    if (g) g.push(i);
    else groups.set(l.subheading, [i]);
  });
  const byLevelAndCode = (a: number, b: number) => levels[a] - levels[b] || (codes[a] < codes[b] ? -1 : codes[a] > codes[b] ? 1 : a - b);
  const subheadingLines = new Map([...groups].map(([k, g]) => [k, Int32Array.from(g.sort(byLevelAndCode))]));

  return {
    lineCount: n,
    stemIds,
    keys: lines.map((l) => l.line_key),
    codes,
    levels,
    lineSubheading: lines.map((l) => l.subheading),
    lineSub,
    searchable: Uint8Array.from(lines, (l) => (l.chapter < "98" ? 1 : 0)),
    validFrom: lines.map((l) => l.valid_from),
    validTo: lines.map((l) => l.valid_to),
    lenOwn: Int32Array.from(lines, (l) => l.len_own ?? 0),
    lenUp: Int32Array.from(lines, (l) => l.len_up ?? 0),
    lenWco: Int32Array.from(lines, (l) => l.len_wco ?? 0),
    lineStart,
    lineTerms,
    lineBits,
    postings,
    subKeys,
    subIds,
    subLen,
    subPostings,
    subStart,
    subTerms,
    subheadingLines,
  };
}

/** Per term id, the documents having it, ascending (documents' terms in CSR form). */
function invert(termCount: number, docs: number, start: Int32Array, terms: Int32Array): Int32Array[] {
  const counts = new Int32Array(termCount);
  for (let k = 0; k < terms.length; k++) counts[terms[k]]++;
  const lists = Array.from(counts, (c) => (c === 0 ? EMPTY : new Int32Array(c)));
  const fill = new Int32Array(termCount);
  for (let d = 0; d < docs; d++) for (let k = start[d]; k < start[d + 1]; k++) lists[terms[k]][fill[terms[k]]++] = d;
  return lists;
}

/** Documents having every term: the intersection of ascending posting lists, rarest first. */
function intersect(lists: Int32Array[]): Iterable<number> {
  if (lists.length === 1) return lists[0];
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  const out: number[] = [];
  const at = new Int32Array(sorted.length);
  outer: for (const d of sorted[0]) {
    for (let j = 1; j < sorted.length; j++) {
      const list = sorted[j];
      let k = at[j];
      while (k < list.length && list[k] < d) k++;
      at[j] = k;
      if (k >= list.length) break outer;
      if (list[k] !== d) continue outer;
    }
    out.push(d);
  }
  return out;
}

export interface CandidateRequest {
  /** The alternatives that select candidates, each as the stems that must all be present (any of them). */
  select: readonly (readonly string[])[];
  /** Every stem of the plan: the stems whose fields the scoring needs. */
  stems: readonly string[];
  /** Subheadings the search references named: all their lines are candidates. */
  subheadings: readonly string[];
  /** Lines of a subheading matched only through its national texts: the first `limit` per subheading. */
  limit: number;
  /** ISO date of today: UK and TARIC lines out of force are left out. */
  today: string;
  /** Whether the schedule's lines carry validity periods (UK, TARIC). */
  validity: boolean;
}

/**
 * The candidate lines of a description search, with what BM25F needs of each (score-lines.ts scores
 * them): the searchable lines in force having every stem of a selecting alternative; the lines of
 * subheadings whose national texts have one (of those, the lines with any stem of the plan in their own
 * text, and the first `limit` of each subheading in (level, code) order: the others score alike and
 * cannot rank above them); and the lines of the subheadings the search references named. In line order.
 */
export function candidateLines(index: LineIndex, request: CandidateRequest): CandidateLine[] {
  const ids = (stems: readonly string[]) => stems.map((s) => index.stemIds.get(s) ?? -1);
  const listed = (i: number) => {
    if (index.searchable[i] === 0) return false;
    if (!request.validity) return true;
    const from = index.validFrom[i];
    const to = index.validTo[i];
    return (from === null || from <= request.today) && (to === null || to >= request.today);
  };
  const chosen = new Uint8Array(index.lineCount);
  const select = request.select.map(ids).filter((a) => a.length > 0 && a.every((id) => id >= 0));
  for (const alt of select) {
    for (const i of intersect(alt.map((id) => index.postings[id]))) if (listed(i)) chosen[i] = 1;
  }
  // Per stem id, its place in the plan + 1 (0: not in the plan).
  const planned = new Map<number, number>();
  request.stems.forEach((s, k) => {
    const id = index.stemIds.get(s);
    if (id !== undefined && !planned.has(id)) planned.set(id, k + 1);
  });
  const hasPlannedStem = (i: number) => {
    for (let k = index.lineStart[i]; k < index.lineStart[i + 1]; k++) if (planned.has(index.lineTerms[k])) return true;
    return false;
  };
  const subs = new Set<number>();
  for (const alt of select) for (const s of intersect(alt.map((id) => index.subPostings[id]))) subs.add(s);
  for (const s of subs) {
    let rank = 0;
    for (const i of index.subheadingLines.get(index.subKeys[s]) ?? EMPTY) {
      if (!listed(i)) continue;
      rank++;
      if (rank <= request.limit || hasPlannedStem(i)) chosen[i] = 1;
    }
  }
  for (const code of request.subheadings) for (const i of index.subheadingLines.get(code) ?? EMPTY) if (listed(i)) chosen[i] = 1;

  const out: CandidateLine[] = [];
  for (let i = 0; i < index.lineCount; i++) {
    if (chosen[i] === 0) continue;
    const found = new Map<string, number>();
    for (let k = index.lineStart[i]; k < index.lineStart[i + 1]; k++) {
      const p = planned.get(index.lineTerms[k]);
      const b = index.lineBits[k];
      if (p !== undefined && b !== 0) found.set(request.stems[p - 1], b);
    }
    const s = index.lineSub[i];
    if (s >= 0) {
      for (let k = index.subStart[s]; k < index.subStart[s + 1]; k++) {
        const p = planned.get(index.subTerms[k]);
        if (p === undefined) continue;
        const stem = request.stems[p - 1];
        found.set(stem, (found.get(stem) ?? 0) | FIELD_BITS.shared);
      }
    }
    out.push({
      lineKey: index.keys[i],
      code: index.codes[i],
      level: index.levels[i],
      subheading: index.lineSubheading[i],
      lengths: { own: index.lenOwn[i], up: index.lenUp[i], wco: index.lenWco[i], shared: s >= 0 ? index.subLen[s] : 0 },
      found,
    });
  }
  return out;
}
