import { describe, expect, it } from "vitest";
import {
  AGE_FROM,
  freshnessOf,
  HS_EDITIONS_IN_FORCE,
  nextEditionInForce,
  statedPublicationDate,
  type StoredVintage,
} from "../../../shared/reference/refresh/reference-vintage.ts";
import { parseConfig } from "../../../shared/runtime/config.ts";

// The rule per table of docs/reference-data.md ("Vintage in every answer, and stale tables").
const DAY = 86_400_000;
const settings = parseConfig({}).referenceRefresh;
const now = Date.parse("2026-11-26T12:00:00Z");
const imported = (table: StoredVintage["table"], vintage: string | null, published_at: string | null): StoredVintage => ({
  table,
  vintage,
  published_at,
  imported_at: new Date(now).toISOString(),
  last_checked_at: null,
  row_count: 1,
});
const stale = (v: StoredVintage, at = now) => freshnessOf(v, settings, at).stale;

describe("the age rule per reference table", () => {
  it("each table has the rule its publisher's practice calls for", () => {
    expect(AGE_FROM).toEqual({
      sanctions_ofac: "publication",
      sanctions_un: "publication",
      sanctions_eu: "publication",
      sanctions_uk: "publication",
      sanctions_us_csl: "publication",
      hs_codes_us: "publication",
      hs_codes_uk: "publication",
      hs_codes_in: "publication",
      port_codes: "publication",
      hs_codes_wco: "edition",
      hs_codes_eu: "edition",
      countries: "confirmation",
      currencies: "confirmation",
      hs_search_references: "confirmation",
    });
  });

  it("an HS edition stays current until the next one enters into force (HS 2028 on 2028-01-01), plus the margin", () => {
    expect(HS_EDITIONS_IN_FORCE.find((e) => e.edition === 2028)?.from).toBe("2028-01-01T00:00:00Z");
    expect(nextEditionInForce("hs_codes_wco", "HS 2022")).toBe(Date.parse("2028-01-01T00:00:00Z"));
    const hs2022 = imported("hs_codes_wco", "HS 2022", "2022-01-01T00:00:00.000Z");
    // Nearly five years after its entry into force, and imported long ago: still the edition in force.
    expect(stale({ ...hs2022, imported_at: "2023-01-01T00:00:00.000Z" })).toBe(false);
    expect(stale(hs2022, Date.parse("2028-01-02T00:00:00Z"))).toBe(false);
    expect(stale(hs2022, Date.parse("2028-01-04T00:00:00Z"))).toBe(true);
    expect(stale(imported("hs_codes_wco", "HS 2017", "2017-01-01T00:00:00.000Z"))).toBe(true);
    // An edition nobody stated counts as old.
    expect(stale(imported("hs_codes_wco", null, null))).toBe(true);
  });

  it("an EU CN year is current for that calendar year (plus the margin)", () => {
    const cn2026 = imported("hs_codes_eu", "CN 2026", "2026-01-01T00:00:00.000Z");
    expect(stale(cn2026)).toBe(false);
    expect(stale(cn2026, Date.parse("2027-01-02T00:00:00Z"))).toBe(false);
    expect(stale(cn2026, Date.parse("2027-01-04T00:00:00Z"))).toBe(true);
    expect(stale(imported("hs_codes_eu", "CN 2025 + TARIC 2025-06", null))).toBe(true);
  });

  it("a national schedule and UN/LOCODE age from their publication date; an unknown date counts as old", () => {
    const days = (n: number) => new Date(now - n * DAY).toISOString();
    for (const table of ["hs_codes_us", "hs_codes_uk", "hs_codes_in", "port_codes"] as const) {
      // Imported today: the import does not make it current.
      expect(stale(imported(table, "v", days(92)))).toBe(false);
      expect(stale(imported(table, "v", days(94)))).toBe(true);
      expect(stale(imported(table, "v", null))).toBe(true);
      // A refresh that found the downloaded source unchanged confirms it; after a folder import it does not.
      const confirmed = { ...imported(table, "v", days(200)), last_checked_at: days(1) };
      expect(stale({ ...confirmed, from_download: true })).toBe(false);
      expect(stale({ ...confirmed, from_download: false })).toBe(true);
    }
  });

  it("the ISO lists age from the last import or unchanged check (their files state no date)", () => {
    expect(stale(imported("countries", null, null))).toBe(false);
    expect(stale({ ...imported("currencies", null, null), imported_at: new Date(now - 100 * DAY).toISOString() })).toBe(true);
  });

  it("reads the publisher's date from what the data states, rounded down, never newer than it is", () => {
    expect(statedPublicationDate("hs_codes_wco", "HS 2022")).toBe("2022-01-01T00:00:00.000Z");
    expect(statedPublicationDate("hs_codes_eu", "CN 2026")).toBe("2026-01-01T00:00:00.000Z");
    expect(statedPublicationDate("hs_codes_us", "HTS 2026 Revision 10")).toBe("2026-01-01T00:00:00.000Z");
    expect(statedPublicationDate("port_codes", "UN/LOCODE 2025-1")).toBe("2025-01-01T00:00:00.000Z");
    expect(statedPublicationDate("port_codes", "UN/LOCODE 2025-2")).toBe("2025-07-01T00:00:00.000Z");
    expect(statedPublicationDate("hs_codes_in", "2025-05")).toBe("2025-05-01T00:00:00.000Z");
    expect(statedPublicationDate("hs_codes_uk", "UK Tariff v4.0.1205")).toBeNull();
    expect(statedPublicationDate("hs_codes_in", null)).toBeNull();
  });
});
