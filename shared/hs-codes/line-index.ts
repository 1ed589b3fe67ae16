/**
 * A schedule's search index held in memory (issue 31 item 3): per line its stems with the fields they
 * are in, and per stem the lines and subheadings that have it. Built once per process from the rows of
 * hs_search_lines and hs_search_subheadings (hs-code-repository.ts reads them; search-caches.ts keeps
 * one per schedule and builds it again when an import changes the schedule's build stamp). Choosing the
 * candidate lines of a search here, instead of one SQL query per search, takes the database out of the
 * search's hot path: the query read 2,000–3,000 tsvectors as text and parsed them on every search (about
 * four fifths of a warm search's CPU on PGlite). Pure: the same rows give the same candidates on PGlite
 * and PostgreSQL, as the SQL it replaces did (same rules, see candidateLines).
 */
import { FIELD_BITS, type CandidateLine } from "./score-lines.ts";
import { IntList } from "./int-list.ts";

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

/** Lists per id in one array (compressed sparse rows): list i is items[start[i] … start[i+1]). */
export interface Csr {
  start: Int32Array;
  items: Ids;
}

/** Ids (stems, lines, subheadings) in 16 bits when they all fit: half the memory of a schedule's index. */
type Ids = Int32Array | Uint16Array;
const compact = (ids: Int32Array, max: number): Ids => (max <= 0xffff ? Uint16Array.from(ids) : ids);

const row = (csr: Csr, i: number) => csr.items.subarray(csr.start[i], csr.start[i + 1]);

export interface LineIndex {
  lineCount: number;
  /** Stem → id. */
  stemIds: Map<string, number>;
  keys: string[];
  codes: string[];
  levels: Int16Array;
  /** Group (subheading code) of each line, -1: none; groupKeys[group] is the code. */
  lineGroup: Int32Array;
  groupKeys: string[];
  groupIds: Map<string, number>;
  /** The lines of each group, in (level, code) order: the order in which they take its places. */
  groupLines: Csr;
  /** Index in the subheading rows of each line's subheading (-1: none, or no national texts). */
  lineSub: Int32Array;
  /** Chapters 98 and 99 (special provisions, not product classes) are never text-search answers. */
  searchable: Uint8Array;
  validFrom: (string | null)[];
  validTo: (string | null)[];
  lenOwn: Int32Array;
  lenUp: Int32Array;
  lenWco: Int32Array;
  /** A line's stems (ids) and, in lineBits at the same places, their field bits. */
  lineTerms: Csr;
  lineBits: Uint8Array;
  /** Per stem id, the lines having it (ascending). */
  postings: Csr;
  subKeys: string[];
  subLen: Int32Array;
  /** A subheading's stems. */
  subTerms: Csr;
  /** Per stem id, the subheadings whose national texts have it (ascending). */
  subPostings: Csr;
}

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

/**
 * Builds the index from the subheadings and then the lines, page by page (a schedule's lines as text are
 * some 10 MB: read in pages, the text of one page at a time is alive).
 */
export class LineIndexBuilder {
  private readonly stemIds = new Map<string, number>();
  private readonly subKeys: string[];
  private readonly subIds: Map<string, number>;
  private readonly subLen: Int32Array;
  private readonly subTerms: Csr;
  private readonly keys: string[] = [];
  private readonly codes: string[] = [];
  private readonly levels = new IntList();
  private readonly groups = new IntList();
  private readonly groupIds = new Map<string, number>();
  private readonly groupKeys: string[] = [];
  private readonly lineSub = new IntList();
  private readonly searchable: number[] = [];
  private readonly validFrom: (string | null)[] = [];
  private readonly validTo: (string | null)[] = [];
  private readonly lengths = [new IntList(), new IntList(), new IntList()];
  private readonly lineStart = new IntList();
  private readonly terms = new IntList();
  private readonly bits = new IntList();

