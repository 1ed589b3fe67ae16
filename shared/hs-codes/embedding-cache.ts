/**
 * The line and example vectors of a schedule (embedding-index.ts), built once per process, database and
 * index build: from the lines the search index lists and the search references, read in one query each
 * the first time a description search of the schedule needs them, and kept until the schedule's index is
 * rebuilt (its build stamp), the references are re-imported, or the UTC day changes (UK and EU lines count
 * only while valid today).
 *
 * Why not pgvector: PGlite ships the `vector` extension, but Debian's PostgreSQL here does not, and the
 * vectors are a pure function of the lines and the packaged word vectors; computing them from the lines
 * costs about a second per schedule once per process (the US schedule's 29,000 lines), keeps one code path
 * for both backends and the edge, and needs no migration or import step. Search then costs one pass of
 * dot products over typed arrays, no round trip.
 */
import type { Queryable } from "../db/types.ts";
import { SCHEDULES, type HsSchedule } from "./schedules.ts";
import { validityFilter, type SearchBuild } from "./hs-code-repository.ts";
import { buildLineEmbeddings, type EmbeddingLine, type LineEmbeddings } from "./embedding-index.ts";
import { loadWordVectors, type WordVectors } from "./embedding-vectors.ts";
import { loadSearchReferences } from "./search-references.ts";

/** The lines a description search may answer (as searchCandidates lists them), with their texts. */
export async function loadEmbeddingLines(db: Queryable, schedule: HsSchedule): Promise<EmbeddingLine[]> {
  const id = SCHEDULES[schedule].id;
  const rows = await db.query<{
    line_key: string;
    code: string;
    subheading: string | null;
    level: number;
    description: string;
    full_description: string;
  }>(
    `select l.line_key, l.code, l.subheading, l.level::int as level, l.description, l.full_description
       from hs_search_lines l
      where l.schedule = '${id}' and l.chapter < '98'${validityFilter(schedule, "l")}
      order by l.code, l.line_key`,
  );
  return rows.map((r) => ({
    lineKey: String(r.line_key),
    code: String(r.code),
    subheading: r.subheading ?? null,
    level: Number(r.level),
    description: String(r.description),
    fullDescription: String(r.full_description),
  }));
}

interface Cached {
  key: string;
  index: Promise<{ vectors: WordVectors; index: LineEmbeddings } | null>;
}

const cache = new WeakMap<object, Map<HsSchedule, Cached>>();

/**
 * The schedule's vectors for this build, or null when the word vectors were not built (search then ranks
 * by words alone). A failed load is not kept.
 */
export function lineEmbeddingsFor(
  db: Queryable,
  schedule: HsSchedule,
  build: SearchBuild,
  now = Date.now(),
): Promise<{ vectors: WordVectors; index: LineEmbeddings } | null> {
  const key = `${build.builtAt}|${build.referencesAt}|${new Date(now).toISOString().slice(0, 10)}`;
  let bySchedule = cache.get(db);
  if (!bySchedule) {
    bySchedule = new Map();
    cache.set(db, bySchedule);
  }
  const hit = bySchedule.get(schedule);
  if (hit && hit.key === key) return hit.index;
  const index = (async () => {
    const vectors = await loadWordVectors();
    if (!vectors) return null;
    const [lines, references] = await Promise.all([loadEmbeddingLines(db, schedule), loadSearchReferences(db, build.referencesAt)]);
    return { vectors, index: buildLineEmbeddings(vectors, lines, references.entries) };
  })();
  const entry = { key, index };
  bySchedule.set(schedule, entry);
  const map = bySchedule;
  index.catch(() => {
    if (map.get(schedule) === entry) map.delete(schedule);
  });
  return index;
}

/** Forgets the vectors of a database (tests that re-import and search at once). */
export function forgetLineEmbeddings(db: Queryable): void {
  cache.delete(db);
}
