import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipSync } from "fflate";
import type { Db } from "../../shared/db/types.ts";
import { openPostgres } from "../../shared/db/postgres.ts";
import { openTestPglite, openTestPostgres } from "../support/databases.ts";
import { currentStoredLayout, screenNamesStored } from "../../shared/screening/index/stored-index.ts";
import { hasSharedData, officialBytes, startSourceServer, sharedDataName } from "../support/reference-source-server.ts";
import type { ReferenceRefreshSettings } from "../../shared/runtime/config/reference-refresh-settings.ts";
import { refreshReferenceData, type TableRefreshResult } from "../../shared/reference/refresh/refresh-reference-data.ts";
import { referenceRefreshTask } from "../../shared/reference/refresh/refresh-task.ts";
import { forgetReferenceVintage, readReferenceFreshness } from "../../shared/reference/refresh/reference-vintage.ts";
import { loadConfig, parseConfig } from "../../shared/runtime/config.ts";
import type { Services } from "../../shared/runtime/services.ts";

/** The screening lists beyond OFAC, by mirror path (<table>/<download key>) → file of ../shared/data. */
const SCREENING_LIST_FILES: Record<string, string> = {
  "sanctions_un/consolidated.xml": "sanctions/un_consolidated_2026-02-27.xml.gz",
  "sanctions_eu/eu_fsf.xml": "sanctions/eu_fsf_2026-08-05_excerpt.xml",
  "sanctions_uk/UK-Sanctions-List.xml": "sanctions/uk_sanctions_list_2026-09-10_excerpt.xml",
  "sanctions_us_csl/consolidated.csv": "sanctions/us_csl_consolidated_2022-05.csv.gz",
};
/** Lists the workspace holds only as excerpts (refused by the shrink guard as a download). */
const EXCERPTS = new Set(["sanctions_eu", "sanctions_uk"]);
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
const SDN_PUBLISHED = "Fri, 03 May 2024 18:43:00 GMT";
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const bytes = (s: string) => new TextEncoder().encode(s);

/** A hand-made new SDN entry, written in the legacy format, placed before the final Ctrl-Z byte. */
function withExtraEntry(sdn: Uint8Array, uid: number, name: string): Uint8Array {
  const s = text(sdn).replace(/\x1a?$/, "");
  return bytes(`${s}${uid},"${name}",-0- ,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n\x1a`);
}

/** The official UNECE zip layout: release/csv/"<release> UNLOCODE CodeListPart<N>.csv". */
function unlocodeZip(parts: Uint8Array[]): Uint8Array {
  return zipSync(Object.fromEntries(parts.map((p, i) => [`release/csv/2025-1 UNLOCODE CodeListPart${i + 1}.csv`, p])));
}

interface Backend {
  name: string;
  open(): Promise<{ db: Db; second: () => Db; close: () => Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: "pglite",
    open: async () => {
      const db = await openTestPglite();
      // One embedded database serves one process: the second "instance" shares it (separate lease owner).
      return { db, second: () => db, close: () => db.close() };
    },
  },
];
if (process.env.DATABASE_URL) {
  const base = process.env.DATABASE_URL;
  backends.push({
    name: "postgres",
    open: async () => {
      const t = await openTestPostgres(base);
      const others: Db[] = [];
      return {
        db: t.db,
        // A second instance: its own connection pool to the same database, as a second server process would have.
        second: () => {
          const d = openPostgres(t.url);
          others.push(d);
          return d;
        },
        close: async () => {
          for (const d of others) await d.close();
          await t.drop();
        },
      };
    },
  });
}

