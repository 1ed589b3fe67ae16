/**
 * The sanctions screening index stored in the database, for processes that should not build it (an edge
 * function's first request would spend ~2 s of CPU and ~150 MB on buildSanctionsIndex).
 *
 * Storing: the built index is written field by field — each Map as (part, key, value) rows, each array as
 * (part, position, value) rows — with the import it came from and a fingerprint of the builder.
 *
 * Screening: the screening code itself (screenNames) runs on a partial index whose Maps and arrays hold
 * only loaded rows and record every read of a row not loaded yet. Each round runs the screening, fetches
 * the rows it missed in one query, and repeats until a run misses nothing (4–5 rounds: keys → token ids →
 * postings → names → entries). That final run read exactly what it would have read from the full index,
 * so the answers are identical by construction, whatever the index's internals, as long as they are Maps,
 * arrays, typed arrays and numbers.
 */
import type { Queryable } from "../../db/types.ts";
import type { SanctionsMatch } from "../../rules/reference-facts.ts";
import { buildSanctionsIndex, screenNames, type SanctionsEntry, type SanctionsIndex, type ScreenOptions } from "./sanctions-index.ts";
import { sha256Hex } from "../../hashing/sha256.ts";
import { readAllScreeningEntries, screeningSourceSignature } from "../lists/read-screening-entries.ts";

/** What a not-yet-loaded array element reads as: an empty value of the elements' type. */
type Placeholder = "string" | "array" | "object" | "number";
type FieldLayout =
  | { kind: "map" }
  | { kind: "array"; length: number; empty?: Placeholder }
  | { kind: "int32"; length: number }
  | { kind: "value"; value: unknown };
export type IndexLayout = Record<string, FieldLayout>;

const BATCH = 5000;
// Matching that tries joined names, initials and patronymics (issue 18) walks more rows per name, in more rounds.
const MAX_ROUNDS = 400;

/** The import the screening rows come from: changes whenever any screening list is re-imported. */
export function sanctionsSourceSignature(db: Queryable): Promise<string> {
  return screeningSourceSignature(db);
}

// A few fixed entries whose built index changes whenever the builder's output does (new normalisation,
// weights, fields): a stored index made by another version of the code is then not used.
const PROBE_ENTRIES: SanctionsEntry[] = [
  { uid: "1", name: "MAHAN AIR", type: "-0-", programs: ["SDGT"], list: "SDN", aliases: [{ name: "MAHAN AIRLINES", type: "aka" }] },
  {
    uid: "2",
    name: "AL-RASHID, Mohammed bin Abdul",
    type: "individual",
    programs: ["SDGT"],
    list: "SDN",
    aliases: [{ name: "RASHID, Muhamad", type: "aka" }],
    countries: ["Syria"],
    ids: ["N1234567"],
  },
  {
    uid: "3",
    name: "OOO GLOBAL TRADING LIMITED LIABILITY COMPANY",
    type: "",
    programs: ["RUSSIA-EO14024"],
    list: "CONS",
    aliases: [{ name: "Globaltrade", type: "weak aka" }],
  },
  // Four words: one inner word may be left out (innerWordsMask).
  { uid: "4", name: "KOREA MINING DEVELOPMENT TRADING CORPORATION", type: "-0-", programs: ["DPRK"], list: "SDN", aliases: [] },
  // Given names first, no stated family name: first and last word required (analyseListedName).
  { uid: "5", name: "ERIC MUSA BADEGE", type: "individual", programs: ["DRC"], list: "UN", aliases: [], givenNamesFirst: true },
];

let fingerprint: Promise<string> | null = null;

export function builderFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const { parts, layout } = serialiseIndex(buildSanctionsIndex(PROBE_ENTRIES));
    const text = JSON.stringify([layout, parts.map((p) => [p.part, p.key, p.value])]);
    return sha256Hex(text);
  })();
  return fingerprint;
}

interface Row {
  part: string;
  key: string;
  value: unknown;
}

