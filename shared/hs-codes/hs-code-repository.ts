/**
 * SQL of the HS lookup. Reads the search index (hs_search_lines, hs_search_stems, hs_search_builds; see
 * migration 20261121000005) and the hs_codes_* tables. Reference data belongs to no account, so these
 * queries take no account id. Schedule names reach SQL text only from the fixed list in schedules.ts.
 */
import type { Queryable } from "../db/types.ts";
import { SCHEDULES, type HsSchedule } from "./schedules.ts";
import { OWN_LENGTH_FACTOR_SQL, type TextSearchSql } from "./query-plan.ts";

export interface HsSearchRow {
  code: string;
  description: string;
  full_description: string;
  chapter: string;
  level: number;
  duty_rate: string | null;
  /** Text searches: the rank score. */
  score?: number;
  /** Text searches: per query term, the branch that scored (TextSearchSql.termBranches). */
  branches?: number[];
}

export interface SearchBuild {
  builtAt: string;
  lineCount: number;
}

/** UK and TARIC lines carry validity periods: searches show the lines in force today. */
function validityFilter(schedule: HsSchedule, alias = ""): string {
  if (schedule !== "uk" && schedule !== "eu") return "";
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
    ...(r.score === undefined ? {} : { score: Number(r.score) }),
    ...(r.branches === undefined
      ? {}
      : { branches: (Array.isArray(r.branches) ? r.branches : String(r.branches).replace(/[{}]/g, "").split(",")).map(Number) }),
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
  const rows = await db.query<{ built_at: string | null; line_count: number | null; w: string | null; lex: string | null }>(
    `select b.built_at::text as built_at, b.line_count, x.w, array_to_string(ts_lexize('english_stem', x.w), ' ') as lex
       from (select 1) as one
       left join hs_search_builds b on b.schedule = $1
       left join jsonb_array_elements_text($2::text::jsonb) with ordinality as x(w, i) on true
      order by x.i`,
    [schedule, JSON.stringify(words)],
  );
  const stems = new Map<string, string[]>();
  for (const r of rows) if (r.w !== null) stems.set(r.w, r.lex ? r.lex.split(" ").filter(Boolean) : []);
  const first = rows[0];
  const build = first && first.built_at !== null ? { builtAt: first.built_at, lineCount: Number(first.line_count) } : null;
  return { build, stems };
}

export interface StemCount {
  /** Lines whose text (own or inherited) contains the stem. */
  lines: number;
  /** Lines whose own description contains it. */
  own: number;
}

/** Per stem of the schedule: how many lines contain it. */
export async function loadStemCounts(db: Queryable, schedule: HsSchedule): Promise<Map<string, StemCount>> {
  const rows = await db.query<{ stem: string; ndoc: number; ndoc_own: number }>(
    "select stem, ndoc, ndoc_own from hs_search_stems where schedule = $1",
    [schedule],
  );
  return new Map(rows.map((r) => [r.stem, { lines: Number(r.ndoc), own: Number(r.ndoc_own) }]));
}

/** Every indexed description of the schedule (for the typo vocabulary). */
export async function loadDescriptions(db: Queryable, schedule: HsSchedule): Promise<string[]> {
  const rows = await db.query<{ description: string }>("select description from hs_search_lines where schedule = $1", [schedule]);
  return rows.map((r) => r.description);
}

/**
 * Chapter and heading titles are context, not answers: a chapter's score counts 0.4, a heading's 0.75, so
 * that the subheadings and national lines under them come first when they match as well.
 */
const LEVEL_FACTOR_SQL = "(case level when 2 then 0.4 when 4 then 0.75 else 1 end)::float8";

/**
 * Ranked text search. Candidates: lines matching sql.anyQuery. Order: score (the terms' scores summed, plus
 * `coordination` per term beyond the first, times the level factor), then the shorter code, then code
 * order. Matching more terms is a bonus, not a rule: a rare product word outweighs two common ones. `total` counts every candidate (a second count only when the
 * page is full). Chapters 98 and 99 (national special provisions and temporary legislation, not product
 * classes) are left out of text searches; code searches and the detail still show them. The schedule is
 * written into the SQL (it comes from the fixed list) so that the planner picks that schedule's partial
 * index.
 */
export async function searchByText(
  db: Queryable,
  schedule: HsSchedule,
  sql: TextSearchSql,
  options: { limit: number; coordination: number },
): Promise<{ rows: HsSearchRow[]; total: number }> {
  // $1 the match-any query, $2… the score queries (buildTextSearchSql was told to start at 2).
  const cols = sql.termScores.map((_, i) => `t.s${i}`);
  const hits = cols.map((c) => `(${c} > 0)::int`).join(" + ");
  const coordination = Number.isFinite(options.coordination) ? options.coordination.toFixed(4) : "0";
  const limit = Math.max(1, Math.trunc(options.limit));
  const where = (a: string) =>
    `${a}.schedule = '${SCHEDULES[schedule].id}' and ${a}.tsv @@ $1::tsquery and ${a}.chapter < '98'${validityFilter(schedule, a)}`;
  const rows = await db.query(
    `with top as (
       select l.line_key, l.level, l.code, r.hits, r.score
         from hs_search_lines l,
              lateral (select ${sql.termScores.map((e, i) => `${e.replace(/own_factor/g, "f.own_factor")} as s${i}`).join(", ")}
                         from (select ${OWN_LENGTH_FACTOR_SQL.replace("description", "l.description")} as own_factor) f) t,
              lateral (select ${hits} as hits, ((${cols.join(" + ")}) + greatest(${hits} - 1, 0) * ${coordination}::float8) * ${LEVEL_FACTOR_SQL.replace(/level/g, "l.level")} as score) r
        where ${where("l")}
        order by r.score desc, l.level, l.code
        limit ${limit}
     )
     select h.code, h.description, h.full_description, h.chapter, h.level::int as level, h.duty_rate, top.score,
            array[${sql.termBranches.join(", ")}]::int[] as branches,
            case when (select count(*) from top) < ${limit} then (select count(*) from top)
                 else (select count(*) from hs_search_lines c where ${where("c")}) end::int as total
       from top join hs_search_lines h on h.schedule = '${SCHEDULES[schedule].id}' and h.line_key = top.line_key
      order by top.score desc, top.level, top.code`,
    [sql.anyQuery, ...sql.params],
  );
  return { rows: rows.map(toRow), total: rows.length > 0 ? Number(rows[0].total) : 0 };
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
