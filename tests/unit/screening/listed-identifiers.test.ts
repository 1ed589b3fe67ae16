/**
 * The identifiers rule (issue 37 item 3): a fuzzy name match whose entry states identifiers, none of them
 * the party's tax ids, is a possible match (warning); a matching identifier keeps the match as severe as
 * its listing even where the entry states other countries; an exact name match stays as severe as its
 * listing. Parties carry no birth date field, so birth dates are not compared.
 */
import { describe, expect, it } from "vitest";
import { compareIdentifiers, normaliseIdentifier, partyIdentifierValues } from "../../../shared/rules/checks/listed-identifiers.ts";
import { statedIdentifiers } from "../../../shared/screening/lists/read-screening-entries.ts";
import { runValidation } from "../../../shared/rules/run-validation.ts";
import type { SanctionsMatch } from "../../../shared/rules/reference-facts.ts";
import { baseline, factsFor, variant } from "../rules/fixtures.ts";

describe("identifiers an entry states against the party's tax ids", () => {
  it("reads every string of tax_ids, letters and digits only, upper case; short values are no identifier", () => {
    expect(partyIdentifierValues({ eori: "de 123.456-789", ein: "12-3456789", note: 5, pan: "N/A" })).toEqual(["DE123456789", "123456789"]);
    expect(partyIdentifierValues(undefined)).toEqual([]);
    expect(partyIdentifierValues(["DE123456789"])).toEqual([]);
    expect(normaliseIdentifier(" ab-12 34 ")).toBe("AB1234");
  });

  it("same when a stated number is one of the party's, with or without a country prefix", () => {
    expect(compareIdentifiers(["7736640919"], ["RU7736640919"])).toBe("same");
    expect(compareIdentifiers(["DE 123456789"], ["DE123456789"])).toBe("same");
    expect(compareIdentifiers(["K475336", "28940000602"], ["28940000602"])).toBe("same");
  });

  it("different when both sides state numbers and none agrees; unknown when either states none", () => {
    expect(compareIdentifiers(["7736640919"], ["DE123456789"])).toBe("different");
    expect(compareIdentifiers(undefined, ["DE123456789"])).toBe("unknown");
    expect(compareIdentifiers(["7736640919"], [])).toBe("unknown");
    // "0" or "N/A" in a list's id field is no identifier.
    expect(compareIdentifiers(["0", "N/A"], ["DE123456789"])).toBe("unknown");
  });

  it("reads the numbers the importers store, leaving out a person's documents (never a trading party's tax id)", () => {
    expect(
      statedIdentifiers({
        ids: [
          { number: "QA, 28940000602, National ID No." },
          { number: "JO, 2014-08-30, 2009-08-31, K475336, Passport" },
          { number: "RU, 7736640919, Tax ID No." },
          { number: "Male, Gender" },
          { number: "Subject to Secondary Sanctions, Additional Sanctions Information -" },
          { number: "US, 27-0746046, Company Number" },
        ],
      }),
    ).toEqual(["7736640919", "27-0746046"]);
    expect(
      statedIdentifiers({
        ids: [
          { type: "Registration Number", number: "1027700132195" },
          { type: "National passport", number: "A1234567" },
          { type: "National Identification\n    Number", number: "123456789" },
          { type: "Registration Number", number: "1027700132195" },
          { number: "" },
        ],
      }),
    ).toEqual(["1027700132195"]);
    expect(statedIdentifiers(null)).toEqual([]);
  });
});

describe("the sanctions rule with identifiers", () => {
  const match = (over: Partial<SanctionsMatch>): SanctionsMatch => ({
    uid: "EU.1.1",
    entry_id: "EU.1.1",
    name: "MULLER HANDELS GMBH",
    matched_name: "MULLER HANDELS GMBH",
    program: "RUS",
    score: 0.93,
    list: "EU",
    effect: "asset_freeze",
    severity: "error",
    effect_words: "asset freeze",
    entry_hash: "h",
    ...over,
  });
  const finding = (m: SanctionsMatch, taxIds: Record<string, string> | undefined) => {
    const shipment = variant(baseline(), (s) => {
      s.importer.tax_ids = taxIds;
    });
    const name = shipment.importer.name as string;
    const facts = factsFor(shipment);
    facts.sanctions.set(name, m);
    return runValidation(shipment, { facts }).results.find((r) => r.rule_id === "rule_sanctions_importer");
  };

  it("a fuzzy match whose entry's identifiers all differ from the party's is a possible match (warning)", () => {
    const r = finding(match({ ids: ["7736640919"] }), { eori: "DE123456789" });
    expect(r).toMatchObject({ severity: "warning", context: { possible_match: true, entry_identifiers: ["7736640919"] } });
    expect(r?.message).toContain("none of them the party's tax ids: a possible match");
  });

  it("a matching identifier keeps it an error, even where the entry states only other countries", () => {
    const r = finding(match({ ids: ["DE123456789"], countries: ["RU"] }), { eori: "DE123456789" });
    expect(r).toMatchObject({ severity: "error", context: { identifier_match: true } });
    expect(r?.context).not.toHaveProperty("possible_match");
  });

  it("an exact name match stays as severe as its listing whatever the identifiers; no ids on either side changes nothing", () => {
    expect(finding(match({ score: 1, ids: ["7736640919"] }), { eori: "DE123456789" })?.severity).toBe("error");
    expect(finding(match({ ids: ["7736640919"] }), undefined)?.severity).toBe("error");
    expect(finding(match({}), { eori: "DE123456789" })?.severity).toBe("error");
  });
});
