/**
 * SQL of the HS lookup. Reads the search index (hs_search_lines, hs_search_stems, hs_search_builds; see
 * migration 20261121000005; the BM25F fields hs_search_subheadings and hs_search_field_stats of migration
 * 20261126001801) and the hs_codes_* tables. Reference data belongs to no account, so these
 * queries take no account id. Schedule names reach SQL text only from the fixed list in schedules.ts.
 */
import type { Queryable } from "../db/types.ts";
import { SCHEDULES, type HsSchedule } from "./schedules.ts";
import type { FieldAverages } from "./query-plan.ts";
import type { IndexLineRow, IndexSubheadingRow } from "./line-index.ts";

export interface HsSearchRow {
  code: string;
  description: string;
  full_description: string;
  chapter: string;
  level: number;
  duty_rate: string | null;
}

export interface SearchBuild {
  builtAt: string;
  lineCount: number;
  /** When the search references (hs_search_references) were imported; null: never. */
  referencesAt: string | null;
}

/** UK and TARIC lines carry validity periods: searches show the lines in force today. */
export const hasValidityPeriods = (schedule: HsSchedule) => schedule === "uk" || schedule === "eu";

export function validityFilter(schedule: HsSchedule, alias = ""): string {
  if (!hasValidityPeriods(schedule)) return "";
  const p = alias ? `${alias}.` : "";
  return ` and (${p}valid_from is null or ${p}valid_from <= current_date) and (${p}valid_to is null or ${p}valid_to >= current_date)`;
}

const ROW_COLUMNS = "code, description, full_description, chapter, level::int as level, duty_rate";

function toRow(r: Record<string, unknown>): HsSearchRow {
  return {
    code: String(r.code),
    description: String(r.description),
    full_description: String(r.full_description),
    chapter: String(r.chapter),
    level: Number(r.level),
    duty_rate: r.duty_rate === null || r.duty_rate === undefined ? null : String(r.duty_rate),
  };
}

/**
 * The English stems of each word (ts_lexize with the Snowball stemmer; [] for a stop word) and the
 * schedule's current index build (null when the migration never indexed it).
 */
export async function lexizeWords(
  db: Queryable,
  schedule: HsSchedule,
  words: readonly string[],
): Promise<{ build: SearchBuild | null; stems: Map<string, string[]> }> {
  const rows = await db.query<{
    built_at: string | null;
    line_count: number | null;
    references_at: string | null;
    w: string | null;
    lex: string | null;
  }>(
    `select b.built_at::text as built_at, b.line_count,
            (select r.imported_at::text from reference_imports r where r.table_name = 'hs_search_references') as references_at,
            x.w, array_to_string(ts_lexize('english_stem', x.w), ' ') as lex
       from (select 1) as one
       left join hs_search_builds b on b.schedule = $1
       left join jsonb_array_elements_text($2::text::jsonb) with ordinality as x(w, i) on true
      order by x.i`,
    [schedule, JSON.stringify(words)],
  );
  const stems = new Map<string, string[]>();
  for (const r of rows) if (r.w !== null) stems.set(r.w, r.lex ? r.lex.split(" ").filter(Boolean) : []);
  const first = rows[0];
  const build =
    first && first.built_at !== null
      ? { builtAt: first.built_at, lineCount: Number(first.line_count), referencesAt: first.references_at }
      : null;
  return { build, stems };
}

export interface StemCount {
  /** Lines whose text (own or inherited) contains the stem. */
  lines: number;
  /** Lines whose own description contains it. */
  own: number;
  /** Subheadings whose national texts contain it (hs_search_subheadings). */
  shared: number;
}

/** Per stem of the schedule: how many lines contain it, and how many subheadings' national texts. */
export async function loadStemCounts(db: Queryable, schedule: HsSchedule): Promise<Map<string, StemCount>> {
  const rows = await db.query<{ schedule: string; stem: string; ndoc: number; ndoc_own: number }>(
    "select schedule, stem, ndoc, ndoc_own from hs_search_stems where schedule in ($1, 'hs6')",
    [schedule],
  );
  const counts = new Map<string, StemCount>();
  const entry = (stem: string) => {
    let c = counts.get(stem);
    if (!c) {
      c = { lines: 0, own: 0, shared: 0 };
      counts.set(stem, c);
    }
    return c;
  };
  for (const r of rows) {
    const c = entry(r.stem);
    if (r.schedule === "hs6") c.shared = Number(r.ndoc);
    else {
      c.lines = Number(r.ndoc);
      c.own = Number(r.ndoc_own);
    }
  }
  return counts;
}

/** Every indexed description of the schedule (for the typo vocabulary). */
export async function loadDescriptions(db: Queryable, schedule: HsSchedule): Promise<string[]> {
  const rows = await db.query<{ description: string }>("select description from hs_search_lines where schedule = $1", [schedule]);
  return rows.map((r) => r.description);
}