/** The index as rows plus the layout that rebuilds its shape. */
export function serialiseIndex(index: SanctionsIndex): { parts: Row[]; layout: IndexLayout } {
  const parts: Row[] = [];
  const layout: IndexLayout = {};
  for (const [field, value] of Object.entries(index)) {
    if (value instanceof Map) {
      layout[field] = { kind: "map" };
      for (const [k, v] of value) parts.push({ part: field, key: String(k), value: v });
    } else if (value instanceof Int32Array) {
      layout[field] = { kind: "int32", length: value.length };
    } else if (Array.isArray(value)) {
      const first: unknown = value[0];
      const empty: Placeholder =
        typeof first === "string" ? "string" : Array.isArray(first) ? "array" : typeof first === "number" ? "number" : "object";
      layout[field] = { kind: "array", length: value.length, empty };
      value.forEach((v, i) => parts.push({ part: field, key: String(i), value: v }));
    } else if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") {
      layout[field] = { kind: "value", value };
    } else {
      throw new Error(`sanctions index field ${field} cannot be stored (${Object.prototype.toString.call(value)})`);
    }
  }
  return { parts, layout };
}

/** Replaces the stored index with one built from the entries; returns the number of rows written. */
export async function storeIndexOf(
  db: Queryable & { transaction?: unknown },
  entries: readonly SanctionsEntry[],
  sourceSignature: string,
): Promise<number> {
  const { parts, layout } = serialiseIndex(buildSanctionsIndex(entries));
  const write = async (q: Queryable) => {
    await q.query("delete from sanctions_screening_index_meta");
    await q.query("delete from sanctions_screening_index");
    for (let i = 0; i < parts.length; i += BATCH) {
      await q.query(
        `insert into sanctions_screening_index (part, key, value)
         select part, key, value from jsonb_to_recordset($1::text::jsonb) as x(part text, key text, value jsonb)`,
        [JSON.stringify(parts.slice(i, i + BATCH))],
      );
    }
    await q.query(
      "insert into sanctions_screening_index_meta (source_signature, builder_fingerprint, layout) values ($1, $2, $3::text::jsonb)",
      [sourceSignature, await builderFingerprint(), JSON.stringify(layout)],
    );
  };
  const tx = (db as { transaction?: <T>(fn: (q: Queryable) => Promise<T>) => Promise<T> }).transaction;
  if (typeof tx === "function") await tx.call(db, write);
  else await write(db);
  return parts.length;
}

/** Every entry of the loaded screening lists (OFAC, UN, EU, UK, CSL), as the index is built from them. */
export function readSanctionsEntries(db: Queryable): Promise<SanctionsEntry[]> {
  return readAllScreeningEntries(db);
}

/**
 * Rebuilds the stored index inside the transaction that replaced sanctions_ofac (every import path:
 * reference:import, the import at start from TDS_REFERENCE_DIR, the scheduled refresh, reference:refresh).
 * Readers see the old table with the old index until the commit, and the new table with its index after
 * it: a cold edge function never finds the index out of date and never builds it in memory.
 */
export async function storeIndexInImport(tx: Queryable): Promise<number> {
  // The same lock as the worker's start-up rebuild (sanctions-screener.ts), so the two never interleave.
  await tx.query("select pg_advisory_xact_lock(hashtext('sanctions_screening_index'))");
  return storeIndexOf(tx, await readSanctionsEntries(tx), await sanctionsSourceSignature(tx));
}

/** The layout of the stored index when it matches the current import and builder, else null. */
export async function currentStoredLayout(db: Queryable): Promise<IndexLayout | null> {
  const [meta] = await db.query<{ source_signature: string; builder_fingerprint: string; layout: IndexLayout }>(
    "select source_signature, builder_fingerprint, layout from sanctions_screening_index_meta",
  );
  if (!meta) return null;
  const [source, builder] = await Promise.all([sanctionsSourceSignature(db), builderFingerprint()]);
  return meta.source_signature === source && meta.builder_fingerprint === builder ? meta.layout : null;
}

