import { describe, expect, it } from "vitest";
import { currentHealth, HEALTH_REFRESH_MS } from "../../../shared/server/health-state.ts";
import { openTestPglite } from "../../support/databases.ts";
import { loadConfig } from "../../../shared/runtime/config.ts";

describe("/health from memory", () => {
  it("reads the state once per interval, keeps the detail, and sees a change after the interval", async () => {
    const db = await openTestPglite();
    const settings = loadConfig().referenceRefresh;
    let reads = 0;
    const counting = { ...db, query: (...a: Parameters<typeof db.query>) => (reads++, db.query(...a)) } as typeof db;
    const t0 = Date.now();
    const first = await currentHealth(counting, settings, ["api"], t0);
    expect(first).toMatchObject({ status: "ok", database: "pglite", functions: ["api"] });
    expect(first.reference_data.tables.find((t) => t.table === "sanctions_ofac")?.loaded).toBe(true);
    const afterFirst = reads;
    expect(afterFirst).toBeGreaterThan(0);
    for (let i = 0; i < 20; i++) expect(await currentHealth(counting, settings, ["api"], t0 + 10)).toBe(first);
    expect(reads).toBe(afterFirst);
    await db.query("delete from sanctions_ofac");
    await db.query("delete from reference_imports where table_name = 'sanctions_ofac'");
    // After the interval: the last answer at once, the new one read meanwhile.
    expect(await currentHealth(counting, settings, ["api"], Date.now() + HEALTH_REFRESH_MS)).toBe(first);
    await expect.poll(async () => (await currentHealth(counting, settings, ["api"])).reference_data.missing).toContain("sanctions_ofac");
    await db.close();
  });
});