/** Average field lengths of the schedule's lines and of the subheadings' national texts (BM25F). */
export async function loadFieldAverages(db: Queryable, schedule: HsSchedule): Promise<{ averages: FieldAverages; sharedDocs: number }> {
  const rows = await db.query<{ schedule: string; docs: number; avg_own: number; avg_up: number; avg_wco: number }>(
    "select schedule, docs, avg_own, avg_up, avg_wco from hs_search_field_stats where schedule in ($1, 'hs6')",
    [schedule],
  );
  const own = rows.find((r) => r.schedule === schedule);
  const shared = rows.find((r) => r.schedule === "hs6");
  return {
    averages: {
      own: Number(own?.avg_own ?? 0),
      up: Number(own?.avg_up ?? 0),
      wco: Number(own?.avg_wco ?? 0),
      shared: Number(shared?.avg_own ?? 0),
    },
    sharedDocs: Number(shared?.docs ?? 0),
  };
}

/**
 * Lines per page of readLineIndexRows: the text of one page (about 0.3 MB) is alive at a time, and short-lived
 * enough to be collected young (pages of 5,000 left some 40 MB more in a Deno heap, issue 27).
 */
const INDEX_PAGE = 1000;

/**
 * What the in-memory search index of a schedule is built from (line-index.ts): the subheadings' national
 * texts as lexemes, then every line with its tsvector as text in pages of INDEX_PAGE (code, line_key
 * order), each handed to onLines before the next is read. Read once per process and build.
 */
export async function readLineIndexRows(
  db: Queryable,
  schedule: HsSchedule,
  onSubheadings: (rows: IndexSubheadingRow[]) => void,
  onLines: (rows: IndexLineRow[]) => void,
): Promise<void> {
  const subheadings = await db.query<{ subheading: string; len: number; lexemes: unknown }>(
    "select subheading, len, array_to_json(tsvector_to_array(tsv))::text as lexemes from hs_search_subheadings order by subheading",
  );
  onSubheadings(subheadings.map((r) => ({ subheading: String(r.subheading), len: Number(r.len), lexemes: parseJsonList(r.lexemes) })));
  let after: { code: string; key: string } | null = null;
  for (;;) {
    const rows: IndexLineRow[] = await db.query<IndexLineRow>(
      `select line_key, code, level::int as level, chapter, subheading, valid_from::text as valid_from, valid_to::text as valid_to,
              len_own::int as len_own, len_up::int as len_up, len_wco::int as len_wco, tsv::text as tsv
         from hs_search_lines
        where schedule = $1 and ($2::text is null or (code, line_key) > ($2::text, $3::text))
        order by code, line_key limit ${INDEX_PAGE}`,
      [schedule, after?.code ?? null, after?.key ?? null],
    );
    onLines(
      rows.map((r) => ({
        line_key: String(r.line_key),
        code: String(r.code),
        level: Number(r.level),
        chapter: String(r.chapter),
        subheading: r.subheading ?? null,
        valid_from: r.valid_from ?? null,
        valid_to: r.valid_to ?? null,
        len_own: r.len_own === null ? null : Number(r.len_own),
        len_up: r.len_up === null ? null : Number(r.len_up),
        len_wco: r.len_wco === null ? null : Number(r.len_wco),
        tsv: String(r.tsv),
      })),
    );
    if (rows.length < INDEX_PAGE) return;
    const last = rows[rows.length - 1];
    after = { code: String(last.code), key: String(last.line_key) };
  }
}

/** The lines with these keys, by key (= any of an array: one index scan, no hash of the keys to plan and build). */
export async function linesByKey(db: Queryable, schedule: HsSchedule, keys: readonly string[]): Promise<Map<string, HsSearchRow>> {
  if (keys.length === 0) return new Map();
  const rows = await db.query<Record<string, unknown>>(
    `select line_key, ${ROW_COLUMNS} from hs_search_lines
      where schedule = $1 and line_key = any(array(select jsonb_array_elements_text($2::text::jsonb)))`,
    [schedule, jsonList(keys)],
  );
  return new Map(rows.map((r) => [String(r.line_key), toRow(r)]));
}

/** A JSON array sent as text: the same on every driver; SQL reads it with jsonb_array_elements_text. */
const jsonList = (values: readonly string[]) => JSON.stringify(values);

/** A JSON array returned as text (or already parsed by the driver) as strings. */
function parseJsonList(v: unknown): string[] {
  const list = typeof v === "string" ? JSON.parse(v) : v;
  return Array.isArray(list) ? list.map(String) : [];
}

