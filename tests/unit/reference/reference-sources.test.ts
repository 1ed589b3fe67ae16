/**
 * The registry of reference sources (shared/reference/sources/registry.ts): each descriptor names a table
 * that a migration creates, and what the refresh and the folder import read from it is complete.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveTables } from "../../../shared/reference/refresh/refresh-reference-data.ts";
import { REFERENCE_SOURCES, REFRESHABLE_TABLES } from "../../../shared/reference/sources/registry.ts";
import { tablesOfDisplayList } from "../../../shared/screening/lists/screening-tables.ts";

const MIGRATIONS = join(import.meta.dirname, "../../../supabase/migrations");

function createdTables(): Set<string> {
  const sql = readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith(".sql"))
    .map((f) => readFileSync(join(MIGRATIONS, f), "utf8"))
    .join("\n");
  return new Set([...sql.matchAll(/create\s+table\s+(?:if\s+not\s+exists\s+)?(?:public\.)?"?(\w+)"?/gi)].map((m) => m[1].toLowerCase()));
}

describe("reference sources", () => {
  it("each descriptor's table is created by a migration in supabase/migrations", () => {
    const tables = createdTables();
    expect(REFERENCE_SOURCES.map((s) => s.table).filter((t) => !tables.has(t))).toEqual([]);
  });

  it("a table has one descriptor; each names its files, interval, plausible size and age rule", () => {
    expect(new Set(REFRESHABLE_TABLES).size).toBe(REFERENCE_SOURCES.length);
    for (const s of REFERENCE_SOURCES) {
      expect(s.files.length, s.table).toBeGreaterThan(0);
      expect(s.files[0].optional ?? false, `${s.table}: its first file is required`).toBe(false);
      expect(new Set(s.files.map((f) => f.key)).size, `${s.table}: file keys are unique`).toBe(s.files.length);
      for (const f of s.files) expect(f.url, `${s.table} ${f.key}`).toMatch(/^https:\/\//);
      expect(s.intervalDays, s.table).toBeGreaterThan(0);
      expect(s.minRows, s.table).toBeGreaterThan(0);
      expect(["publication", "edition", "confirmation"], s.table).toContain(s.age.from);
      // An edition's age is told by when the next one enters into force.
      expect(s.age.from === "edition", s.table).toBe(s.age.nextEditionInForce !== undefined);
    }
  });

  it("an empty folder holds no source's files", () => {
    expect(REFERENCE_SOURCES.filter((s) => s.find([]) !== null).map((s) => s.table)).toEqual([]);
  });

  it("a table's label and names are its descriptor's alone: one label per table, no name of two tables", () => {
    const labels = REFERENCE_SOURCES.map((s) => s.label);
    expect(new Set(labels).size).toBe(labels.length);
    const tablesOf = new Map<string, Set<string>>();
    for (const s of REFERENCE_SOURCES)
      for (const name of [...(s.aliases ?? []), ...(s.group.kind === "screening" ? [s.group.list] : [])])
        tablesOf.set(name, new Set([...(tablesOf.get(name) ?? []), s.table]));
    expect([...tablesOf].filter(([, tables]) => tables.size > 1)).toEqual([]);
  });

  it("reference:refresh --only takes the groups and the sources' aliases the descriptors state", () => {
    expect(resolveTables(["sanctions"])).toEqual(["sanctions_ofac", "sanctions_un", "sanctions_eu", "sanctions_uk", "sanctions_us_csl"]);
    expect(resolveTables(["hs"])).toEqual(["hs_codes_wco", "hs_codes_us", "hs_codes_eu", "hs_codes_uk", "hs_codes_in"]);
    expect(resolveTables(["tariffs"])).toEqual(["hs_codes_us", "hs_codes_eu", "hs_codes_uk", "hs_codes_in"]);
    expect(resolveTables(["ofac", "ports", "unlocode", "wco"])).toEqual(["hs_codes_wco", "port_codes", "sanctions_ofac"]);
    expect(() => resolveTables(["nope"])).toThrow(/\(or sanctions, hs, tariffs, wco, ports, unlocode, ofac\)/);
  });

  it("a screening listing counts for the tables that carry its display list", () => {
    expect(tablesOfDisplayList("OFAC SDN")).toEqual(["sanctions_ofac", "sanctions_us_csl"]);
    expect(tablesOfDisplayList("UN")).toEqual(["sanctions_un"]);
    expect(tablesOfDisplayList("EU")).toEqual(["sanctions_eu"]);
    expect(tablesOfDisplayList("UK other measures")).toEqual(["sanctions_uk"]);
    expect(tablesOfDisplayList("Entity List (EL) - Bureau of Industry and Security")).toEqual(["sanctions_us_csl"]);
  });
});
