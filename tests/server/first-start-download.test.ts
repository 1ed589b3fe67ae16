/**
 * Real data from the first start (issue 26): `npm start` on an empty database with the download on (the
 * default; the test suite switches it off in vitest.config.ts and turns it on here) downloads every table
 * from its publisher in the background, printing a line per table, while the API answers; a table whose
 * publisher cannot be reached is named with the command that loads it from a folder or a mirror. The
 * publisher is the local stand-in on 127.0.0.1 serving the workspace's official OFAC and ISO files; every
 * other address points at it too and answers 404 (an unreachable publisher).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { json, spawnServer, type SpawnedServer } from "../support/spawn-server.ts";
import { hasSharedData, officialBytes, startSourceServer, sharedDataName } from "../support/reference-source-server.ts";

const OFAC_FILES: Record<string, string> = {
  "sdn.csv": "ofac/ofac_sdn_2024-05-03.csv.gz",
  "alt.csv": "ofac/ofac_alt_2026-06.csv.gz",
  "add.csv": "ofac/ofac_add_2026-06.csv.gz",
  "sdn_comments.csv": "ofac/ofac_sdn_comments_2025-12.csv.gz",
  "cons_prim.csv": "ofac/ofac_cons_prim_2025-12.csv.gz",
  "cons_alt.csv": "ofac/ofac_cons_alt_2025-12.csv.gz",
  "cons_add.csv": "ofac/ofac_cons_add_2025-12.csv.gz",
  "cons_comments.csv": "ofac/ofac_cons_comments_2025-12.csv.gz",
};

type Table = { table: string; row_count: number; stale: boolean; published_at: string | null; last_refresh_outcome: string | null };

describe.runIf(hasSharedData)(sharedDataName("the first `npm start` downloads the reference data"), { timeout: 420_000 }, () => {
  let source: Awaited<ReturnType<typeof startSourceServer>>;
  let server: SpawnedServer;
  let dataDir: string;

  beforeAll(async () => {
    source = await startSourceServer();
    for (const [key, rel] of Object.entries(OFAC_FILES)) {
      source.files.set(`/mirror/sanctions_ofac/${key}`, {
        body: officialBytes(rel),
        headers: { "content-type": "text/csv", "last-modified": "Fri, 03 May 2024 18:43:00 GMT" },
      });
    }
    source.files.set("/mirror/countries/country-codes.csv", { body: officialBytes("iso/country-codes.csv") });
    dataDir = await mkdtemp(join(tmpdir(), "tds-first-start-"));
    server = await spawnServer({
      runtime: "node",
      env: {
        TDS_DATA_DIR: dataDir,
        TDS_REFERENCE_DOWNLOAD: "on",
        TDS_REFERENCE_DIR: "", // no folder: everything comes from the publisher
        TDS_REFERENCE_MIRROR: `${source.base}/mirror`,
        TDS_REFERENCE_URL_COUNTRIES: `${source.base}/mirror/countries/country-codes.csv`,
        TDS_REFERENCE_TIMEOUT: "60s",
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await source?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const tables = async () =>
    (await json(await fetch(`${server.url}/api/v1/reference-data`, { headers: { authorization: `Bearer ${server.defaultApiKey}` } }))).body
      .tables as Table[];

  it("says so at start, answers while loading, and loads each table it can reach", async () => {
    await expect
      .poll(() => server.output(), { timeout: 30_000 })
      .toMatch(/reference data: downloading 14 empty table\(s\) from their publishers in the background: /);
    expect(server.output()).toContain("TDS_REFERENCE_DOWNLOAD=off skips the download");
    // The API answers while the download runs.
    expect((await fetch(`${server.url}/health`)).status).toBe(200);

    await expect
      .poll(async () => (await tables()).find((t) => t.table === "sanctions_ofac")?.row_count, { timeout: 300_000, interval: 1000 })
      .toBe(15_407);
    await expect.poll(async () => (await tables()).find((t) => t.table === "countries")?.row_count, { timeout: 60_000 }).toBe(249);
    // The log line follows the commit that the row count above already sees: wait for it.
    await expect.poll(() => server.output(), { timeout: 60_000 }).toMatch(/reference refresh: sanctions_ofac imported 15407 rows/);
    expect(server.output()).toContain("reference refresh: sanctions_ofac is empty, downloading it from its publisher…");
    // Dated 2024-05-03 (its Last-Modified): the import of a changed source takes that date, and only a later
    // refresh that finds the source unchanged confirms it (docs/reference-data.md), so it is stale.
    const sanctions = (await tables()).find((t) => t.table === "sanctions_ofac")!;
    expect(sanctions).toMatchObject({ stale: true, last_refresh_outcome: "imported", checked_at: sanctions.published_at });
    expect(sanctions.published_at?.slice(0, 10)).toBe("2024-05-03");
  });

  it("names the tables it could not download, with the command that loads them from a folder or a mirror", async () => {
    await expect
      .poll(() => server.output(), { timeout: 300_000, interval: 1000 })
      .toMatch(/reference data: \d+ table\(s\) empty: .*port_codes/);
    expect(server.output()).toContain("npm run reference:import -- --dir <folder>");
    expect((await tables()).find((t) => t.table === "port_codes")).toMatchObject({ row_count: 0, last_refresh_outcome: "failed" });
  });

  it("screens against the downloaded list at once (a listed exporter is an error, not a pass)", async () => {
    const r = await json(
      await fetch(`${server.url}/api/v1/shipments/validate?gate_slug=sanctions-screening`, {
        method: "POST",
        headers: { authorization: `Bearer ${server.defaultApiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ exporter: { name: "KOREA MINING DEVELOPMENT TRADING CORPORATION", country: "KP" } }),
      }),
    );
    expect(r.status).toBe(200);
    expect(r.body.valid).toBe(false);
    expect(r.body.results.map((x: { rule_id: string }) => x.rule_id)).toContain("rule_sanctions_exporter");
  });
});