/** Lines whose code starts with the digits, in code order, with their number. */
export async function searchByCodePrefix(
  db: Queryable,
  schedule: HsSchedule,
  prefix: string,
  limit: number,
): Promise<{ rows: HsSearchRow[]; total: number }> {
  const rows = await db.query(
    `select ${ROW_COLUMNS}, count(*) over ()::int as total
       from hs_search_lines
      where schedule = $1 and code >= $2::text and code < $3::text${validityFilter(schedule)}
      order by code, level, line_key
      limit ${Math.max(1, Math.trunc(limit))}`,
    [schedule, prefix, `${prefix}:`],
  );
  return { rows: rows.map(toRow), total: rows.length > 0 ? Number(rows[0].total) : 0 };
}

/** Whether the schedule's search index has lines (false before the first import). */
export async function scheduleLineCount(db: Queryable, schedule: HsSchedule): Promise<number> {
  const rows = await db.query<{ line_count: number }>("select line_count from hs_search_builds where schedule = $1", [schedule]);
  return rows.length > 0 ? Number(rows[0].line_count) : 0;
}

/** One line of a schedule's tree, as stored (US grouping lines have no code). */
export interface TreeLine {
  code: string | null;
  /** Significant digits (UK: of the zero-padded code); null for US grouping lines. */
  level: number | null;
  description: string;
  suffix: string | null;
  chapter: string | null;
  heading: string | null;
  subheading: string | null;
  duty_rate: string | null;
}

/**
 * How to find a line by its digits and walk up its parents, per table. The start picks one row: for the
 * UK and TARIC, the real item (suffix 80) in force today, else the most recent one.
 */
const TREE: Record<HsSchedule, { start: string; parent: string; extra: string }> = {
  wco: {
    start: "select * from hs_codes_wco where code = $1",
    parent: "p.code = up.parent_code",
    extra: "null::text as suffix, null::text as duty_rate",
  },
  us: {
    start: "select * from hs_codes_us where code = $1 order by seq limit 1",
    parent: "p.seq = up.parent_seq",
    extra: "null::text as suffix, effective_general_rate as duty_rate",
  },
  eu: {
    start: `select * from hs_codes_eu where code = $1 and suffix = '80'
             order by (validity_start is null or validity_start <= current_date) and (validity_end is null or validity_end >= current_date) desc
             limit 1`,
    parent: "p.code = up.parent_code and p.suffix = coalesce(up.parent_suffix, '80')",
    extra: "suffix, null::text as duty_rate",
  },
  uk: {
    start: `select * from hs_codes_uk where code = $1 and suffix = '80'
             order by (validity_start is null or validity_start <= current_date) and (validity_end is null or validity_end >= current_date) desc,
                      validity_start desc nulls last
             limit 1`,
    parent: "p.sid = up.parent_sid",
    extra: "suffix, null::text as duty_rate",
  },
  in: {
    start: "select * from hs_codes_in where code = $1",
    parent: "p.code = up.parent_code",
    extra: "null::text as suffix, null::text as duty_rate",
  },
};

/** The line with exactly these digits and its ancestors, root first; [] when there is no such line. */
export async function findLineWithAncestors(db: Queryable, schedule: HsSchedule, code: string): Promise<TreeLine[]> {
  const { table } = SCHEDULES[schedule];
  const t = TREE[schedule];
  const rows = await db.query<TreeLine & { depth: number }>(
    `with recursive up as (
       select s.*, 0 as depth from (${t.start}) s
       union all
       select p.*, up.depth + 1 from up join ${table} p on ${t.parent}
        where up.depth < 20
     )
     select code, level::int as level, description, chapter, heading, subheading, ${t.extra}
       from up order by depth desc`,
    [code],
  );
  return rows.map((r) => ({
    code: r.code ?? null,
    level: r.level === null || r.level === undefined ? null : Number(r.level),
    description: String(r.description),
    suffix: r.suffix ?? null,
    chapter: r.chapter ?? null,
    heading: r.heading ?? null,
    subheading: r.subheading ?? null,
    duty_rate: r.duty_rate ?? null,
  }));
}

/** WCO descriptions of HS chapters, headings and subheadings (the levels a national schedule may skip). */
export async function wcoDescriptions(db: Queryable, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db.query<{ code: string; description: string }>(
    "select code, description from hs_codes_wco where code in (select jsonb_array_elements_text($1::text::jsonb))",
    [JSON.stringify(codes)],
  );
  return new Map(rows.map((r) => [r.code, r.description]));
}

/** Whether any line of the schedule starts with the digits (a national schedule skips HS levels without text of their own). */
export async function hasLinesUnder(db: Queryable, schedule: HsSchedule, prefix: string): Promise<boolean> {
  const rows = await db.query(`select 1 from ${SCHEDULES[schedule].table} where code >= $1::text and code < $2::text limit 1`, [
    prefix,
    `${prefix}:`,
  ]);
  return rows.length > 0;
}
