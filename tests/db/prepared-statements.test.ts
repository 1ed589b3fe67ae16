import { describe, expect, it } from "vitest";
import postgres from "postgres";
import { openPostgres } from "../../shared/db/postgres.ts";

const baseUrl = process.env.DATABASE_URL ?? "";

// PostgreSQL only (PGlite has no connection to prepare on): runs when CI (or you) point DATABASE_URL at a
// server, as the other PostgreSQL-only suites do. A file without any suite fails `npm test` without it.
describe.runIf(baseUrl !== "")("prepared statements on PostgreSQL", () => {
  async function preparedNames(db: ReturnType<typeof openPostgres>): Promise<string[]> {
    const rows = await db.query<{ statement: string }>("select statement from pg_prepared_statements");
    return rows.map((r) => r.statement);
  }

  it("keeps only the statements marked prepared, and only when the connection allows it", async () => {
    for (const allowed of [true, false]) {
      const db = openPostgres(baseUrl, { max: 1, preparedStatements: allowed });
      try {
        await db.query("select $1::int + 1 as n", [1], { prepared: true });
        await db.query("select $1::int + 2 as n", [1]);
        const names = await preparedNames(db);
        expect(names.some((s) => s.includes("$1::int + 1"))).toBe(allowed);
        expect(names.some((s) => s.includes("$1::int + 2"))).toBe(false);
      } finally {
        await db.close();
      }
    }
  });

  it("connects through an address carrying the pooler flag (not sent to the server as a setting)", async () => {
    const url = new URL(baseUrl);
    url.searchParams.set("pgbouncer", "true");
    // postgres.js itself sends the flag as a run-time setting, which the server refuses.
    const raw = postgres(url.toString(), { max: 1, onnotice: () => {} });
    await expect(raw`select 1`).rejects.toThrow(/pgbouncer/);
    await raw.end();
    const db = openPostgres(url.toString(), { max: 1 });
    try {
      expect(await db.query("select 1 as one")).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });
});
