/**
 * SQL of the HS lookup. Reads the search index (hs_search_lines, hs_search_stems, hs_search_builds; see
 * migration 20261121000005; the BM25F fields hs_search_subheadings and hs_search_field_stats of migration
 * 20261126001801) and the hs_codes_* tables. Reference data belongs to no account, so these
 * queries take no account id. Schedule names reach SQL text only from the fixed list in schedules.ts.
 */
import type { Queryable } from "../db/types.ts";
import { SCHEDULES, type HsSchedule } from "./schedules.ts";
import type { FieldAverages, TextSearchSql } from "./query-plan.ts";

export interface HsSearchRow {
  code: string;
  description: string;
  full_description: string;
  chapter: string;
  level: number;
  duty_rate: string | null;
  /** Text searches: the rank score. */
  score?: number;
  /** Text searches: per alternative of the plan, its score and where it was found (TextSearchSql). */
  alternativeScores?: number[];
  alternativeLevels?: number[];
}

/**
 * Scores added to a line's text score for the search references its query matched (search-references.ts):
 * per 6-digit subheading (every line under it), and per exact code (the referenced line itself).
 */
export interface ReferenceBonus {
  bySubheading: Record<string, number>;
  byCode: Record<string, number>;
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

/** An SQL array as numbers (the drivers give arrays, or their text form). */
function numberArray(v: unknown): number[] {
  if (Array.isArray(v)) return v.map(Number);
  const text = String(v ?? "").replace(/[{}]/g, "");
  return text === "" ? [] : text.split(",").map(Number);
}

function toRow(r: Record<string, unknown>): HsSearchRow {
  return {
    code: String(r.code),
    description: String(r.description),
    full_description: String(r.full_description),
    chapter: String(r.chapter),
    level: Number(r.level),
    duty_rate: r.duty_rate === null || r.duty_rate === undefined ? null : String(r.duty_rate),
    ...(r.score === undefined ? {} : { score: Number(r.score) }),
    ...(r.alternative_scores === undefined
      ? {}
      : { alternativeScores: numberArray(r.alternative_scores), alternativeLevels: numberArray(r.alternative_levels) }),
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
 * Chapter and heading titles are context, not answers: a chapter's score counts 0.4, a heading's 0.75, so
 * that the subheadings and national lines under them come first when they match as well.
 */
const LEVEL_FACTOR_SQL = "(case l.level when 2 then 0.4 when 4 then 0.75 else 1 end)::float8";

/**
 * Ranked text search (BM25F, query-plan.ts writes the scores). Candidates: lines matching sql.anyQuery,
 * and the lines of subheadings whose national texts match it. Order: score (the terms' scores summed,
 * times the level factor), then the shorter code, then code order. `total` counts every candidate.
 * Chapters 98 and 99 (national special provisions and temporary legislation, not product classes) are
 * left out of text searches; code searches and the detail still show them. The schedule is written into
 * the SQL (it comes from the fixed list) so that the planner picks that schedule's partial index.
 */
export async function searchByText(
  db: Queryable,
  schedule: HsSchedule,
  sql: TextSearchSql,
  options: { limit: number; references?: ReferenceBonus },
): Promise<{ rows: HsSearchRow[]; total: number }> {
  // $1 the match-any query, $2… the presence queries (buildTextSearchSql was told to start at 2), then
  // the reference bonuses.
  const id = SCHEDULES[schedule].id;
  const limit = Math.max(1, Math.trunc(options.limit));
  const listed = `l.schedule = '${id}' and l.chapter < '98'${validityFilter(schedule, "l")}`;
  const refs = options.references && Object.keys(options.references.bySubheading).length > 0 ? options.references : null;
  const refParam = 2 + sql.params.length;
  const refTables = refs
    ? `ref_sub as materialized (select key as subheading, value::float8 as bonus from jsonb_each_text($${refParam}::text::jsonb)),
       ref_code as materialized (select key as code, value::float8 as bonus from jsonb_each_text($${refParam + 1}::text::jsonb)),`
    : "";
  const refCandidates = refs
    ? `union
       select l.line_key from ref_sub r join hs_search_lines l on l.schedule = '${id}' and l.subheading = r.subheading where ${listed}`
    : "";
  const refJoins = refs
    ? `left join ref_sub rs on rs.subheading = l.subheading
              left join ref_code rc on rc.code = l.code`
    : "";
  const refScore = refs ? " + coalesce(rs.bonus, 0) + coalesce(rc.bonus, 0)" : "";
  const textCandidates = sql.anyQuery
    ? `select l.line_key from hs_search_lines l where ${listed} and l.tsv @@ $1::tsquery
       union
       select l.line_key from hs_search_subheadings s join hs_search_lines l on l.schedule = '${id}' and l.subheading = s.subheading
        where s.tsv @@ $1::tsquery and ${listed}`
    : `select l.line_key from hs_search_lines l where $1::text = '' and false`;
  const fields = `left join hs_search_subheadings s on s.subheading = l.subheading,
              lateral (select ${sql.norms}) n,
              lateral (select ${sql.presence}) p,
              lateral (select ${sql.pseudoFrequencies}) x`;
  const rows = await db.query(
    `with ${refTables} cand as (
       ${textCandidates}
       ${refCandidates}
     ), top as (
       select l.line_key, l.level, l.code, (${[...sql.termScores, "0::float8"].join(" + ")}${refScore}) * ${LEVEL_FACTOR_SQL} as score
         from cand c join hs_search_lines l on l.schedule = '${id}' and l.line_key = c.line_key
              ${refJoins}
              ${fields}
        order by score desc, l.level, l.code
        limit ${limit}
     )
     select l.code, l.description, l.full_description, l.chapter, l.level::int as level, l.duty_rate, top.score,
            array[${sql.alternativeScores.join(", ")}]::float8[] as alternative_scores,
            array[${sql.alternativeLevels.join(", ")}]::int[] as alternative_levels,
            (select count(*) from cand)::int as total
       from top join hs_search_lines l on l.schedule = '${id}' and l.line_key = top.line_key
            ${fields}
      order by top.score desc, top.level, top.code`,
    [sql.anyQuery, ...sql.params, ...(refs ? [JSON.stringify(refs.bySubheading), JSON.stringify(refs.byCode)] : [])],
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
