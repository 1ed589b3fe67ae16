import { describe, expect, it } from "vitest";
import { runValidation } from "../../../shared/rules/run-validation.ts";
import { describeAge } from "../../../shared/rules/checks/reference-data.ts";
import { referenceTablesUsed } from "../../../shared/rules/reference-tables-used.ts";
import { collectReferenceAsk } from "../../../shared/rules/reference-ask.ts";
import { findGate } from "../../../shared/rules/gates.ts";
import { freshnessOf } from "../../../shared/reference/refresh/reference-vintage.ts";
import { parsePerTable } from "../../../shared/runtime/config/reference-refresh-settings.ts";
import { parseConfig } from "../../../shared/runtime/config.ts";
import { baseline, factsFor } from "./fixtures.ts";

const DAY = 86_400_000;
const settings = parseConfig({}).referenceRefresh;
const now = Date.parse("2026-11-24T12:00:00Z");
const stored = (table: "sanctions_ofac" | "port_codes" | "hs_codes_wco" | "countries", checkedDaysAgo: number) => ({
  table,
  vintage: "v",
  published_at: null,
  imported_at: new Date(now - checkedDaysAgo * DAY).toISOString(),
  last_checked_at: null,
  row_count: 1,
});

describe("reference data age", () => {
  it("uses the spec's intervals by default, plus a 2-day margin", () => {
    expect(settings.intervalMs.sanctions_ofac).toBe(DAY);
    expect(settings.intervalMs.port_codes).toBe(91 * DAY);
    expect(settings.intervalMs.hs_codes_us).toBe(91 * DAY);
    expect(settings.intervalMs.hs_codes_wco).toBe(365 * DAY);
    expect(settings.staleMarginMs.sanctions_ofac).toBe(2 * DAY);
    expect(settings.enabled).toBe(false);
  });

  it("an ISO list is stale once its last confirmation is older than interval + margin", () => {
    expect(freshnessOf(stored("countries", 366), settings, now).stale).toBe(false);
    expect(freshnessOf(stored("countries", 368), settings, now).stale).toBe(true);
    // A later successful check (source unchanged) makes an old import current again.
    expect(freshnessOf({ ...stored("countries", 900), last_checked_at: new Date(now - DAY).toISOString() }, settings, now).stale).toBe(
      false,
    );
    // Never imported: not stale (the lookup rules report "not loaded" instead).
    expect(freshnessOf({ ...stored("port_codes", 0), imported_at: null }, settings, now)).toMatchObject({
      stale: false,
      age_seconds: null,
    });
    expect(freshnessOf({ ...stored("sanctions_ofac", 0), imported_at: null }, settings, now)).toMatchObject({
      stale: false,
      age_seconds: null,
    });
  });

  it("the sanctions list's age runs from its own publication date, not from the import", () => {
    const publishedDaysAgo = (days: number) => new Date(now - days * DAY).toISOString();
    // Imported today, published 2.5 years ago (the workspace's SDN file of 2024-05-03): stale.
    const old = { ...stored("sanctions_ofac", 0), published_at: "2024-05-03T00:00:00.000Z" };
    expect(freshnessOf(old, settings, now)).toMatchObject({ stale: true, age_from: "publication", checked_at: "2024-05-03T00:00:00.000Z" });
    expect(freshnessOf({ ...stored("sanctions_ofac", 0), published_at: publishedDaysAgo(2.9) }, settings, now).stale).toBe(false);
    expect(freshnessOf({ ...stored("sanctions_ofac", 0), published_at: publishedDaysAgo(3.1) }, settings, now).stale).toBe(true);
    // An unknown publication date counts as old.
    expect(freshnessOf(stored("sanctions_ofac", 0), settings, now)).toMatchObject({ stale: true, age_seconds: null });
    // A refresh that confirmed the downloaded list current counts; after a folder import it does not.
    const confirmed = { ...old, last_checked_at: publishedDaysAgo(1) };
    expect(freshnessOf({ ...confirmed, from_download: true }, settings, now).stale).toBe(false);
    expect(freshnessOf({ ...confirmed, from_download: false }, settings, now).stale).toBe(true);
  });

  it("a replaced HS edition and an undated national schedule: the warnings say why, without a sanctions wording", () => {
    const shipment = baseline();
    const hs2017 = freshnessOf(
      { ...stored("hs_codes_wco", 0), vintage: "HS 2017", published_at: "2017-01-01T00:00:00.000Z" },
      settings,
      now,
    );
    const uk = freshnessOf(
      { ...stored("sanctions_ofac", 0), table: "hs_codes_uk" as "sanctions_ofac", vintage: "UK Tariff v4.0.1205" },
      settings,
      now,
    );
    const found = runValidation(shipment, { facts: factsFor(shipment, [], { vintages: [hs2017, uk] }) }).results.filter(
      (r) => r.rule_id === "rule_reference_data_current",
    );
    const [ukTariff, hs] = found;
    expect(found.map((f) => f.context?.table)).toEqual(["hs_codes_uk", "hs_codes_wco"]);
    expect(hs.message).toContain("(HS 2017) used for this validation has been replaced by a newer edition in force");
    expect(hs.message).toContain("npm run reference:refresh -- --only hs_codes_wco");
    expect(ukTariff.message).toContain("(UK Tariff v4.0.1205) used for this validation states no publication date");
    expect(ukTariff.message).toContain("Checks against it may miss every change published since");
    expect(ukTariff.message).not.toContain("designation");
  });

  it("a stale sanctions list: the warning names the list's date and how to refresh", () => {
    const shipment = baseline();
    const old = freshnessOf({ ...stored("sanctions_ofac", 0), published_at: "2024-05-03T00:00:00.000Z" }, settings, now);
    const [found] = runValidation(shipment, { facts: factsFor(shipment, [], { vintages: [old] }) }).results;
    expect(found).toMatchObject({ rule_id: "rule_reference_data_current", severity: "warning" });
    expect(found.message).toMatch(
      /^Reference table OFAC SDN and non-SDN lists \(sanctions_ofac\) \(v\) used for this validation is dated 2024-05-03 \(935 days old\)\./,
    );
    expect(found.message).toContain("npm run reference:refresh -- --only sanctions");
    const undated = freshnessOf(stored("sanctions_ofac", 0), settings, now);
    const [unknown] = runValidation(shipment, { facts: factsFor(shipment, [], { vintages: [undated] }) }).results;
    expect(unknown.message).toContain("states no publication date");
  });

  it("settings accept one duration for all tables and per-table overrides; bad values are refused", () => {
    const ms = parsePerTable("7d,sanctions_ofac=12h", settings.intervalMs);
    expect(ms.sanctions_ofac).toBe(DAY / 2);
    expect(ms.port_codes).toBe(7 * DAY);
    expect(() => parsePerTable("sanctions=1d", settings.intervalMs)).toThrow(/unknown table "sanctions"/);
    expect(() => parsePerTable("soon", settings.intervalMs)).toThrow(/must be a duration such as 90d/);
    expect(parseConfig({ TDS_REFERENCE_STALE_MARGIN: "1d,port_codes=5d" }).referenceRefresh.staleMarginMs).toMatchObject({
      sanctions_ofac: DAY,
      port_codes: 5 * DAY,
    });
    expect(() => parseConfig({ TDS_REFERENCE_REFRESH_INTERVALS: "soon" })).toThrow(
      /^TDS_REFERENCE_REFRESH_INTERVALS must be a duration such as 90d, 12h, 30m, 45s or 2w, got "soon"$/,
    );
    expect(() => parseConfig({ TDS_REFERENCE_REFRESH: "maybe" })).toThrow(/^TDS_REFERENCE_REFRESH must be true or false \(or on\/off/);
    expect(parseConfig({ TDS_REFERENCE_REFRESH: "off" }).referenceRefresh).toMatchObject({ enabled: false, explicitlyOff: true });
    expect(parseConfig({}).referenceRefresh).toMatchObject({ enabled: false, explicitlyOff: false });
    const mirrored = parseConfig({ TDS_REFERENCE_MIRROR: "https://mirror.example.internal/ref/" }).referenceRefresh;
    expect(mirrored.sources.sanctions_ofac[0].url).toBe("https://mirror.example.internal/ref/sanctions_ofac/sdn.csv");
    expect(mirrored.sources.port_codes[0].url).toBe("https://mirror.example.internal/ref/port_codes/unlocode.zip");
  });

  it("a stale table gives a plain warning; the answer stays valid", () => {
    const shipment = baseline();
    const stale = freshnessOf(stored("countries", 370), settings, now);
    const outcome = runValidation(shipment, { facts: factsFor(shipment, [], { vintages: [stale] }) });
    const found = outcome.results.filter((r) => r.rule_id === "rule_reference_data_current");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: "warning", category: "Reference Data", field: "" });
    expect(found[0].message).toBe(
      "Reference table ISO country list (countries) (v) used for this validation was last confirmed current 370 days ago. Expected a refresh every 365 days (stale after 367 days). " +
        "Checks against it may miss recent changes: refresh the reference data (npm run reference:refresh -- --only countries) or check why the scheduled refresh fails (GET /api/v1/reference-data).",
    );
    expect(outcome.valid).toBe(true);
    expect(outcome.score).toBe(95);
    expect(describeAge(93_784)).toBe("1 day 2 hours");
  });

  it("only the tables the gate's rules read count as used", () => {
    // The party screening reads every screening list (issue 37).
    const SCREENING = ["sanctions_ofac", "sanctions_un", "sanctions_eu", "sanctions_uk", "sanctions_us_csl"];
    const ask = collectReferenceAsk(baseline());
    expect(referenceTablesUsed(ask, findGate("trade-document-validator")!.ruleIds)).toEqual([
      "countries",
      "currencies",
      ...SCREENING,
      "port_codes",
      "hs_codes_eu",
    ]);
    // rule_embargoed_region places the ports by their UN/LOCODE subdivision and name: port_codes is read there too.
    expect(referenceTablesUsed(ask, findGate("sanctions-screening")!.ruleIds)).toEqual([...SCREENING, "port_codes"]);
    expect(referenceTablesUsed(ask, findGate("customs-classification")!.ruleIds)).toEqual(["hs_codes_eu"]);
  });
});
