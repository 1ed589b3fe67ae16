// npm run einvoice:check -- [--rules <schematron.xslt>]... [--xsd <CrossIndustryInvoice_100pD16B.xsd>] [--out <dir>] [file.xml|file.pdf ...]
//
// Checks e-invoices the way an auditor would, with the standard's own artefacts: the CII D16B schema with
// xmllint, and each given rule file (CEN's EN16931-CII-validation.xslt, an XSLT 2.0 compilation of the
// Schematron) with Saxon-HE (apt libsaxonhe-java). Without files it checks what the service generates: the
// CII of the test cases (domestic, intra-EU, export, foreign currency; commercial and proforma), written to
// --out. Prints each failed assert (id, flag, text); exits 1 when the schema fails or a fatal assert fires.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { mapShipmentToEInvoice } from "../shared/einvoice/map-shipment.ts";
import { writeCii } from "../shared/einvoice/write-cii.ts";
import { CASES, ISSUE_DATE } from "./einvoice-cases.ts";

export const SAXON_JAR = process.env.SAXON_JAR ?? "/usr/share/java/Saxon-HE.jar";
const DEFAULT_XSD = "../shared/data/einvoice/cen-en16931-1.3.16/cii/schema/D16B/CrossIndustryInvoice_100pD16B.xsd";

export interface FailedAssert {
  id: string;
  flag: string;
  text: string;
}

/** The failed asserts of an SVRL report (svrl:failed-assert with its id, flag and text). */
export function failedAsserts(svrl: string): FailedAssert[] {
  const out: FailedAssert[] = [];
  for (const m of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(m[1])?.[1] ?? "";
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2])?.[1] ?? "";
    out.push({ id: attr("id"), flag: attr("flag") || "fatal", text: text.replace(/\s+/g, " ").trim() });
  }
  return out;
}

/** Runs a compiled Schematron (XSLT 2.0) on one XML file with Saxon-HE; returns the SVRL report. */
export function runSchematron(xslt: string, xml: string): string {
  const r = spawnSync("java", ["-cp", SAXON_JAR, "net.sf.saxon.Transform", `-s:${xml}`, `-xsl:${xslt}`], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.error || r.status !== 0) throw new Error(`Saxon failed on ${xml} with ${xslt}: ${r.error?.message ?? r.stderr}`);
  return r.stdout;
}

/** xmllint --schema: the errors, [] when the file validates. */
export function schemaErrors(xsd: string, xml: string): string[] {
  const r = spawnSync("xmllint", ["--noout", "--schema", xsd, xml], { encoding: "utf8" });
  if (r.error) throw new Error(`xmllint: ${r.error.message} (apt-get install -y libxml2-utils)`);
  return r.status === 0 ? [] : r.stderr.split("\n").filter((l) => l.trim() !== "" && !l.endsWith("fails to validate"));
}

/** The CII of a Factur-X PDF (its factur-x.xml), written beside the other files. */
function xmlOfPdf(pdf: string, dir: string): string {
  const file = join(dir, `${basename(pdf, ".pdf")}.factur-x.xml`);
  writeFileSync(file, execFileSync("qpdf", ["--show-attachment=factur-x.xml", pdf]));
  return file;
}

function generatedCases(dir: string): string[] {
  const files: string[] = [];
  for (const [name, c] of Object.entries(CASES)) {
    for (const kind of ["commercial", "proforma"] as const) {
      const shipment = c.shipment() as Record<string, unknown>;
      shipment.proforma_data = { proforma_number: "PF/2025/03/0042", payment_terms: "100 % in advance" };
      const m = mapShipmentToEInvoice(shipment, { kind, issueDate: ISSUE_DATE });
      if (!m.applicable || !m.invoice) throw new Error(`case ${name} (${kind}) is not an e-invoice`);
      const file = join(dir, `${name.replace(/\W+/g, "-")}-${kind}.cii.xml`);
      writeFileSync(file, writeCii(m.invoice));
      files.push(file);
    }
  }
  return files;
}

function main(): number {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { rules: { type: "string", multiple: true }, xsd: { type: "string" }, out: { type: "string" } },
  });
  const xsd = resolve(values.xsd ?? DEFAULT_XSD);
  if (!existsSync(xsd)) throw new Error(`CII schema not found at ${xsd}: pass --xsd`);
  const rules = (values.rules ?? []).map((r) => resolve(r));
  for (const r of rules) if (!existsSync(r)) throw new Error(`rule file not found: ${r}`);
  if (rules.length > 0 && !existsSync(SAXON_JAR))
    throw new Error(`Saxon-HE not found at ${SAXON_JAR} (apt-get install -y libsaxonhe-java)`);
  const dir = values.out ? resolve(values.out) : mkdtempSync(join(tmpdir(), "tds-einvoice-"));
  mkdirSync(dir, { recursive: true });
  const files =
    positionals.length > 0
      ? positionals.map((f) => (f.toLowerCase().endsWith(".pdf") ? xmlOfPdf(resolve(f), dir) : resolve(f)))
      : generatedCases(dir);

  let failed = 0;
  for (const file of files) {
    const problems: string[] = schemaErrors(xsd, file).map((e) => `schema: ${e}`);
    for (const r of rules) {
      for (const a of failedAsserts(runSchematron(r, file))) {
        if (a.flag === "fatal" || a.flag === "error") problems.push(`${a.id} (${a.flag}): ${a.text}`);
        else console.log(`  note ${basename(file)}: ${a.id} (${a.flag}): ${a.text}`);
      }
    }
    console.log(
      `${problems.length === 0 ? "ok  " : "FAIL"} ${file}${rules.length === 0 ? " (schema only: pass --rules for the business rules)" : ""}`,
    );
    for (const p of problems) console.log(`  ${p}`);
    if (problems.length > 0) failed++;
  }
  console.log(`${files.length - failed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  try {
    process.exitCode = main();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 2;
  }
}
