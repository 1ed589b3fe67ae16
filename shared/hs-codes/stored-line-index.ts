/**
 * Each schedule's line index (line-index.ts) stored in the database at import (hs_search_line_index,
 * migration 20261127002701; issue 27), as the sanctions screening index is (screening/index/
 * stored-index.ts): a fresh process decodes one value per schedule (line-index-codec.ts) instead of
 * reading every line's tsvector as text and parsing it, which left most of an edge instance's memory as
 * garbage. A stored value is used only when it was made from the schedule's current build
 * (hs_search_builds.built_at, which every HS import stamps anew) by this code's builder and layout
 * (lineIndexFormat); otherwise, or when it cannot be read, the index is built from the rows as before: a
 * database imported by older code keeps working, and a search never fails for want of a stored value.
 */
import type { Queryable } from "../db/types.ts";
import { sha256HexSync } from "../hashing/sha256.ts";
import { readLineIndexRows } from "./hs-code-repository.ts";
import { buildLineIndex, LineIndexBuilder, type IndexLineRow, type IndexSubheadingRow, type LineIndex } from "./line-index.ts";
import { decodeLineIndex, encodeLineIndex, LINE_INDEX_LAYOUT } from "./line-index-codec.ts";
import { HS_SCHEDULES, type HsSchedule } from "./schedules.ts";

// A few fixed rows whose encoded index changes whenever the builder's output or the layout does (new
// fields, parsing, id widths): a value stored by another version of the code is then not used.
const PROBE_SUBHEADINGS: IndexSubheadingRow[] = [
  { subheading: "620342", len: 3, lexemes: ["trouser", "cotton", "men"] },
  { subheading: "850440", len: 2, lexemes: ["charger", "static"] },
];
const PROBE_LINES: IndexLineRow[] = [
  {
    line_key: "a",
    code: "6203",
    level: 4,
    chapter: "62",
    subheading: null,
    valid_from: null,
    valid_to: null,
    len_own: 2,
    len_up: 0,
    len_wco: 0,
    tsv: "'men':2A 'suit':1A",
  },
  {
    line_key: "b",
    code: "620342",
    level: 6,
    chapter: "62",
    subheading: "620342",
    valid_from: "2020-01-01",
    valid_to: null,
    len_own: 2,
    len_up: 2,
    len_wco: 1,
    tsv: "'cotton':3A 'men':5B 'o''neil':7 'suit':6B 'trouser':1A,4C",
  },
  {
    line_key: "c",
    code: "62034211",
    level: 8,
    chapter: "62",
    subheading: "620342",
    valid_from: null,
    valid_to: "2030-12-31",
    len_own: 1,
    len_up: 3,
    len_wco: 1,
    tsv: "'bib':1A 'cotton':2B 'trouser':3B,4C",
  },
  {
    line_key: "d",
    code: "9801",
    level: 4,
    chapter: "98",
    subheading: null,
    valid_from: null,
    valid_to: null,
    len_own: 1,
    len_up: 0,
    len_wco: 0,
    tsv: "'return':1A",
  },
];

let format: string | null = null;

/** The layout version, the compression and a fingerprint of the builder and encoder: what a stored value must carry. */
export function lineIndexFormat(): string {
  format ??= `${LINE_INDEX_LAYOUT}:gzip:${sha256HexSync(encodeLineIndex(buildLineIndex(PROBE_LINES, PROBE_SUBHEADINGS))).slice(0, 16)}`;
  return format;
}

/**
 * Stored gzipped (US 3.9 → 1.0 MB): the driver hands bytea over as hex text, whose size the read's time and
 * garbage follow (a Deno edge instance took ~130 ms to read the US value unzipped, ~25 ms zipped, plus
 * ~20 ms to unzip it natively). CompressionStream is a web standard: Node, Deno and Supabase Edge have it.
 */
async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  return new Uint8Array(await new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(stream)).arrayBuffer());
}

/** The index built from the schedule's rows (read in pages, parsed page by page). */
export async function buildLineIndexFromRows(db: Queryable, schedule: HsSchedule): Promise<LineIndex> {
  let builder: LineIndexBuilder | null = null;
  await readLineIndexRows(
    db,
    schedule,
    (subheadings) => {
      builder = new LineIndexBuilder(subheadings);
    },
    (lines) => builder?.addLines(lines),
  );
  if (!builder) throw new Error("the line index was read without its subheadings");
  return (builder as LineIndexBuilder).build();
}

