import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { hsCodeDigits, HsCodeSchema, normaliseHsCode, parseHsCode } from "../../../shared/trade/hs-code.ts";
import { LocodeSchema, normaliseLocode, parseLocode } from "../../../shared/trade/locode.ts";
import { parseCodeQuery } from "../../../shared/hs-codes/normalize.ts";
import { collectReferenceAsk } from "../../../shared/rules/reference-ask.ts";
import { findHsCode, findLocode } from "../../../shared/extraction/extractors/builtin/normalize-values.ts";
import { tariffCodeDigits } from "../../../shared/reference/importers/text.ts";
import { validate, variant, baseline, factsFor } from "../rules/fixtures.ts";
import { runValidation } from "../../../shared/rules/run-validation.ts";

const ruleIds = (outcome: { results: { rule_id: string }[] }) => outcome.results.map((r) => r.rule_id);

describe("HS codes: one set of accepted forms (docs/trade-codes.md)", () => {
  it.each([
    ["847130", "847130"],
    ["8471.30", "847130"],
    ["8471-30", "847130"],
    ["8471 30 01 00", "8471300100"],
    ["84713001-00", "8471300100"],
    [" 8471.30.01.00 ", "8471300100"],
  ])("%j is %s everywhere", (raw, digits) => {
    expect(hsCodeDigits(raw)).toBe(digits);
    // search, table lookups, importers and validation read it the same way
    expect(parseCodeQuery(raw)).toBe(digits);
    expect(normaliseHsCode(raw)).toBe(digits);
    expect(tariffCodeDigits(raw)).toBe(digits);
    expect(parseHsCode(raw)).toMatchObject({ digits, wellFormed: true });
    expect(HsCodeSchema.parse(raw)).toBe(digits);
    const shipment = variant(baseline(), (s) => (s.goods.line_items[0].hs_code = raw));
    expect(ruleIds(validate(shipment))).not.toContain("rule_hs_code_format");
  });

  it.each(["8471/30", "8471,30", "HS 847130", "-847130", "8471.3O", ""])("%j is not an HS code anywhere", (raw) => {
    expect(hsCodeDigits(raw)).toBeNull();
    expect(parseCodeQuery(raw)).toBeNull();
    expect(normaliseHsCode(raw)).toBeNull();
    expect(parseHsCode(raw).digits).toBeUndefined();
    expect(HsCodeSchema.safeParse(raw).success).toBe(false);
  });

  it("search and validation agree on every string (property)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9 .\-/a-zA-Z]{0,14}$/), (raw) => {
        const query = parseCodeQuery(raw);
        const parsed = parseHsCode(raw);
        if (parsed.wellFormed) expect(query).toBe(parsed.digits);
        if (query !== null && query.length >= 6) expect(parsed).toMatchObject({ digits: query, wellFormed: true });
        if (query === null && raw.trim() !== "" && /\d/.test(raw)) expect(parsed.wellFormed).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it("extraction finds codes in the same forms", () => {
    expect(findHsCode("Tariff no. 8471-30-00 computers")).toBe("84713000");
    expect(findHsCode("HS 7318.15.00")).toBe("73181500");
  });

  it("validation asks the reference tables for a hyphenated code", () => {
    const shipment = variant(
      baseline(),
      (s) => ((s.route.destination_country = "IN"), (s.importer.country = "IN"), (s.goods.line_items[0].hs_code = "8471-30-10")),
    );
    expect(collectReferenceAsk(shipment).hsCodes.in).toEqual(["84713010"]);
  });
});

describe("UN/LOCODEs: one set of accepted forms (docs/trade-codes.md)", () => {
  it.each([
    ["DEHAM", "DEHAM"],
    ["de ham", "DEHAM"],
    ["DE-HAM", "DEHAM"],
    [" deham ", "DEHAM"],
    // in the code list (release 2025-1) although UNECE assigns new location codes from 2-9 only
    ["DEB90", "DEB90"],
    ["IT940", "IT940"],
  ])("%j is %s everywhere", (raw, code) => {
    expect(normaliseLocode(raw)).toBe(code);
    expect(LocodeSchema.parse(raw)).toBe(code);
    const shipment = variant(baseline(), (s) => (s.route.port_of_loading = raw));
    expect(collectReferenceAsk(shipment).ports).toContain(code);
    const facts = factsFor(shipment, [], {});
    const outcome = runValidation(shipment, { facts, documentTypes: [] });
    const portResults = outcome.results.filter((r) => r.rule_id === "rule_port_of_loading_valid");
    expect(
      portResults.every((r) => !r.message.includes("not a UN/LOCODE")),
      JSON.stringify(portResults),
    ).toBe(true);
  });

  it.each(["DEHA", "DEHAMB", "D1HAM", "DE_HAM", "DE  HAM", "DEHA!"])("%j is not a UN/LOCODE anywhere", (raw) => {
    expect(parseLocode(raw)).toBeNull();
    expect(LocodeSchema.safeParse(raw).success).toBe(false);
  });

  it("extraction reads a location code with 0 like the rules do", () => {
    expect(findLocode("Port of loading: DE B90 (Brandscheid)")).toBe("DEB90");
    expect(findLocode("Loading: (DE-HAM)")).toBe("DEHAM");
  });
});
