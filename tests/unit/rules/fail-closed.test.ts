/**
 * Fail closed (issue 26): a rule whose reference table is empty never passes. The sanctions rules give an
 * error ("the sanctions list is not loaded: the exporter could not be screened"), so valid is false; every
 * other table-dependent rule gives a warning naming the table and how to load it. One case per rule family.
 */
import { describe, expect, it } from "vitest";
import { runValidation } from "../../../shared/rules/run-validation.ts";
import { checksNotRun } from "../../../shared/rules/checks-not-run.ts";
import type { ReferenceFacts } from "../../../shared/rules/reference-facts.ts";
import { baseline, factsFor, usShipment, variant } from "./fixtures.ts";

type Flag = keyof ReferenceFacts["loaded"];

/** The facts of a fully loaded database for this shipment, with one table emptied. */
function without(shipment: unknown, flag: Flag, loading = false): ReferenceFacts {
  const facts = factsFor(shipment);
  facts.loaded[flag] = false;
  if (flag === "sanctions") facts.sanctions = new Map();
  if (flag === "ports") facts.ports = new Map();
  if (flag === "countries") facts.countries = new Set();
  if (flag === "currencies") facts.currencies = new Set();
  if (flag === "us" || flag === "eu" || flag === "uk" || flag === "in" || flag === "wco") facts.hsCodes[flag] = new Set();
  const table: Record<Flag, string> = {
    sanctions: "sanctions_ofac",
    ports: "port_codes",
    countries: "countries",
    currencies: "currencies",
    us: "hs_codes_us",
    eu: "hs_codes_eu",
    uk: "hs_codes_uk",
    in: "hs_codes_in",
    wco: "hs_codes_wco",
  };
  if (loading) facts.loading = [table[flag]];
  return facts;
}

