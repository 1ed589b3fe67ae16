import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { openTestPostgres, testBackends } from "../support/databases.ts";
import { ROOT } from "../support/spawn-server.ts";
import { HS_FIXTURES, HS_TABLES, writeHsFixtures } from "../support/hs-fixtures.ts";
import type { Db } from "../../shared/db/types.ts";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { forgetHsSearchState, searchHsCodes } from "../../shared/hs-codes/hs-code-service.ts";
import { decodeLineIndex, encodeLineIndex } from "../../shared/hs-codes/line-index-codec.ts";
import { HS_SCHEDULES, type HsSchedule } from "../../shared/hs-codes/schedules.ts";
import {
  buildLineIndexFromRows,
  lineIndexFormat,
  loadLineIndex,
  readStoredLineIndex,
  storeLineIndexesAfterImport,
  storeStaleLineIndexes,
} from "../../shared/hs-codes/stored-line-index.ts";
import { lineIndexStoreTask, storeStaleLineIndexesOnce } from "../../shared/hs-codes/line-index-store-task.ts";

const COUNTRIES: Record<HsSchedule, string | undefined> = { wco: undefined, us: "US", eu: "EU", uk: "GB", in: "IN" };
const QUERIES = [
  "t-shirts of cotton",
  "mens cotton tshirt",
  "laptop",
  "portable computer under 10 kg",
  "live horses for breeding",
  "frozen salmon fillets",
  "womens tshirt",
  "Zenbook",
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tds-hs-stored-"));
  await writeHsFixtures(dir, HS_FIXTURES);
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

for (const backend of testBackends()) {
  describe(`HS search line index stored at import, on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await backend.open());
    });
    afterAll(async () => close?.());

    const stamp = async (schedule: HsSchedule) =>
      (await db.query<{ b: string }>("select built_at::text as b from hs_search_builds where schedule = $1", [schedule]))[0].b;
    const answers = async () => {
      const out: unknown[] = [];
      for (const schedule of HS_SCHEDULES) {
        for (const q of QUERIES) out.push(await searchHsCodes(db, { q, country: COUNTRIES[schedule], limit: 20 }));
      }
      return out;
    };

    it("is stored after an import run (as reference:import does), for every schedule, of the current build and format", async () => {
      await importReferenceDir(db, dir, { only: HS_TABLES });
      // The tables' import alone stores nothing: a first search builds from the rows until the store.
      expect(await db.query("select schedule from hs_search_line_index")).toEqual([]);
      const after = await storeLineIndexesAfterImport(db);
      expect(after.error).toBeUndefined();
      expect(after.stored.map((s) => [s.schedule, s.stored])).toEqual([...HS_SCHEDULES].sort().map((s) => [s, true]));
      const rows = await db.query<{ schedule: string; current: boolean; format: string; byte_size: number }>(
        `select i.schedule, i.built_at = b.built_at as current, i.format, i.byte_size
           from hs_search_line_index i join hs_search_builds b using (schedule) order by i.schedule`,
      );
      expect(rows.map((r) => [r.schedule, r.current, r.format])).toEqual([...HS_SCHEDULES].sort().map((s) => [s, true, lineIndexFormat()]));
      expect(rows.every((r) => Number(r.byte_size) > 0)).toBe(true);
      // Nothing is stale afterwards: a second run writes nothing.
      expect(await storeStaleLineIndexes(db)).toEqual([]);
    });

    it("encodes and decodes each schedule's index exactly, and reads the stored one as the one built from the rows", async () => {
      for (const schedule of HS_SCHEDULES) {
        const built = await buildLineIndexFromRows(db, schedule);
        const bytes = encodeLineIndex(built);
        const decoded = decodeLineIndex(bytes);
        expect(decoded, schedule).toEqual(built);
        expect(encodeLineIndex(decoded)).toEqual(bytes);
        // At an odd byte offset (a driver's pooled buffer): copied once, same index.
        const odd = new Uint8Array(bytes.byteLength + 1);
        odd.set(bytes, 1);
        expect(decodeLineIndex(odd.subarray(1))).toEqual(built);
        expect(await readStoredLineIndex(db, schedule, await stamp(schedule)), schedule).toEqual(built);
      }
    });

    it("answers searches from the stored index as from the index built from the rows", async () => {
      forgetHsSearchState(db);
      const stored = await answers();
      await db.query("delete from hs_search_line_index");
      forgetHsSearchState(db);
      const rebuilt = await answers();
      expect(stored).toEqual(rebuilt);
      expect(JSON.stringify(stored)).toContain("6109");
      await storeStaleLineIndexes(db);
    });

    it("searches through the stored value when it is current (a line's word added without a new build stamp is not seen)", async () => {
      // Not something an import does (it stamps the build anew): it shows which index answered.
      await db.query(
        "update hs_search_lines set tsv = tsv || setweight(to_tsvector('english', 'cotton'), 'A') where schedule = 'in' and code = '84713010'",
      );
      try {
        forgetHsSearchState(db);
        const fromStored = await searchHsCodes(db, { q: "cotton", country: "IN", limit: 100 });
        expect(fromStored.results.map((r) => r.code)).not.toContain("84713010");
        await db.query("delete from hs_search_line_index where schedule = 'in'");
        forgetHsSearchState(db);
        const fromRows = await searchHsCodes(db, { q: "cotton", country: "IN", limit: 100 });
        expect(fromRows.results.map((r) => r.code)).toContain("84713010");
      } finally {
        await db.query("update hs_search_lines set tsv = ts_delete(tsv, 'cotton') where schedule = 'in' and code = '84713010'");
        await db.query("delete from hs_search_line_index where schedule = 'in'");
        await storeStaleLineIndexes(db);
      }
    });

    it("falls back to the rows when the stored value is of another build, another format, damaged or absent", async () => {
      const built = await buildLineIndexFromRows(db, "us");
      const old = await stamp("us");
      // A new build (as an import stamps it): the stored value is of the old one.
      await db.query("update hs_search_builds set built_at = clock_timestamp() where schedule = 'us'");
      const now = await stamp("us");
      expect(now).not.toBe(old);
      expect(await readStoredLineIndex(db, "us", now)).toBeNull();
      expect(await loadLineIndex(db, "us", now)).toEqual(built);
      // Only the stale schedule is written again.
      expect((await storeStaleLineIndexes(db)).map((s) => [s.schedule, s.stored])).toEqual([["us", true]]);
      expect(await readStoredLineIndex(db, "us", now)).toEqual(built);

      await db.query("update hs_search_line_index set format = 'another builder' where schedule = 'us'");
      expect(await readStoredLineIndex(db, "us", now)).toBeNull();
      await db.query("update hs_search_line_index set format = $1, bytes = '\\x1f8b00'::bytea where schedule = 'us'", [lineIndexFormat()]);
      expect(await readStoredLineIndex(db, "us", now)).toBeNull();
      expect(await loadLineIndex(db, "us", now)).toEqual(built);
      forgetHsSearchState(db);
      expect((await searchHsCodes(db, { q: "t-shirts of cotton", country: "US" })).results.length).toBeGreaterThan(0);
      await db.query("delete from hs_search_line_index");
      expect(await loadLineIndex(db, "us", now)).toEqual(built);
    });

    it("is stored by the background task of the server and the worker when missing or stale", async () => {
      await db.query("delete from hs_search_line_index");
      await db.query("update hs_search_builds set built_at = clock_timestamp() where schedule = 'in'");
      const task = lineIndexStoreTask({ db }, 3600_000);
      await task.idle();
      await task.stop();
      const current = await db.query<{ schedule: string }>(
        `select i.schedule from hs_search_line_index i join hs_search_builds b on b.schedule = i.schedule and b.built_at = i.built_at
          where i.format = $1 order by i.schedule`,
        [lineIndexFormat()],
      );
      expect(current.map((r) => r.schedule)).toEqual([...HS_SCHEDULES].sort());
      expect(await storeStaleLineIndexesOnce(db)).toEqual([]);
    });
  });
}

describe.runIf(!!process.env.DATABASE_URL)(
  "HS search line indexes stored by reference:import and one process at a time (PostgreSQL)",
  () => {
    let pg: Awaited<ReturnType<typeof openTestPostgres>>;
    beforeAll(async () => {
      pg = await openTestPostgres(process.env.DATABASE_URL!);
    });
    afterAll(async () => pg?.drop());

    it("npm run reference:import stores them after the HS tables", async () => {
      const out = await runScript(["scripts/reference-import.ts", "--dir", dir, "--only", HS_TABLES.join(",")], { DATABASE_URL: pg.url });
      expect(out).toContain("HS search line indexes stored: eu, in, uk, us, wco");
      expect(await storeStaleLineIndexes(pg.db)).toEqual([]);
    });

    it("skips while another process holds the store's lock", async () => {
      await pg.db.query("update hs_search_builds set built_at = clock_timestamp() where schedule = 'wco'");
      await pg.db.transaction(async (tx) => {
        await tx.query("select pg_advisory_xact_lock(hashtext('hs_search_line_index'))");
        expect(await storeStaleLineIndexesOnce(pg.db)).toBeNull();
      });
      expect((await storeStaleLineIndexesOnce(pg.db))?.map((s) => s.schedule)).toEqual(["wco"]);
    });
  },
);

/** A script of the repository run as `npm run` runs it (tsx), its output (stdout and stderr) once it exits 0. */
function runScript(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${args[0]} exited ${code}:\n${out}`))));
  });
}
