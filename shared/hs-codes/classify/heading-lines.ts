/**
 * The lines of a heading as the schedule's hierarchy holds them (hs_search_lines: each line's text and
 * its ancestors' from the heading down, grouping lines such as the US "Women's or girls':" included), for
 * the classifier: every sibling line of the candidates the search found, with the texts that tell them
 * apart. Read per heading on first need and kept per schedule build (a heading has tens to a few hundred
 * lines), so a classify call reads the database only for headings no earlier call needed.
 */
import type { Queryable } from "../../db/types.ts";
import type { HsSchedule } from "../schedules.ts";
import { validityFilter } from "../hs-code-repository.ts";
import { pathPrefix } from "./path-prefix.ts";

export interface HeadingLine {
  code: string;
  level: number;
  description: string;
  /** The texts from the heading down to the line (trailing colons dropped). */
  path: string[];
  chapter: string;
  duty_rate: string | null;
  full_description: string;
}

/** Headings remembered per process: each a few kB to some 100 kB of text. */
const HEADINGS_MAX = 2_000;
const cache = new WeakMap<object, Map<string, HeadingLine[]>>();

/** The build stamp of a schedule's search index (a re-import changes it, and the cached lines go). */
export async function buildStamp(db: Queryable, schedule: HsSchedule): Promise<string | null> {
  const rows = await db.query<{ built_at: string | null }>("select built_at::text as built_at from hs_search_builds where schedule = $1", [
    schedule,
  ]);
  return rows[0]?.built_at ?? null;
}

/**
 * The lines in force of each heading (4 digits), in code order; one query for the headings not yet read.
 * `stamp`: the schedule's build stamp (buildStamp) the caller read for this call.
 */
export async function headingLines(
  db: Queryable,
  schedule: HsSchedule,
  headings: readonly string[],
  stamp: string | null,
): Promise<Map<string, HeadingLine[]>> {
  let byKey = cache.get(db);
  if (!byKey) cache.set(db, (byKey = new Map()));
  const key = (h: string) => `${schedule}|${stamp}|${h}`;
  const missing = headings.filter((h) => !byKey.has(key(h)));
  if (missing.length > 0) {
    const rows = await db.query<Record<string, unknown>>(
      `select code, level::int as level, description, full_description, chapter, duty_rate
         from hs_search_lines
        where schedule = $1 and (${missing.map((_, i) => `(code >= $${2 * i + 2}::text and code < $${2 * i + 3}::text)`).join(" or ")})
          and level >= 6${validityFilter(schedule)}
        order by code, level, line_key`,
      // Code ranges: the (schedule, code) index answers them.
      [schedule, ...missing.flatMap((h) => [h, `${h}:`])],
    );
    if (byKey.size + missing.length > HEADINGS_MAX) byKey.clear();
    const read = new Map<string, HeadingLine[]>(missing.map((h) => [h, []]));
    for (const r of rows) {
      const full = String(r.full_description);
      const line: HeadingLine = {
        code: String(r.code),
        level: Number(r.level),
        description: String(r.description),
        path: full.split(" > "),
        chapter: String(r.chapter),
        duty_rate: r.duty_rate === null || r.duty_rate === undefined ? null : String(r.duty_rate),
        full_description: full,
      };
      read.get(line.code.slice(0, 4))?.push(line);
    }
    for (const [h, lines] of read) byKey.set(key(h), lines);
  }
  return new Map(headings.map((h) => [h, byKey.get(key(h)) ?? []]));
}

/** The declarable lines: those no other line of the heading is under (its path is no other's beginning). */
export function leafLines(lines: readonly HeadingLine[]): HeadingLine[] {
  const inner = new Set<string>();
  for (const l of lines) for (let i = 1; i < l.path.length; i++) inner.add(pathPrefix(l.path, i));
  return lines.filter((l) => !inner.has(l.full_description));
}

/**
 * Per subheading (6 digits), the length of its path: the steps of a longer path lie below it. A heading
 * that is its own subheading ("9503.00") has no 6-digit line; what lies below the subheading then starts
 * under its first national line ("9503.00.00"), the shortest path beneath it. Pure.
 */
export function subheadingDepths(all: readonly Pick<HeadingLine, "code" | "path">[]): Map<string, number> {
  const depths = new Map(all.filter((l) => l.code.length === 6).map((l) => [l.code, l.path.length]));
  const codes = new Set(all.map((l) => l.code));
  for (const l of all) {
    const sub = l.code.slice(0, 6);
    if (l.code.length <= 6 || codes.has(sub)) continue;
    depths.set(sub, Math.min(depths.get(sub) ?? Number.POSITIVE_INFINITY, l.path.length));
  }
  return depths;
}
