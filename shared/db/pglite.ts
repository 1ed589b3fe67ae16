import { PGlite } from "@electric-sql/pglite";
import type { Db, Queryable, Row } from "./types.ts";

export interface PgliteDb extends Db {
  /** Snapshot of the whole data directory (used to restore a migrated database quickly in tests). */
  dump(): Promise<Blob>;
}

function wrap(q: Pick<PGlite, "query" | "exec">): Queryable {
  return {
    async query<T = Row>(text: string, params: unknown[] = []) {
      const res = await q.query<T>(text, params);
      return res.rows;
    },
    async exec(script: string) {
      await q.exec(script);
    },
  };
}

/** Embedded PostgreSQL. `dataDir` undefined keeps everything in memory (tests). */
export async function openPglite(options: { dataDir?: string; snapshot?: Blob } = {}): Promise<PgliteDb> {
  const pg = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.snapshot });
  const q = wrap(pg);
  return {
    kind: "pglite",
    query: q.query,
    exec: q.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
    dump: async () => (await pg.dumpDataDir("none")) as Blob,
  };
}