  constructor(subheadings: readonly IndexSubheadingRow[]) {
    this.subKeys = subheadings.map((s) => s.subheading);
    this.subIds = new Map(this.subKeys.map((k, i) => [k, i]));
    this.subLen = Int32Array.from(subheadings, (s) => s.len);
    const start = new Int32Array(subheadings.length + 1);
    const items = new IntList();
    subheadings.forEach((s, i) => {
      start[i] = items.length;
      for (const x of new Set(s.lexemes)) items.push(this.idOf(x));
      start[i + 1] = items.length;
    });
    this.subTerms = { start, items: items.done() };
    this.lineStart.push(0);
  }

  private idOf(stem: string): number {
    let id = this.stemIds.get(stem);
    if (id === undefined) {
      id = this.stemIds.size;
      this.stemIds.set(stem, id);
    }
    return id;
  }

  addLines(lines: readonly IndexLineRow[]): void {
    for (const l of lines) {
      parseTsvector(l.tsv, (lexeme, b) => {
        this.terms.push(this.idOf(lexeme));
        this.bits.push(b);
      });
      this.lineStart.push(this.terms.length);
      this.keys.push(l.line_key);
      this.codes.push(l.code);
      this.levels.push(l.level);
      let group = -1;
      if (l.subheading !== null) {
        group = this.groupIds.get(l.subheading) ?? -1;
        if (group < 0) {
          group = this.groupKeys.length;
          this.groupIds.set(l.subheading, group);
          this.groupKeys.push(l.subheading);
        }
      }
      this.groups.push(group);
      this.lineSub.push(l.subheading === null ? -1 : (this.subIds.get(l.subheading) ?? -1));
      this.searchable.push(l.chapter < "98" ? 1 : 0);
      this.validFrom.push(l.valid_from);
      this.validTo.push(l.valid_to);
      this.lengths[0].push(l.len_own ?? 0);
      this.lengths[1].push(l.len_up ?? 0);
      this.lengths[2].push(l.len_wco ?? 0);
    }
  }

  build(): LineIndex {
    const n = this.keys.length;
    const stemCount = this.stemIds.size;
    const lineTerms = { start: this.lineStart.done(), items: compact(this.terms.done(), stemCount) };
    const levels = Int16Array.from(this.levels.done());
    const lineGroup = this.groups.done();
    const codes = this.codes;
    // Lines per group in (level, code) order, as one list.
    const order = Array.from({ length: n }, (_, i) => i)
      .filter((i) => lineGroup[i] >= 0)
      .sort((a, b) => lineGroup[a] - lineGroup[b] || levels[a] - levels[b] || (codes[a] < codes[b] ? -1 : codes[a] > codes[b] ? 1 : a - b));
    const groupStart = new Int32Array(this.groupKeys.length + 1);
    for (const i of order) groupStart[lineGroup[i] + 1]++;
    for (let g = 0; g < this.groupKeys.length; g++) groupStart[g + 1] += groupStart[g];
    return {
      lineCount: n,
      stemIds: this.stemIds,
      keys: this.keys,
      codes,
      levels,
      lineGroup,
      groupKeys: this.groupKeys,
      groupIds: this.groupIds,
      groupLines: { start: groupStart, items: compact(Int32Array.from(order), n) },
      lineSub: this.lineSub.done(),
      searchable: Uint8Array.from(this.searchable),
      validFrom: this.validFrom,
      validTo: this.validTo,
      lenOwn: this.lengths[0].done(),
      lenUp: this.lengths[1].done(),
      lenWco: this.lengths[2].done(),
      lineTerms,
      lineBits: Uint8Array.from(this.bits.done()),
      postings: invert(stemCount, lineTerms, n),
      subKeys: this.subKeys,
      subLen: this.subLen,
      subTerms: { start: this.subTerms.start, items: compact(this.subTerms.items as Int32Array, stemCount) },
      subPostings: invert(stemCount, this.subTerms, this.subKeys.length),
    };
  }
}

