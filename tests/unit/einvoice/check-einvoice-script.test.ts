/**
 * scripts/check-einvoice.ts, the check that runs CEN's rule files apart from the project: its schema pass
 * over every generated case, and its Schematron pass through Saxon-HE (apt libsaxonhe-java) — exercised
 * here with a small XSLT 2.0 stylesheet in the SVRL shape CEN's compiled rules have (written for this test;
 * CEN's files themselves are not part of the project).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { failedAsserts, runSchematron, SAXON_JAR } from "../../../scripts/check-einvoice.ts";
import { hasCiiXsd } from "../../support/einvoice-checks.ts";
import { sharedDataName } from "../../support/shared-data.ts";

const dir = mkdtempSync(join(tmpdir(), "tds-einvoice-check-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// XPath 2.0 only (every … satisfies, xs:decimal, sum over a sequence): an XSLT 1.0 processor cannot run it.
const RULES = `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="2.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:svrl="http://purl.oclc.org/dsdl/svrl" xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">
  <xsl:template match="/">
    <svrl:schematron-output>
      <xsl:variable name="s" select="//ram:SpecifiedTradeSettlementHeaderMonetarySummation"/>
      <xsl:if test="not(xs:decimal($s/ram:LineTotalAmount) = sum(for $l in //ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount return xs:decimal($l)))">
        <svrl:failed-assert id="T-SUM" flag="fatal"><svrl:text>[T-SUM] line total is the sum of the lines</svrl:text></svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(every $t in //ram:ApplicableTradeTax satisfies $t/ram:CategoryCode)">
        <svrl:failed-assert id="T-CAT" flag="warning"><svrl:text>[T-CAT] every tax has a category</svrl:text></svrl:failed-assert>
      </xsl:if>
    </svrl:schematron-output>
  </xsl:template>
</xsl:stylesheet>`;

function script(args: string[]) {
  return spawnSync("npx", ["tsx", "scripts/check-einvoice.ts", ...args], { encoding: "utf8", cwd: join(import.meta.dirname, "../../..") });
}

// The script's schema pass reads CEN's CII D16B schema from ../shared/data (its default --xsd), and the
// Schematron test runs on the cases that pass writes.
describe.runIf(hasCiiXsd)(sharedDataName("npm run einvoice:check", hasCiiXsd), () => {
  it("checks the CII of every generated case (commercial and proforma) against the D16B schema", () => {
    const r = script(["--out", join(dir, "cases")]);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain("10 passed, 0 failed");
  }, 60_000);

  it("runs an XSLT 2.0 rule file with Saxon-HE: no failed assert on a generated invoice, the rule's id when a value is broken", () => {
    expect(spawnSync("sh", ["-c", `test -f ${SAXON_JAR}`]).status, `${SAXON_JAR} missing — apt-get install -y libsaxonhe-java`).toBe(0);
    const rules = join(dir, "rules.xslt");
    writeFileSync(rules, RULES);
    const good = join(dir, "cases", "intra-EU-commercial.cii.xml");
    expect(failedAsserts(runSchematron(rules, good))).toEqual([]);
    const broken = join(dir, "broken.xml");
    writeFileSync(
      broken,
      readFileSync(good, "utf8").replace(
        "<ram:LineTotalAmount>18000.00</ram:LineTotalAmount>",
        "<ram:LineTotalAmount>18000.01</ram:LineTotalAmount>",
      ),
    );
    expect(failedAsserts(runSchematron(rules, broken))).toEqual([
      { id: "T-SUM", flag: "fatal", text: "[T-SUM] line total is the sum of the lines" },
    ]);
    const r = script(["--rules", rules, good, broken]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("T-SUM (fatal)");
    expect(r.stdout).toContain("1 passed, 1 failed");
  }, 60_000);
});