/** Rows loaded so far, and the (part, key) pairs the last run wanted but did not have. */
class Loaded {
  readonly rows = new Map<string, Map<string, unknown>>();
  readonly absent = new Set<string>();
  misses = new Map<string, { part: string; key: string }>();

  lookup(part: string, key: string): { hit: boolean; value?: unknown } {
    const m = this.rows.get(part);
    if (m?.has(key)) return { hit: true, value: m.get(key) };
    const id = `${part}\u0000${key}`;
    if (!this.absent.has(id)) this.misses.set(id, { part, key });
    return { hit: false };
  }

  add(part: string, key: string, value: unknown): void {
    let m = this.rows.get(part);
    if (!m) this.rows.set(part, (m = new Map()));
    m.set(key, value);
  }
}

/** A read-only Map over loaded rows; the screening only calls get (and has). */
function partialMap(loaded: Loaded, part: string): ReadonlyMap<string, unknown> {
  return {
    get: (key: string) => loaded.lookup(part, key).value,
    has: (key: string) => loaded.lookup(part, key).hit,
  } as unknown as ReadonlyMap<string, unknown>;
}

const PLACEHOLDERS: Record<Placeholder, unknown> = { string: "", array: Object.freeze([]), object: Object.freeze({}), number: NaN };

/**
 * An array over loaded rows. A missing element reads as an empty value of its type ("" / [] / {} / NaN)
 * so the run goes on and reports every row it needs in this round, instead of stopping at the first.
 */
function partialArray(loaded: Loaded, part: string, length: number, empty: Placeholder = "object"): readonly unknown[] {
  return new Proxy([] as unknown[], {
    get(target, prop, receiver) {
      if (prop === "length") return length;
      if (typeof prop === "string" && /^\d+$/.test(prop)) {
        if (Number(prop) >= length) return undefined;
        const r = loaded.lookup(part, prop);
        return r.hit ? r.value : PLACEHOLDERS[empty];
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

function partialIndex(layout: IndexLayout, loaded: Loaded): SanctionsIndex {
  const index: Record<string, unknown> = {};
  for (const [field, f] of Object.entries(layout)) {
    if (f.kind === "map") index[field] = partialMap(loaded, field);
    else if (f.kind === "array") index[field] = partialArray(loaded, field, f.length, f.empty);
    else if (f.kind === "int32") index[field] = new Int32Array(f.length);
    else index[field] = f.value;
  }
  return index as unknown as SanctionsIndex;
}

/**
 * screenNames on the stored index, reading only the rows the names need. Same answers as screenNames on
 * the full index built from the same import.
 */
export async function screenNamesStored(
  db: Queryable,
  layout: IndexLayout,
  names: readonly string[],
  options: ScreenOptions = {},
): Promise<Map<string, SanctionsMatch | null>> {
  const loaded = new Loaded();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    loaded.misses = new Map();
    let result: Map<string, SanctionsMatch | null> | undefined;
    let error: unknown;
    try {
      result = screenNames(partialIndex(layout, loaded), names, options);
    } catch (e) {
      error = e; // a row not loaded yet (undefined) may break the run; the misses say what to fetch
    }
    if (loaded.misses.size === 0) {
      if (error !== undefined) throw error;
      return result!;
    }
    const wanted = [...loaded.misses.values()];
    const rows = await db.query<Row>(
      `select i.part, i.key, i.value
         from jsonb_to_recordset($1::text::jsonb) as q(part text, key text)
         join sanctions_screening_index i on i.part = q.part and i.key = q.key`,
      [JSON.stringify(wanted)],
    );
    for (const r of rows) loaded.add(r.part, r.key, r.value);
    for (const [id, w] of loaded.misses) if (!loaded.rows.get(w.part)?.has(w.key)) loaded.absent.add(id);
  }
  throw new Error(`stored sanctions index: screening did not settle after ${MAX_ROUNDS} rounds`);
}
