import { describe, expect, it } from "vitest";
import postgres from "postgres";
import { openPostgres } from "../../shared/db/postgres.ts";

const baseUrl = process.env.DATABASE_URL ?? "";

// A statement that fails after sending three rows (division by zero on the fourth), then one that returns
// five. PostgreSQL only: runs when CI (or you) point DATABASE_URL at a server.
const FAILS_MID_STREAM = "select i, 1 / (4 - i) as boom from generate_series(1, 10) i";
const FIVE_ROWS = "select x from generate_series(1, 5) x";

describe.runIf(baseUrl !== "")("rows after a statement that failed mid-stream (porsager/postgres#1119)", () => {
  it("postgres.js itself answers the next statement with empty slots before its rows", async () => {
    const raw = postgres(baseUrl, { max: 1, onnotice: () => {} });
    try {
      await expect(raw.unsafe(FAILS_MID_STREAM)).rejects.toThrow(/division by zero/);
      const rows = await raw.unsafe(FIVE_ROWS);
      // If this fails, the driver was fixed: shared/db/postgres.ts withoutLeadingHoles can go.
      expect(rows.length).toBe(8);
      expect(0 in rows).toBe(false);
    } finally {
      await raw.end();
    }
  });

  it("the service's database answers the next statement with its own rows only", async () => {
    // Transactions go through the same wrapper (shared/db/postgres.ts wrap); their BEGIN resets the
    // driver's counter, so the holes reach the first statement after a failure outside a transaction.
    const db = openPostgres(baseUrl, { max: 1 });
    try {
      await expect(db.query(FAILS_MID_STREAM)).rejects.toThrow(/division by zero/);
      expect(await db.query(FIVE_ROWS)).toEqual([1, 2, 3, 4, 5].map((x) => ({ x })));
    } finally {
      await db.close();
    }
  });
});