describe("fail closed on an empty reference table", () => {
  it("the baseline passes with every table loaded (the cases below differ by one table)", () => {
    expect(runValidation(baseline(), { facts: factsFor(baseline()) }).results).toEqual([]);
    expect(runValidation(usShipment(), { facts: factsFor(usShipment()) }).results).toEqual([]);
  });

  it("sanctions: an error per party, so valid is false, and the message says the party could not be screened", () => {
    const o = runValidation(baseline(), { facts: without(baseline(), "sanctions") });
    expect(o.valid).toBe(false);
    const sanctions = o.results.filter((r) => r.category === "Sanctions");
    expect(sanctions.map((r) => [r.rule_id, r.severity, r.field])).toEqual([
      ["rule_sanctions_exporter", "error", "exporter.name"],
      ["rule_sanctions_importer", "error", "importer.name"],
      ["rule_sanctions_notify_party", "error", "notify_party.name"],
    ]);
    expect(sanctions[0].message).toMatch(/^The sanctions list is not loaded: the exporter could not be screened\./);
    expect(sanctions[1].message).toMatch(/^The sanctions list is not loaded: the importer could not be screened\./);
    expect(sanctions[0].message).toContain("npm run reference:refresh -- --only sanctions");
    expect(sanctions[0].context).toMatchObject({ table: "sanctions_ofac", not_checked: true });
    expect(checksNotRun(o.results)).toEqual([
      { table: "sanctions_ofac", rule_ids: ["rule_sanctions_exporter", "rule_sanctions_importer", "rule_sanctions_notify_party"] },
    ]);
  });

  it("sanctions: a list still loading says so, and is still an error", () => {
    const o = runValidation(baseline(), { facts: without(baseline(), "sanctions", true) });
    expect(o.valid).toBe(false);
    expect(o.results[0].message).toMatch(/^The sanctions list is still loading .*: the exporter could not be screened\./);
  });

  it("sanctions: every bound list that is empty or loading is named, with how to load it, in one error per party", () => {
    const facts = factsFor(baseline());
    const list = (table: string, label: string, loaded: boolean, loading = false) => ({ table, label, loaded, loading, required: true });
    facts.screeningLists = [
      list("sanctions_ofac", "OFAC SDN and non-SDN lists", true),
      list("sanctions_un", "UN Security Council Consolidated List", false),
      list("sanctions_eu", "EU consolidated financial sanctions list", false, true),
    ];
    const o = runValidation(baseline(), { facts });
    expect(o.valid).toBe(false);
    const sanctions = o.results.filter((r) => r.category === "Sanctions");
    expect(sanctions.map((r) => r.rule_id)).toEqual(["rule_sanctions_exporter", "rule_sanctions_importer", "rule_sanctions_notify_party"]);
    expect(sanctions[0].message).toMatch(/^The sanctions lists are not loaded: the exporter could not be screened\./);
    expect(sanctions[0].message).toContain(
      "UN Security Council Consolidated List (sanctions_un), EU consolidated financial sanctions list (sanctions_eu, loading)",
    );
    expect(sanctions[0].message).toContain("npm run reference:refresh -- --only sanctions_un");
    expect(sanctions[0].message).not.toContain("--only sanctions_eu");
    expect(sanctions[0].context).toMatchObject({
      table: "sanctions_un",
      tables: ["sanctions_un", "sanctions_eu"],
      not_checked: true,
      loading: false,
    });
    const ids = ["rule_sanctions_exporter", "rule_sanctions_importer", "rule_sanctions_notify_party"];
    expect(checksNotRun(o.results)).toEqual([
      { table: "sanctions_eu", rule_ids: ids },
      { table: "sanctions_un", rule_ids: ids },
    ]);
    // A deployment not bound by the empty lists (they are not in screeningLists) screens as usual.
    facts.screeningLists = [list("sanctions_ofac", "OFAC SDN and non-SDN lists", true)];
    expect(runValidation(baseline(), { facts }).results).toEqual([]);
  });

  it("sanctions: a name the screening did not answer is an error too", () => {
    const facts = factsFor(baseline());
    facts.sanctions.delete("Hanse Wohnen GmbH");
    const o = runValidation(baseline(), { facts });
    expect(o.valid).toBe(false);
    expect(o.results).toMatchObject([{ rule_id: "rule_sanctions_importer", severity: "error", field: "importer.name" }]);
  });

  const warningCases: Array<[string, Flag, () => unknown, string[]]> = [
    ["ports", "ports", baseline, ["rule_port_of_discharge_valid", "rule_port_of_loading_valid"]],
    ["countries", "countries", baseline, ["rule_eu_eori_format", "rule_format_iso_country"]],
    ["currencies", "currencies", baseline, ["rule_currency_required"]],
    ["EU tariff", "eu", baseline, ["rule_hs_code_eu"]],
    ["US tariff", "us", usShipment, ["rule_hs_code_us"]],
  ];
  for (const [family, flag, make, rules] of warningCases) {
    it(`${family}: a warning naming the table and how to load it; valid stays true`, () => {
      const shipment = make();
      const o = runValidation(shipment, { facts: without(shipment, flag) });
      expect(o.valid).toBe(true);
      expect([...new Set(o.results.map((r) => r.rule_id))].sort()).toEqual(rules);
      for (const r of o.results) {
        expect(r.severity).toBe("warning");
        expect(r.message).toMatch(/Reference table .* \((\w+)\) is not loaded, so .* could not be checked\./);
        expect(r.message).toContain(`npm run reference:refresh -- --only ${r.context?.table}`);
        expect(r.message).toContain("npm run reference:import -- --dir <folder>");
      }
      expect(o.score).toBeLessThan(100);
      expect(
        checksNotRun(o.results)
          .flatMap((c) => c.rule_ids)
          .sort(),
      ).toEqual(rules);
    });
  }

  it("a table still loading says so instead of how to load it", () => {
    const o = runValidation(baseline(), { facts: without(baseline(), "ports", true) });
    expect(o.results[0].message).toMatch(/is still loading \(its download from the publisher is in progress\)/);
    expect(o.results[0].context).toMatchObject({ table: "port_codes", loading: true });
  });

  it("a multimodal bill of lading without the port list warns that the sea leg could not be checked", () => {
    const s = variant(baseline(), (x) => (x.route.transport_mode = "multimodal"));
    const o = runValidation(s, { facts: without(s, "ports"), documentTypes: ["BILL_OF_LADING"] });
    expect(o.results.filter((r) => r.rule_id === "rule_doc_bl_sea_only")).toMatchObject([{ severity: "warning" }]);
  });
});