for (const backend of backends) {
  describe.runIf(hasSharedData)(sharedDataName(`reference refresh from a local publisher on ${backend.name}`), { timeout: 420_000 }, () => {
    let db: Db;
    let second: () => Db;
    let close: () => Promise<void>;
    let server: Awaited<ReturnType<typeof startSourceServer>>;
    let settings: ReferenceRefreshSettings;
    // The collector runs even when the suite is skipped: read the files only when they are there.
    const sdn = hasSharedData ? officialBytes(OFAC_FILES["sdn.csv"]) : new Uint8Array();
    const ports = hasSharedData
      ? ["Part1", "Part2", "Part3"].map((p) => officialBytes(`unlocode/official_2025-1_UNLOCODE_CodeList${p}.csv.gz`))
      : [];

    const refresh = (only: string[], extra: Parameters<typeof refreshReferenceData>[2] = {}, on: Db = db) =>
      refreshReferenceData(on, settings, { only, ...extra });
    const one = async (only: string, extra: Parameters<typeof refreshReferenceData>[2] = {}) => (await refresh([only], extra))[0];
    const stored = async (table: string) =>
      (
        await db.query<{
          row_count: number;
          checksum: string | null;
          imported_at: Date | string;
          vintage: string | null;
          published_at: Date | string | null;
          source_urls: unknown;
        }>(
          "select row_count, checksum, imported_at::text as imported_at, vintage, published_at, source_urls from reference_imports where table_name = $1",
          [table],
        )
      )[0];
    const sanctionsRows = async () => (await db.query<{ n: number }>("select count(*)::int as n from sanctions_ofac"))[0].n;
    const state = async (table: string) =>
      (
        await db.query<{ last_outcome: string | null; last_error: string | null; consecutive_failures: number; last_checked_at: unknown }>(
          "select last_outcome, last_error, consecutive_failures, last_checked_at::text as last_checked_at from reference_refresh_state where table_name = $1",
          [table],
        )
      )[0];

    beforeAll(async () => {
      ({ db, second, close } = await backend.open());
      server = await startSourceServer();
      for (const [key, rel] of Object.entries(OFAC_FILES)) {
        server.files.set(`/ofac/${key}`, {
          body: officialBytes(rel),
          headers: { "content-type": "text/csv", "last-modified": SDN_PUBLISHED },
        });
      }
      server.files.set("/unlocode/loc251csv.zip", { body: unlocodeZip(ports), headers: { "content-type": "application/zip" } });
      server.files.set("/countries/country-codes.csv", { body: officialBytes("iso/country-codes.csv") });
      // The other screening lists, served under the mirror's layout (<mirror>/<table>/<file key>).
      for (const [path, rel] of Object.entries(SCREENING_LIST_FILES)) server.files.set(`/mirror/${path}`, { body: officialBytes(rel) });
      server.files.set("/currencies/codes-all.csv", { body: officialBytes("iso/iso4217-currency-codes.csv") });
      // Addresses the way an operator sets them: a mirror for most, one address per file where the layout differs.
      const env: Record<string, string> = {
        TDS_REFERENCE_MIRROR: `${server.base}/mirror`,
        TDS_REFERENCE_URL_PORT_CODES: `${server.base}/unlocode/loc251csv.zip`,
        TDS_REFERENCE_URL_COUNTRIES: `${server.base}/countries/country-codes.csv`,
        TDS_REFERENCE_URL_CURRENCIES: `${server.base}/currencies/codes-all.csv`,
        TDS_REFERENCE_TIMEOUT: "20s",
      };
      for (const key of Object.keys(OFAC_FILES))
        env[`TDS_REFERENCE_URL_SANCTIONS_OFAC_${key.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}`] = `${server.base}/ofac/${key}`;
      settings = parseConfig(env).referenceRefresh;
    });
    afterAll(async () => {
      await server?.close();
      await close?.();
    });

    it("downloads the official formats (OFAC CSV, UN/LOCODE zip, ISO CSV), checks and imports them with their provenance", async () => {
      const results = await refresh(["sanctions", "ports", "countries", "currencies"]);
      const lists = Object.keys(SCREENING_LIST_FILES).map((path) => path.split("/")[0]);
      const others = results.filter((r) => !lists.includes(r.table));
      expect(others.map((r) => [r.table, r.outcome, r.error])).toEqual([
        ["port_codes", "imported", undefined],
        ["sanctions_ofac", "imported", undefined],
        ["countries", "imported", undefined],
        ["currencies", "imported", undefined],
      ]);
      expect(others.map((r) => r.rows)).toEqual([116_074, 15_407, 249, 307]);
      // "sanctions" names every screening list: each downloaded and parsed in its publisher's format. The
      // workspace holds only excerpts of the EU and UK lists: a download that small is refused as implausible.
      const screening = results.filter((r) => lists.includes(r.table));
      expect(screening.map((r) => [r.table, r.outcome])).toEqual(lists.map((t) => [t, EXCERPTS.has(t) ? "failed" : "imported"]));
      for (const r of screening) {
        if (EXCERPTS.has(r.table)) expect(r.error).toMatch(/5 rows is not a plausible sanctions_(eu|uk) download/);
        else expect(r.rows).toBeGreaterThan(1000);
      }
      const s = await stored("sanctions_ofac");
      expect(s.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(new Date(String(s.published_at)).toISOString()).toBe("2024-05-03T18:43:00.000Z");
      expect(s.vintage).toBe("OFAC lists published 2024-05-03");
      expect(s.source_urls).toContain(`${server.base}/ofac/sdn.csv`);
      expect((await stored("port_codes")).vintage).toBe("UN/LOCODE 2025-1");
      expect(await state("sanctions_ofac")).toMatchObject({ last_outcome: "imported", last_error: null, consecutive_failures: 0 });
      // One rebuild at the end of the refresh: the stored index is current and holds the entries of every list imported.
      expect(await currentStoredLayout(db)).not.toBeNull();
      const indexed = await db.query<{ list: string }>(
        "select distinct value->>'list' as list from sanctions_screening_index where part = 'entries' order by 1",
      );
      const names = indexed.map((r) => r.list);
      expect(names).toContain("OFAC SDN");
      expect(names).toContain("UN");
      expect(names).toContain("BIS Entity List");
    });

    it("does not import files that did not change (same checksum), but records the successful check", async () => {
      const before = await stored("sanctions_ofac");
      const checkedBefore = (await state("sanctions_ofac")).last_checked_at;
      const results = await refresh(["sanctions", "currencies"]);
      expect(results.map((r) => [r.table, r.outcome])).toEqual(
        ["sanctions_ofac", ...Object.keys(SCREENING_LIST_FILES).map((p) => p.split("/")[0]), "currencies"].map((t) => [
          t,
          EXCERPTS.has(t) ? "failed" : "unchanged",
        ]),
      );
      const after = await stored("sanctions_ofac");
      expect(after.imported_at).toBe(before.imported_at);
      expect(after.checksum).toBe(before.checksum);
      expect((await state("sanctions_ofac")).last_checked_at).not.toBe(checkedBefore);
      // The unchanged source confirms the old date: the list's age now runs from this check.
      forgetReferenceVintage(db);
      const f = (await readReferenceFreshness(db, settings)).find((x) => x.table === "sanctions_ofac")!;
      expect(f.published_at).toBe("2024-05-03T18:43:00.000Z");
      expect(Date.parse(f.checked_at!)).toBe(Date.parse(String((await state("sanctions_ofac")).last_checked_at)));
      expect(f.stale).toBe(false);
    });

    it("a changed source's new publication date takes over from the last confirmation; a release without one is dated by its vintage", async () => {
      server.files.set("/ofac/sdn.csv", {
        body: withExtraEntry(sdn, 99_000_002, "PUBLICATION DATE TEST LLC"),
        headers: { "content-type": "text/csv", "last-modified": "Wed, 25 Nov 2026 06:00:00 GMT" },
      });
      expect((await one("sanctions_ofac")).outcome).toBe("imported");
      expect((await state("sanctions_ofac")).last_checked_at).toBeNull();
      forgetReferenceVintage(db);
      const all = await readReferenceFreshness(db, settings);
      const f = all.find((x) => x.table === "sanctions_ofac")!;
      expect(f).toMatchObject({ published_at: "2026-11-25T06:00:00.000Z", checked_at: "2026-11-25T06:00:00.000Z" });
      // The UN/LOCODE zip came without a Last-Modified: release 2025-1 is dated from the start of 2025.
      expect(all.find((x) => x.table === "port_codes")).toMatchObject({ published_at: "2025-01-01T00:00:00.000Z", stale: true });
      server.files.set("/ofac/sdn.csv", { body: sdn, headers: { "content-type": "text/csv", "last-modified": SDN_PUBLISHED } });
      expect((await one("sanctions_ofac")).outcome).toBe("imported");
    });

    it("imports a changed file", async () => {
      server.files.set("/ofac/sdn.csv", { body: withExtraEntry(sdn, 99_000_001, "REFRESH TEST TRADING LLC") });
      const r = await one("sanctions_ofac");
      expect(r).toMatchObject({ outcome: "imported", rows: 15_408, previousRows: 15_407 });
      expect(await db.query("select name from sanctions_ofac where uid = 99000001")).toEqual([{ name: "REFRESH TEST TRADING LLC" }]);
      // The stored screening index was rebuilt in the refresh's transaction: a cold edge function screens
      // through it at once (nothing built in memory) and finds the new entry (issue 26, item 7).
      const layout = await currentStoredLayout(db);
      expect(layout).not.toBeNull();
      const screened = await screenNamesStored(db, layout!, ["Refresh Test Trading LLC"]);
      expect(screened.get("Refresh Test Trading LLC")).toMatchObject({ uid: "99000001", list: "OFAC SDN" });
    });

    async function expectRefused(table: string, message: RegExp): Promise<TableRefreshResult> {
      const before = await stored(table);
      const rowsBefore = await sanctionsRows();
      const r = await one(table);
      expect(r.outcome).toBe("failed");
      expect(r.error, r.error).toMatch(message);
      // The previous data and its record stay.
      expect(await stored(table)).toEqual(before);
      if (table === "sanctions_ofac") expect(await sanctionsRows()).toBe(rowsBefore);
      expect(await state(table)).toMatchObject({ last_outcome: "failed" });
      expect((await state(table)).last_error).toMatch(message);
      return r;
    }

    it("refuses a truncated file and keeps the old data", async () => {
      const current = withExtraEntry(sdn, 99_000_001, "REFRESH TEST TRADING LLC");
      // Cut off in the middle of a record (a broken download the server still calls complete).
      server.files.set("/ofac/sdn.csv", { body: current.slice(0, Math.floor(current.length * 0.6)) });
      await expectRefused("sanctions_ofac", /cut off|incomplete/);
      // Cut off at a record boundary: the format is fine, but 40 % of the list is missing.
      const lines = text(current).split("\r\n");
      server.files.set("/ofac/sdn.csv", { body: bytes(lines.slice(0, Math.floor(lines.length * 0.6)).join("\r\n") + "\r\n") });
      await expectRefused("sanctions_ofac", /fewer than the 15408 loaded .*--force/);
      // A truncated zip.
      const zip = unlocodeZip(ports);
      server.files.set("/unlocode/loc251csv.zip", { body: zip.slice(0, zip.length - 5000) });
      await expectRefused("port_codes", /not a readable zip/);
      server.files.set("/unlocode/loc251csv.zip", { body: zip });
    });

    it("refuses a malformed file (an HTML page, a CSV of the wrong kind) and keeps the old data", async () => {
      server.files.set("/ofac/sdn.csv", {
        body: "<!DOCTYPE html><html><body>Service temporarily unavailable</body></html>",
        headers: { "content-type": "text/html" },
      });
      await expectRefused("sanctions_ofac", /HTML page instead of the data file/);
      server.files.set("/ofac/sdn.csv", { body: officialBytes("iso/country-codes.csv") });
      await expectRefused("sanctions_ofac", /not an OFAC legacy CSV/);
      server.files.set("/currencies/codes-all.csv", { body: "Entity,Currency\nNOWHERE,Nothing\n" });
      await expectRefused("currencies", /not a plausible currencies download|AlphabeticCode|column/);
      server.files.set("/currencies/codes-all.csv", { body: officialBytes("iso/iso4217-currency-codes.csv") });
    });

    it("reports a server error and an unreachable source, keeping the old data", async () => {
      server.files.set("/ofac/sdn.csv", { body: withExtraEntry(sdn, 99_000_001, "REFRESH TEST TRADING LLC") });
      server.files.set("/ofac/add.csv", { status: 503, body: "maintenance" });
      await expectRefused("sanctions_ofac", /ofac\/add\.csv answered HTTP 503/);
      expect((await state("sanctions_ofac")).consecutive_failures).toBeGreaterThanOrEqual(2);
      server.files.set("/ofac/add.csv", { body: officialBytes(OFAC_FILES["add.csv"]) });
      const closed = await startSourceServer();
      await closed.close();
      const offline = {
        ...settings,
        sources: {
          ...settings.sources,
          countries: [{ key: "country-codes.csv", url: `${closed.base}/country-codes.csv`, optional: false }],
        },
      };
      const [r] = await refreshReferenceData(db, offline, { only: ["countries"] });
      expect(r.outcome).toBe("failed");
      expect(r.error).toMatch(/could not be reached/);
      expect((await stored("countries")).row_count).toBe(249);
    });

    it("accepts a large shrink only with --force", async () => {
      const lines = text(sdn).replace(/\x1a$/, "").split("\r\n").filter(Boolean);
      server.files.set("/ofac/sdn.csv", { body: bytes(lines.slice(0, 7000).join("\r\n") + "\r\n\x1a") });
      await expectRefused("sanctions_ofac", /--force/);
      const r = await one("sanctions_ofac", { force: true });
      expect(r).toMatchObject({ outcome: "imported", rows: 7000 + 442 });
      expect(await state("sanctions_ofac")).toMatchObject({ last_outcome: "imported", consecutive_failures: 0, last_error: null });
    });

    it("two instances refreshing at once download and import once", async () => {
      server.files.set("/ofac/sdn.csv", { body: sdn, delayMs: 300, headers: { "last-modified": SDN_PUBLISHED } });
      server.hits.delete("/ofac/sdn.csv");
      const before = await stored("sanctions_ofac");
      const other = second();
      const [a, b] = await Promise.all([
        refreshReferenceData(db, settings, { only: ["sanctions_ofac"], owner: "instance-a" }),
        refreshReferenceData(other, settings, { only: ["sanctions_ofac"], owner: "instance-b" }),
      ]);
      const outcomes = [a[0].outcome, b[0].outcome].sort();
      expect(outcomes).toEqual(["busy", "imported"]);
      expect(server.hits.get("/ofac/sdn.csv")).toBe(1);
      const after = await stored("sanctions_ofac");
      expect(after.imported_at).not.toBe(before.imported_at);
      expect(after.row_count).toBe(15_407);
      // Right after, a third run finds the same bytes: nothing to import.
      expect((await one("sanctions_ofac")).outcome).toBe("unchanged");
    });

    it("the scheduled task logs an unreachable source and retries later without stopping", async () => {
      const closed = await startSourceServer();
      await closed.close();
      const offline: ReferenceRefreshSettings = {
        ...settings,
        enabled: true,
        retryMs: 60_000,
        sources: { ...settings.sources, currencies: [{ key: "codes-all.csv", url: `${closed.base}/codes-all.csv`, optional: false }] },
      };
      // Only currencies is due: its last check was 100 days ago (interval 91 days); every other table was just checked.
      await db.query("update reference_imports set imported_at = now() - interval '100 days' where table_name = 'currencies'");
      await db.query("update reference_refresh_state set last_checked_at = null, consecutive_failures = 0 where table_name = 'currencies'");
      const logs: string[] = [];
      const services = { db, config: { ...loadConfig(), referenceRefresh: offline } } as unknown as Services;
      const task = referenceRefreshTask(services, { info: (s) => logs.push(`info ${s}`), error: (s) => logs.push(`error ${s}`) });
      await task.idle();
      expect(logs.filter((l) => l.includes("currencies"))).toEqual([
        expect.stringMatching(/^error reference refresh: currencies failed, previous data kept, will retry: .*could not be reached/),
      ]);
      // Woken again at once: the failed table waits for its retry delay, so nothing is downloaded or logged.
      task.wake();
      await task.idle();
      expect(logs.filter((l) => l.includes("currencies"))).toHaveLength(1);
      await task.stop();
      expect((await stored("currencies")).row_count).toBe(307);
    });
  });
}
