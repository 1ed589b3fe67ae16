import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import type { Db, Queryable } from "../../shared/db/types.ts";
import { countRequest, FLUSH_EVERY_MS, localBatchOf } from "../../shared/http/rate-limit-counter.ts";
import type { RateLimitPolicy } from "../../shared/http/rate-limit-policy.ts";

/** The same database seen by another process: its own object, so its own in-memory counts; writes counted. */
function instance(db: Db): Queryable & { writes: number } {
  const q = {
    writes: 0,
    query: (text: string, params?: unknown[]) => {
      if (text.includes("insert into rate_limit_counters")) q.writes++;
      return db.query(text, params);
    },
    exec: (script: string) => db.exec(script),
  };
  return q as Queryable & { writes: number };
}

/**
 * A window whose end is more than five minutes away now. Windows are aligned to multiples of their width
 * since the epoch (by the database clock), and these tests move their own clock up to two minutes ahead
 * of it: run in the last two minutes of an hour, a one-hour window ended under them (a run at 02:58 UTC
 * failed so).
 */
function farWindowSeconds(): number {
  const now = Date.now() / 1000;
  return [3600, 3900, 4200, 4500, 4800].find((w) => w - (now % w) > 300) ?? 3600;
}

const policy = (partition: string, quota: number, windowSeconds = farWindowSeconds()): RateLimitPolicy => ({
  name: "requests",
  quota,
  windowSeconds,
  partition,
});

async function sharedCount(db: Db, partition: string): Promise<number> {
  const rows = await db.query<{ n: number }>("select coalesce(sum(hits), 0)::int as n from rate_limit_counters where partition = $1", [
    partition,
  ]);
  return rows[0].n;
}

describe("localBatchOf (the tolerance)", () => {
  it("is 1 % of the quota, at least 1 (every request written) and at most 100", () => {
    expect([5, 60, 199, 200, 3000, 1_000_000].map(localBatchOf)).toEqual([1, 1, 1, 2, 30, 100]);
  });
});

for (const backend of testBackends()) {
  describe(`rate-limit counts kept in memory between writes on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ db, close } = await backend.open());
    });
    afterAll(async () => {
      await close?.();
    });

    it("one instance counts exactly, writes now and then, and refuses at the quota on the shared count", async () => {
      const a = instance(db);
      const p = policy(`t:${backend.name}:one`, 3000);
      const hits: number[] = [];
      // The clock moves 40 ms a request, so background flushes run between the writes made at once (a
      // flush in flight must not be counted twice by a request written meanwhile).
      const t0 = Date.now();
      for (let i = 0; i < 3001; i++) hits.push((await countRequest(a, [p], t0 + i * 40))[0].hits);
      expect(hits).toEqual(Array.from({ length: 3001 }, (_, i) => i + 1));
      // 3001 requests, far fewer writes: one per batch of 30 until near the quota, then each one.
      expect(a.writes).toBeLessThan(200);
      expect(await sharedCount(db, p.partition)).toBe(3001);
    });

    it("a small budget is written on every request", async () => {
      const a = instance(db);
      const p = policy(`t:${backend.name}:small`, 60);
      const hits: number[] = [];
      for (let i = 0; i < 10; i++) hits.push((await countRequest(a, [p]))[0].hits);
      expect(a.writes).toBe(10);
      expect(hits).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      // Another instance's writes are seen at once.
      expect((await countRequest(instance(db), [p]))[0].hits).toBe(11);
      expect((await countRequest(a, [p]))[0].hits).toBe(12);
    });

    it("two instances on one database share the budget within N × batch", async () => {
      const a = instance(db);
      const b = instance(db);
      const p = policy(`t:${backend.name}:two`, 1000); // batch 10
      let admitted = 0;
      let refusedA = false;
      let refusedB = false;
      for (let i = 0; i < 1200; i++) {
        const on = i % 3 === 0 ? b : a; // uneven: each instance's view of the other lags
        const [s] = await countRequest(on, [p]);
        if (s.hits <= p.quota) admitted++;
        else if (on === a) refusedA = true;
        else refusedB = true;
      }
      expect(refusedA && refusedB).toBe(true);
      expect(admitted).toBeGreaterThanOrEqual(p.quota);
      expect(admitted).toBeLessThanOrEqual(p.quota + 2 * localBatchOf(p.quota));
    });

    it("writes what it counted in memory after FLUSH_EVERY_MS, so other instances see it", async () => {
      const a = instance(db);
      const p = policy(`t:${backend.name}:flush`, 100_000); // batch 100
      for (let i = 0; i < 20; i++) await countRequest(a, [p]);
      expect(await sharedCount(db, p.partition)).toBeLessThan(20);
      await new Promise((r) => setTimeout(r, FLUSH_EVERY_MS + 50));
      await countRequest(a, [p]); // the first request after the interval writes the others in the background
      for (let i = 0; i < 50 && (await sharedCount(db, p.partition)) < 20; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await sharedCount(db, p.partition)).toBeGreaterThanOrEqual(20);
      const b = instance(db);
      expect((await countRequest(b, [p]))[0].hits).toBeGreaterThanOrEqual(21);
    });

    it("starts a new window when the old one ends; counts of the old window are dropped", async () => {
      const a = instance(db);
      const p = policy(`t:${backend.name}:window`, 100_000, 1);
      for (let i = 0; i < 5; i++) await countRequest(a, [p]);
      await new Promise((r) => setTimeout(r, 1100)); // a later window of one second
      const next = await countRequest(a, [p]);
      expect(next[0].hits).toBe(1);
    });
  });
}