/** The stored index of this build (built_at as hs_search_builds gives it as text), or null: absent, stale, unreadable. */
export async function readStoredLineIndex(db: Queryable, schedule: HsSchedule, builtAt: string): Promise<LineIndex | null> {
  try {
    // The stamp as text, cast in SQL: a parameter the driver saw as timestamptz would lose its microseconds (postgres.js).
    const [row] = await db.query<{ bytes: Uint8Array }>(
      "select bytes from hs_search_line_index where schedule = $1 and format = $2 and built_at = $3::text::timestamptz",
      [schedule, lineIndexFormat(), builtAt],
    );
    // postgres.js answers a Buffer, PGlite a Uint8Array: both are Uint8Arrays.
    return row ? decodeLineIndex(await through(row.bytes, new DecompressionStream("gzip"))) : null;
  } catch (e) {
    // A database without the table (older migrations) or a damaged value: build from the rows instead.
    console.warn(`hs search: stored line index of ${schedule} not used (${e instanceof Error ? e.message : String(e)})`);
    return null;
  }
}

/** The schedule's index for this build: the stored value when it is current, else built from the rows. */
export async function loadLineIndex(db: Queryable, schedule: HsSchedule, builtAt: string): Promise<LineIndex> {
  return (await readStoredLineIndex(db, schedule, builtAt)) ?? buildLineIndexFromRows(db, schedule);
}

export interface StoredLineIndex {
  schedule: HsSchedule;
  /** Bytes stored (gzipped). */
  bytes: number;
  /** False when an import changed the schedule while its index was being built (the next store writes that build's). */
  stored: boolean;
}

/**
 * Builds and stores the index of every schedule whose stored value is missing or not of its current build
 * and this code's format. Run after the HS tables are imported (every HS import stamps every schedule
 * anew: the subheadings' national texts are shared), once per import run rather than per table. A value
 * is written only if the build it was read from is still the current one.
 */
export async function storeStaleLineIndexes(db: Queryable): Promise<StoredLineIndex[]> {
  const stale = await db.query<{ schedule: string; built_at: string }>(
    `select b.schedule, b.built_at::text as built_at
       from hs_search_builds b
       left join hs_search_line_index i on i.schedule = b.schedule and i.built_at = b.built_at and i.format = $1
      where i.schedule is null
      order by b.schedule`,
    [lineIndexFormat()],
  );
  const out: StoredLineIndex[] = [];
  for (const { schedule, built_at } of stale) {
    if (!(HS_SCHEDULES as readonly string[]).includes(schedule)) continue;
    const bytes = await through(encodeLineIndex(await buildLineIndexFromRows(db, schedule as HsSchedule)), new CompressionStream("gzip"));
    const written = await db.query(
      `insert into hs_search_line_index (schedule, built_at, format, bytes, byte_size)
       select b.schedule, b.built_at, $2, $3, $4 from hs_search_builds b where b.schedule = $1 and b.built_at = $5::text::timestamptz
       on conflict (schedule) do update
         set built_at = excluded.built_at, format = excluded.format, bytes = excluded.bytes,
             byte_size = excluded.byte_size, stored_at = clock_timestamp()
       returning schedule`,
      [schedule, lineIndexFormat(), bytes, bytes.byteLength, built_at],
    );
    out.push({ schedule: schedule as HsSchedule, bytes: bytes.byteLength, stored: written.length > 0 });
  }
  return out;
}

/** An HS schedule's table: importing one stamps every schedule's search build anew. */
export const isHsTable = (table: string): boolean => table.startsWith("hs_codes_");

/**
 * storeStaleLineIndexes at the end of an import or refresh run that imported an HS table, timed. A failure
 * is reported, not thrown: the tables are imported, and searches build their index from the rows meanwhile.
 */
export async function storeLineIndexesAfterImport(db: Queryable): Promise<{ stored: StoredLineIndex[]; seconds: number; error?: string }> {
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 10) / 100;
  try {
    const stored = await storeStaleLineIndexes(db);
    return { stored, seconds: seconds() };
  } catch (e) {
    return { stored: [], seconds: seconds(), error: e instanceof Error ? e.message : String(e) };
  }
}
