import { describe, expect, it } from "vitest";
import { renderRulesDoc } from "../../../shared/rules/rules-doc.ts";
import { RULES } from "../../../shared/rules/rule-table.ts";

// Freshness of docs/rules.md is checked with the other generated files (tests/unit/generated-files.test.ts).
describe("docs/rules.md", () => {
  it("lists every rule and the score formula", () => {
    const doc = renderRulesDoc();
    for (const r of RULES) expect(doc).toContain(`\`${r.id}\``);
    expect(doc).toMatch(/score/);
  });
});