/** The index of a schedule's lines and the subheadings' national texts, all rows at once. */
export function buildLineIndex(lines: readonly IndexLineRow[], subheadings: readonly IndexSubheadingRow[]): LineIndex {
  const builder = new LineIndexBuilder(subheadings);
  builder.addLines(lines);
  return builder.build();
}

/** Per term id, the documents having it, ascending. */
export function invert(termCount: number, docs: Csr, docCount: number): Csr {
  const start = new Int32Array(termCount + 1);
  for (let k = 0; k < docs.items.length; k++) start[docs.items[k] + 1]++;
  for (let t = 0; t < termCount; t++) start[t + 1] += start[t];
  const fill = start.slice(0, termCount);
  const items = docCount <= 0xffff ? new Uint16Array(docs.items.length) : new Int32Array(docs.items.length);
  for (let d = 0; d + 1 < docs.start.length; d++) for (let k = docs.start[d]; k < docs.start[d + 1]; k++) items[fill[docs.items[k]]++] = d;
  return { start, items };
}

/** Documents having every term: the intersection of ascending posting lists, rarest first. */
function intersect(lists: Ids[]): Iterable<number> {
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

/** The day whose lines are in force, and whether the schedule's lines carry validity periods at all. */
export interface ListedOn {
  /** ISO date of today: UK and TARIC lines out of force are left out. */
  today: string;
  /** Whether the schedule's lines carry validity periods (UK, TARIC). */
  validity: boolean;
}

/** Whether line `i` is a text-search answer on that day: searchable and in force. */
function isListed(index: LineIndex, i: number, on: ListedOn): boolean {
  if (index.searchable[i] === 0) return false;
  if (!on.validity) return true;
  const from = index.validFrom[i];
  const to = index.validTo[i];
  return (from === null || from <= on.today) && (to === null || to >= on.today);
}

/** The key of a subheading's first line in force, in (level, code) order (its own 6-digit line where the schedule has one). */
export function firstListedLine(index: LineIndex, subheading: string, on: ListedOn): string | null {
  const g = index.groupIds.get(subheading);
  if (g === undefined) return null;
  for (const i of row(index.groupLines, g)) if (isListed(index, i, on)) return index.keys[i];
  return null;
}

export interface CandidateRequest extends ListedOn {
  /** The alternatives that select candidates, each as the stems that must all be present (any of them). */
  select: readonly (readonly string[])[];
  /** Every stem of the plan: the stems whose fields the scoring needs. */
  stems: readonly string[];
  /** Subheadings the search references named: all their lines are candidates. */
  subheadings: readonly string[];
  /** Lines of a subheading matched only through its national texts: the first `limit` per subheading. */
  limit: number;
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
  const listed = (i: number) => isListed(index, i, request);
  const chosen = new Uint8Array(index.lineCount);
  const select = request.select.map(ids).filter((a) => a.length > 0 && a.every((id) => id >= 0));
  for (const alt of select) {
    for (const i of intersect(alt.map((id) => row(index.postings, id)))) if (listed(i)) chosen[i] = 1;
  }
  // Per stem id, its place in the plan + 1 (0: not in the plan): the index's scratch array, set for this
  // call and cleared before it returns (the call is synchronous, so no other search sees it).
  const planned = plannedScratch(index);
  const plannedIds: number[] = [];
  request.stems.forEach((s, k) => {
    const id = index.stemIds.get(s);
    if (id !== undefined && planned[id] === 0) {
      planned[id] = k + 1;
      plannedIds.push(id);
    }
  });
  try {
    return chooseLines(index, request, select, chosen, planned);
  } finally {
    for (const id of plannedIds) planned[id] = 0;
  }
}

/** candidateLines after the selecting alternatives: the subheadings' lines, and what BM25F needs of each line. */
function chooseLines(
  index: LineIndex,
  request: CandidateRequest,
  select: readonly number[][],
  chosen: Uint8Array,
  planned: Int32Array,
): CandidateLine[] {
  const listed = (i: number) => isListed(index, i, request);
  const hasPlannedStem = (i: number) => {
    for (let k = index.lineTerms.start[i]; k < index.lineTerms.start[i + 1]; k++) if (planned[index.lineTerms.items[k]] !== 0) return true;
    return false;
  };
  const subs = new Set<number>();
  for (const alt of select) for (const s of intersect(alt.map((id) => row(index.subPostings, id)))) subs.add(s);
  for (const s of subs) {
    let rank = 0;
    const g = index.groupIds.get(index.subKeys[s]);
    if (g === undefined) continue;
    for (const i of row(index.groupLines, g)) {
      if (!listed(i)) continue;
      rank++;
      if (rank <= request.limit || hasPlannedStem(i)) chosen[i] = 1;
    }
  }
  for (const code of request.subheadings) {
    const g = index.groupIds.get(code);
    if (g !== undefined) for (const i of row(index.groupLines, g)) if (listed(i)) chosen[i] = 1;
  }

  const ownWords = ownWordCounts(index);
  // Per subheading, the plan's stems in its national texts (in their order there): read once per search,
  // not once per candidate line under it (a subheading's texts run to hundreds of stems).
  const shared = new Map<number, string[]>();
  const sharedStems = (s: number): string[] => {
    let stems = shared.get(s);
    if (!stems) {
      stems = [];
      for (let k = index.subTerms.start[s]; k < index.subTerms.start[s + 1]; k++) {
        const p = planned[index.subTerms.items[k]];
        if (p !== 0) stems.push(request.stems[p - 1]);
      }
      shared.set(s, stems);
    }
    return stems;
  };
  const out: CandidateLine[] = [];
  for (let i = 0; i < index.lineCount; i++) {
    if (chosen[i] === 0) continue;
    const found = new Map<string, number>();
    for (let k = index.lineTerms.start[i]; k < index.lineTerms.start[i + 1]; k++) {
      const p = planned[index.lineTerms.items[k]];
      const b = index.lineBits[k];
      if (p !== 0 && b !== 0) found.set(request.stems[p - 1], b);
    }
    const s = index.lineSub[i];
    if (s >= 0) for (const stem of sharedStems(s)) found.set(stem, (found.get(stem) ?? 0) | FIELD_BITS.shared);
    out.push({
      lineKey: index.keys[i],
      code: index.codes[i],
      level: index.levels[i],
      subheading: index.lineGroup[i] >= 0 ? index.groupKeys[index.lineGroup[i]] : null,
      lengths: { own: index.lenOwn[i], up: index.lenUp[i], wco: index.lenWco[i], shared: s >= 0 ? index.subLen[s] : 0 },
      found,
      ownWords: ownWords[i],
    });
  }
  return out;
}

const ownWordsOf = new WeakMap<LineIndex, Int32Array>();
/**
 * Per line, the distinct stems of its own text that have a letter (a word, not a number: CandidateLine
 * ownWords); once per index, not per candidate of every search.
 */
function ownWordCounts(index: LineIndex): Int32Array {
  let counts = ownWordsOf.get(index);
  if (!counts) {
    const isWord = new Uint8Array(index.stemIds.size);
    for (const [stem, id] of index.stemIds) if (/[a-z]/.test(stem)) isWord[id] = 1;
    counts = new Int32Array(index.lineCount);
    for (let i = 0; i < index.lineCount; i++)
      for (let k = index.lineTerms.start[i]; k < index.lineTerms.start[i + 1]; k++)
        if (index.lineBits[k] & OWN && isWord[index.lineTerms.items[k]] === 1) counts[i]++;
    ownWordsOf.set(index, counts);
  }
  return counts;
}

const plannedOf = new WeakMap<LineIndex, Int32Array>();
/** A per-stem-id array of zeros, one per index (candidateLines marks the plan's stems in it and clears them). */
function plannedScratch(index: LineIndex): Int32Array {
  let scratch = plannedOf.get(index);
  if (!scratch) {
    scratch = new Int32Array(index.stemIds.size);
    plannedOf.set(index, scratch);
  }
  return scratch;
}
