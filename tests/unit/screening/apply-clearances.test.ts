import { describe, expect, it } from "vitest";
import {
  applyClearances,
  clearancesApplied,
  findingListings,
  hasScreeningMatch,
  latestDecisions,
  type ReviewForClearance,
} from "../../../shared/screening/reviews/apply-clearances.ts";
import { normaliseReviewName } from "../../../shared/screening/reviews/review-keys.ts";
import type { RuleResult } from "../../../shared/rules/rule-types.ts";
import { computeValidationHash } from "../../../shared/hashing/validation-hash.ts";

const H1 = "a".repeat(64);
const H2 = "b".repeat(64);
const shipment = { exporter: { name: "Acme Trading Ltd." }, importer: { name: "Blue Sea LLC" } };

function match(
  field: string,
  lists: { list: string; entry_id: string; entry_hash: string }[],
  severity: "error" | "warning" = "error",
): RuleResult {
  return {
    rule_id: field.startsWith("exporter") ? "rule_sanctions_exporter" : "rule_sanctions_importer",
    category: "Sanctions",
    severity,
    field,
    message: "matches a listed party",
    context: { ...lists[0], program: "SDGT", effect: "asset_freeze", name: "ACME", matched_name: "ACME", score: 0.95, lists },
  };
}

let seq = 0;
function review(over: Partial<ReviewForClearance> = {}): ReviewForClearance {
  seq++;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    party_name_normalised: "acme trading ltd",
    list: "OFAC SDN",
    entry_id: "123",
    entry_hash: H1,
    decision: "cleared",
    reason: "different registration number",
    decided_by: { kind: "member", id: "m1", label: "officer@example.com" },
    created_at: "2026-06-01T10:00:00.000Z",
    ...over,
  };
}

const opts = (now = "2026-12-01T00:00:00Z", validDays = 365) => ({
  now: new Date(now),
  validDays,
  partyNameOf: (r: RuleResult) =>
    r.field === "exporter.name" ? shipment.exporter.name : r.field === "importer.name" ? shipment.importer.name : undefined,
});

const sdn = [{ list: "OFAC SDN", entry_id: "123", entry_hash: H1 }];

describe("applyClearances", () => {
  it("a clearance on the same name (any case, punctuation), list, entry and hash turns the error into info naming who, when and why", () => {
    const out = applyClearances([match("exporter.name", sdn)], [review()], opts());
    expect(out.results[0].severity).toBe("info");
    expect(out.results[0].message).toContain("cleared by officer@example.com on 2026-06-01: different registration number");
    expect(out.results[0].context).toMatchObject({ cleared: true, clearances: [{ list: "OFAC SDN", entry_id: "123", entry_hash: H1 }] });
    expect(out.applied).toHaveLength(1);
    expect(clearancesApplied(out.results)).toEqual(out.applied);
    expect(normaliseReviewName("ACME  trading, LTD")).toBe("acme trading ltd");
  });

  it("re-opens when the entry changed (hash differs), when the party's name changed, and after the configured days", () => {
    const changed = applyClearances([match("exporter.name", [{ ...sdn[0], entry_hash: H2 }])], [review()], opts());
    expect(changed.results[0].severity).toBe("error");
    expect(changed.results[0].message).toContain("has changed since it was cleared");
    expect(changed.applied).toEqual([]);

    const otherName = applyClearances([match("exporter.name", sdn)], [review({ party_name_normalised: "acme trading gmbh" })], opts());
    expect(otherName.results[0].severity).toBe("error");

    const expired = applyClearances([match("exporter.name", sdn)], [review()], opts("2027-06-01T10:00:00Z"));
    expect(expired.results[0].severity).toBe("error");
    expect(expired.results[0].message).toContain("has expired");
    // A shorter period set by configuration.
    expect(applyClearances([match("exporter.name", sdn)], [review()], opts("2026-07-02T10:00:00Z", 30)).results[0].severity).toBe("error");
    expect(applyClearances([match("exporter.name", sdn)], [review()], opts("2026-06-20T10:00:00Z", 30)).results[0].severity).toBe("info");
  });

  it("confirmed stays an error, and the latest decision counts (a confirmation after a clearance re-opens it)", () => {
    const confirmed = applyClearances([match("exporter.name", sdn)], [review({ decision: "confirmed", reason: "same passport" })], opts());
    expect(confirmed.results[0].severity).toBe("error");
    expect(confirmed.results[0].message).toContain("match confirmed by officer@example.com on 2026-06-01: same passport");
    const later = review({ decision: "confirmed", created_at: "2026-07-01T00:00:00.000Z" });
    expect(applyClearances([match("exporter.name", sdn)], [review(), later], opts()).results[0].severity).toBe("error");
    const clearedAgain = review({ created_at: "2026-08-01T00:00:00.000Z" });
    expect(applyClearances([match("exporter.name", sdn)], [review(), later, clearedAgain], opts()).results[0].severity).toBe("info");
    expect(latestDecisions([later, clearedAgain]).size).toBe(1);
  });

  it("a finding with several listings is cleared only when every listing is", () => {
    const two = [...sdn, { list: "UN", entry_id: "QDe.1", entry_hash: H2 }];
    const one = applyClearances([match("exporter.name", two)], [review()], opts());
    expect(one.results[0].severity).toBe("error");
    const both = applyClearances(
      [match("exporter.name", two)],
      [review(), review({ list: "UN", entry_id: "QDe.1", entry_hash: H2 })],
      opts(),
    );
    expect(both.results[0].severity).toBe("info");
    expect(both.applied.map((c) => c.list)).toEqual(["OFAC SDN", "UN"]);
  });

  it("leaves other findings, other parties and warnings of other rules alone; a warning match can be cleared too", () => {
    const other: RuleResult = {
      rule_id: "rule_hs_code",
      category: "HS Code",
      severity: "error",
      field: "goods.line_items[0].hs_code",
      message: "x",
    };
    const out = applyClearances([other, match("importer.name", sdn), match("exporter.name", sdn, "warning")], [review()], opts());
    expect(out.results.map((r) => r.severity)).toEqual(["error", "error", "info"]);
    expect(findingListings(other)).toEqual([]);
    expect(hasScreeningMatch([other])).toBe(false);
    expect(hasScreeningMatch([match("exporter.name", sdn)])).toBe(true);
  });
});

describe("validation hash with clearances", () => {
  it("is unchanged without clearances and differs with them", async () => {
    const base = { shipment: { a: 1 }, gate: "g", ruleLibraryVersion: "1" };
    const plain = await computeValidationHash(base);
    expect(await computeValidationHash({ ...base, clearances: [] })).toBe(plain);
    const c = { review_id: "r1", party_name_normalised: "acme", list: "OFAC SDN", entry_id: "1", entry_hash: H1 };
    const cleared = await computeValidationHash({ ...base, clearances: [c] });
    expect(cleared).not.toBe(plain);
    expect(await computeValidationHash({ ...base, clearances: [{ ...c, entry_hash: H2 }] })).not.toBe(cleared);
  });
});
