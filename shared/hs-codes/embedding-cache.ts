/**
 * The line and example vectors of a schedule (embedding-index.ts), built once per process, database and
 * index build: from the lines the search index lists (read in pages) and the search references, the first time a description search of the schedule needs them, and kept until the schedule's index is
 * rebuilt (its build stamp), the references are re-imported, or the UTC day changes (UK and EU lines count
 * only while valid today).
 *
 * Why not pgvector: PGlite ships the `vector` extension, but Debian's PostgreSQL here does not, and the
 * vectors are a pure function of the lines and the packaged word vectors; computing them from the lines
 * costs about a second per schedule once per process (the US schedule's 29,000 lines), keeps one code path
 * for both backends and the edge, and needs no migration or import step. Search then costs one pass of
 * dot products over typed arrays, no round trip. Kept per line: its words' vector ids, not its vector
 * (embedding-index.ts says why).
 */
import type { Queryable } from "../db/types.ts";
import { SCHEDULES, type HsSchedule } from "./schedules.ts";
import { validityFilter, type SearchBuild } from "./hs-code-repository.ts";
import { LineEmbeddingsBuilder, type EmbeddingLine, type LineEmbeddings } from "./embedding-index.ts";
import { loadWordVectors, type WordVectors } from "./embedding-vectors.ts";
import { loadSearchReferences } from "./search-references.ts";

/** Lines per page of readEmbeddingLines: the texts of one page are alive at a time. */
const PAGE = 1000;

/**
 * The lines a description search may answer (as searchCandidates lists them), with their texts, in pages
 * of PAGE (code, line_key order), each handed to onLines before the next is read: a schedule's texts are
 * some 9 MB (the US), and read at once they stayed in an edge instance's heap as garbage.
 */
export async function readEmbeddingLines(db: Queryable, schedule: HsSchedule, onLines: (lines: EmbeddingLine[]) => void): Promise<void> {
  const id = SCHEDULES[schedule].id;
  let after: { code: string; key: string } | null = null;
  for (;;) {
    const rows: EmbeddingRow[] = await db.query<EmbeddingRow>(
      `select l.line_key, l.code, l.subheading, l.level::int as level, l.description, l.full_description
         from hs_search_lines l
        where l.schedule = '${id}' and l.chapter < '98'${validityFilter(schedule, "l")}
          and ($1::text is null or (l.code, l.line_key) > ($1::text, $2::text))
        order by l.code, l.line_key limit ${PAGE}`,
      [after?.code ?? null, after?.key ?? null],
    );
    onLines(
      rows.map((r) => ({
        lineKey: String(r.line_key),
        code: String(r.code),
        subheading: r.subheading ?? null,
        level: Number(r.level),
        description: String(r.description),
        fullDescription: String(r.full_description),
      })),
    );
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1];
    after = { code: String(last.code), key: String(last.line_key) };
  }
}

interface EmbeddingRow {
  line_key: string;
  code: string;
  subheading: string | null;
  level: number;
  description: string;
  full_description: string;
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
    const builder = new LineEmbeddingsBuilder(vectors);
    await readEmbeddingLines(db, schedule, (lines) => builder.addLines(lines));
    const references = await loadSearchReferences(db, build.referencesAt);
    return { vectors, index: builder.build(references.entries) };
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
