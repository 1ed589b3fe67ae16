/**
 * npm run bench -- extraction-real — extraction quality on real invoices that other projects
 * published with their expected values (../shared/data/peers/extraction-dev, see its PROVENANCE.md):
 * precision, recall and calibration per field, for the full pipeline and for the page text alone
 * (embedded e-invoice reading off), so both readings stay visible.
 *
 * Options (after --): --extractor openai (uses OPENAI_BASE_URL / OPENAI_API_KEY / TDS_EXTRACTION_MODEL:
 * any OpenAI-compatible server, a local model server included), --json FILE (write every judged value),
 * --verbose (print each document's wrong and missing values).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../shared/runtime/config.ts";
import { flattenResultTree } from "../shared/extraction/extraction-result.ts";
import { terminateOcr } from "../shared/extraction/readers/ocr-reader.ts";
import { runExtraction } from "../shared/extraction/run-extraction.ts";
import { loadExpectedDocuments } from "./extraction-real/expected-values.ts";
import { type DocumentScore, scoreDocument, summarise, type Summary } from "./extraction-real/score.ts";
import { table } from "./support.ts";

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const verbose = args.includes("--verbose");
const DIR = process.env.TDS_EXTRACTION_PEERS_DIR ?? fileURLToPath(new URL("../../shared/data/peers/extraction-dev/", import.meta.url));
if (!existsSync(DIR)) {
  console.error(`extraction peers not found at ${DIR} (set TDS_EXTRACTION_PEERS_DIR)`);
  process.exit(2);
}
const docs = loadExpectedDocuments(DIR);
const extractor = (opt("extractor") as "builtin" | "openai" | undefined) ?? "builtin";

const pct = (v: number) => (Number.isNaN(v) ? "—" : `${(v * 100).toFixed(1)} %`);
const f2 = (v: number) => (Number.isNaN(v) ? "—" : v.toFixed(2));

// The model settings (OPENAI_*, TDS_EXTRACTION_MODEL) come from the environment, as for the service.
const configured = loadConfig().extraction;

async function measure(readEmbedded: boolean): Promise<{ scores: DocumentScore[]; failures: string[] }> {
  const config = { ...configured, extractor, readEmbedded };
  const scores: DocumentScore[] = [];
  const failures: string[] = [];
  for (const d of docs) {
    let flat = {};
    try {
      const outcome = await runExtraction(new Uint8Array(readFileSync(d.file)), d.kind, config);
      flat = flattenResultTree(outcome.result);
    } catch (e) {
      failures.push(`${d.name}: ${(e as Error).message}`);
    }
    const s = scoreDocument(d, flat);
    scores.push(s);
    if (verbose) {
      const wrong = s.judged.filter((j) => !j.right).map((j) => `${j.field}${j.extra ? " (extra row)" : ""} @${j.confidence}`);
      console.log(
        `${d.name}: ${s.judged.filter((j) => j.right).length} right; wrong: ${wrong.join(", ") || "—"}; missing: ${s.missing.join(", ") || "—"}`,
      );
    }
  }
  return { scores, failures };
}

function rows(label: string, s: Summary): (string | number)[] {
  return [
    label,
    s.expected,
    s.extracted,
    s.right,
    pct(s.precision),
    pct(s.recall),
    f2(s.meanConfidenceRight),
    f2(s.meanConfidenceWrong),
    f2(s.ece),
  ];
}

const FIELD_GROUPS: [string, (f: string) => boolean][] = [
  ["seller name", (f) => f === "exporter.name"],
  ["seller address (street, postcode, city)", (f) => /^exporter\.(address|postal_code|city)$/.test(f)],
  ["seller country", (f) => f === "exporter.country"],
  ["seller VAT id", (f) => f === "exporter.tax_ids.vat"],
  ["buyer name", (f) => f === "importer.name"],
  ["buyer address", (f) => /^importer\.(address|postal_code|city)$/.test(f)],
  ["buyer country", (f) => f === "importer.country"],
  ["buyer VAT id", (f) => f === "importer.tax_ids.vat"],
  ["currency", (f) => f === "goods.currency"],
  ["total value", (f) => f === "goods.total_value"],
  ["line description", (f) => f === "goods.line_items[].description"],
  ["line quantity", (f) => f === "goods.line_items[].quantity"],
  ["line unit price", (f) => f === "goods.line_items[].unit_price"],
  ["invoice number", (f) => f === "invoice_data.invoice_number"],
  ["invoice date", (f) => f === "invoice_data.invoice_date"],
];
const HEADER = ["", "expected", "extracted", "right", "precision", "recall", "conf. right", "conf. wrong", "ECE"];
const notInvoiceIdentity = (f: string) => !f.startsWith("invoice_data.");

console.log(
  `${docs.length} documents (${docs.filter((d) => d.publisher === "invoice2data").length} invoice2data, ${docs.filter((d) => d.publisher === "zugferd-corpus").length} Factur-X/ZUGFeRD), extractor ${extractor}\n`,
);
const full = await measure(true);
const textOnly = await measure(false);
await terminateOcr();

const pub = (p: string) => (_: unknown, i: number) => docs[i].publisher === p;
console.log("### All fields but invoice number/date (the fields the issue measured)\n");
console.log(
  table(HEADER, [
    rows("full pipeline, all documents", summarise(full.scores, notInvoiceIdentity)),
    rows("full pipeline, invoice2data", summarise(full.scores.filter(pub("invoice2data")), notInvoiceIdentity)),
    rows("full pipeline, Factur-X/ZUGFeRD", summarise(full.scores.filter(pub("zugferd-corpus")), notInvoiceIdentity)),
    rows("page text only, all documents", summarise(textOnly.scores, notInvoiceIdentity)),
    rows("page text only, invoice2data", summarise(textOnly.scores.filter(pub("invoice2data")), notInvoiceIdentity)),
    rows("page text only, Factur-X/ZUGFeRD", summarise(textOnly.scores.filter(pub("zugferd-corpus")), notInvoiceIdentity)),
  ]),
);
console.log("\n### Per field, full pipeline\n");
console.log(
  table(
    HEADER,
    FIELD_GROUPS.map(([label, f]) => rows(label, summarise(full.scores, f))),
  ),
);
console.log("\n### Per field, page text only\n");
console.log(
  table(
    HEADER,
    FIELD_GROUPS.map(([label, f]) => rows(label, summarise(textOnly.scores, f))),
  ),
);
for (const [label, r] of [
  ["full", full],
  ["text only", textOnly],
] as const) {
  if (r.failures.length) console.log(`\n${label}: ${r.failures.length} documents failed:\n- ${r.failures.join("\n- ")}`);
}
const out = opt("json");
if (out) writeFileSync(out, JSON.stringify({ docs: docs.map((d) => d.name), full: full.scores, textOnly: textOnly.scores }, null, 1));
