/**
 * npm run bench -- extraction-real — extraction quality on real invoices that other projects
 * published with their expected values (../shared/data/peers/extraction-dev, see its PROVENANCE.md):
 * precision, recall and calibration per field, for the full pipeline and for the page text alone
 * (embedded e-invoice reading off), so both readings stay visible.
 *
 * Options (after --): --extractor openai (uses OPENAI_BASE_URL / OPENAI_API_KEY / TDS_EXTRACTION_MODEL:
 * any OpenAI-compatible server, a local model server included), --json FILE (write every judged value),
 * --verbose (print each document's wrong and missing values), --only a,b (publishers: invoice2data,
 * zugferd-corpus, mustang, sroie — a quicker run while working), --no-scans (skip the scanned pass).
 *
 * Input kinds as the issue reports them: "e-invoice PDF" (a PDF whose embedded XML was read), "plain
 * PDF" (a text layer and no XML read — in the page-text-only pass every PDF with a text layer is one),
 * "scanned PDF" (OCR'd pages) and "image". The development half has no scanned PDF, so a third pass
 * renders every text PDF as a scan (extraction-real/render-scan.ts: 200 dpi, grey, image-only pages)
 * and reads it by OCR: the same documents as the text-layer pass, scored the same way.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { calibrationFigures, meetsTargets } from "../shared/extraction/calibration-figures.ts";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../shared/runtime/config.ts";
import { flattenResultTree } from "../shared/extraction/extraction-result.ts";
import { terminateOcr } from "../shared/extraction/readers/ocr-reader.ts";
import { runExtraction } from "../shared/extraction/run-extraction.ts";
import { loadExpectedDocuments } from "./extraction-real/expected-values.ts";
import { renderAsScan, SCAN_DPI } from "./extraction-real/render-scan.ts";
import { type DocumentScore, scoreDocument, summarise, type Summary } from "./extraction-real/score.ts";
import { summarise as summariseSamples, table } from "./support.ts";

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
const only = opt("only")?.split(",");
const docs = loadExpectedDocuments(DIR).filter((d) => !only || only.includes(d.publisher));
const extractor = (opt("extractor") as "builtin" | "openai" | undefined) ?? "builtin";

const pct = (v: number) => (Number.isNaN(v) ? "—" : `${(v * 100).toFixed(1)} %`);
const f2 = (v: number) => (Number.isNaN(v) ? "—" : v.toFixed(2));

// The model settings (OPENAI_*, TDS_EXTRACTION_MODEL) come from the environment, as for the service.
const configured = loadConfig().extraction;

type InputKind = "e-invoice PDF" | "plain PDF" | "scanned PDF" | "image";
const INPUT_KINDS: InputKind[] = ["e-invoice PDF", "plain PDF", "scanned PDF", "image"];

interface Measured {
  scores: DocumentScore[];
  kinds: InputKind[];
  failures: string[];
  /** Reading + extraction time per page of the documents read by OCR (ms), and the load beside it. */
  ocrPageMs: number[];
  loads: number[];
}

async function measure(readEmbedded: boolean, previous?: Measured, scanned = false): Promise<Measured> {
  const config = { ...configured, extractor, readEmbedded };
  const scores: DocumentScore[] = [];
  const kinds: InputKind[] = [];
  const failures: string[] = [];
  const ocrPageMs: number[] = [];
  const loads: number[] = [];
  for (const [i, d] of docs.entries()) {
    // Images read the same with or without embedded reading: reuse the first pass's score.
    if (previous && d.kind !== "pdf") {
      scores.push(previous.scores[i]);
      kinds.push(previous.kinds[i]);
      continue;
    }
    if (scanned && d.kind !== "pdf") continue;
    let flat = {};
    let kind: InputKind = d.kind === "pdf" ? (d.publisher === "invoice2data" || !readEmbedded ? "plain PDF" : "e-invoice PDF") : "image";
    try {
      const bytes = scanned ? await renderAsScan(d.file) : new Uint8Array(readFileSync(d.file));
      const t0 = performance.now();
      const outcome = await runExtraction(bytes, d.kind, config);
      if (outcome.source === "pdf-ocr" || outcome.source === "image-ocr") {
        ocrPageMs.push((performance.now() - t0) / Math.max(1, outcome.pages));
        loads.push(loadavg()[0]);
      }
      flat = flattenResultTree(outcome.result);
      if (d.kind === "pdf") kind = outcome.embedded ? "e-invoice PDF" : outcome.source === "pdf-ocr" ? "scanned PDF" : "plain PDF";
    } catch (e) {
      failures.push(`${d.name}: ${(e as Error).message}`);
    }
    const s = scoreDocument(d, flat);
    scores.push(s);
    kinds.push(kind);
    if (verbose) {
      const wrong = s.judged
        .filter((j) => !j.right)
        .map(
          (j) =>
            `${j.field}${j.extra ? " (extra row)" : ""} ${JSON.stringify(j.got)}${j.want === undefined ? "" : ` for ${JSON.stringify(j.want)}`} @${j.confidence}`,
        );
      console.log(
        `${d.name}: ${s.judged.filter((j) => j.right).length} right; wrong: ${wrong.join(", ") || "—"}; missing: ${s.missing.join(", ") || "—"}`,
      );
    }
  }
  return { scores, kinds, failures, ocrPageMs, loads };
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
  `${docs.length} documents (${(["invoice2data", "zugferd-corpus", "mustang", "sroie"] as const).map((p) => `${docs.filter((d) => d.publisher === p).length} ${p}`).join(", ")}), extractor ${extractor}\n`,
);
const full = await measure(true);
const textOnly = await measure(false, full);
const scans = args.includes("--no-scans") ? null : await measure(false, undefined, true);
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
const kindRows = (label: string, r: Measured, f: (field: string) => boolean) =>
  INPUT_KINDS.flatMap((k) => {
    const idx = r.kinds.flatMap((x, i) => (x === k ? [i] : []));
    return idx.length
      ? [
          rows(
            `${label}: ${k} (${idx.length})`,
            summarise(
              idx.map((i) => r.scores[i]),
              f,
            ),
          ),
        ]
      : [];
  });
console.log("\n### Per input kind (documents in brackets)\n");
console.log(table(HEADER, [...kindRows("full", full, notInvoiceIdentity), ...kindRows("page text only", textOnly, notInvoiceIdentity)]));
for (const k of INPUT_KINDS) {
  const idx = full.kinds.flatMap((x, i) => (x === k ? [i] : []));
  if (idx.length === 0) continue;
  console.log(`\n### Per field, full pipeline, ${k}\n`);
  console.log(
    table(
      HEADER,
      FIELD_GROUPS.map(([label, f]) =>
        rows(
          label,
          summarise(
            idx.map((i) => full.scores[i]),
            f,
          ),
        ),
      ),
    ),
  );
}
const plainText = textOnly.kinds.flatMap((x, i) => (x === "plain PDF" ? [i] : []));
console.log("\n### Per field, page text only, every PDF with a text layer read as a plain PDF\n");
console.log(
  table(
    HEADER,
    FIELD_GROUPS.map(([label, f]) =>
      rows(
        label,
        summarise(
          plainText.map((i) => textOnly.scores[i]),
          f,
        ),
      ),
    ),
  ),
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
console.log("\n### Confidence, full pipeline (targets: ECE ≤ 0.1, gap ≥ 0.3, wrong < 0.5 ≥ 50 %, right < 0.5 ≤ 5 %)\n");
const CAL_HEADER = ["", "values", "ECE", "mean right", "mean wrong", "gap", "wrong < 0.5", "right < 0.5", "targets met"];
const calRow = (label: string, judged: { confidence: number; right: boolean }[]) => {
  const f = calibrationFigures(judged);
  return [
    label,
    f.values,
    f2(f.ece),
    f2(f.meanRight),
    f2(f.meanWrong),
    f2(f.gap),
    pct(f.wrongBelowMark),
    pct(f.rightBelowMark),
    meetsTargets(f) ? "yes" : "no",
  ];
};
console.log(
  table(CAL_HEADER, [
    calRow(
      "all documents",
      full.scores.flatMap((s) => s.judged),
    ),
    ...INPUT_KINDS.flatMap((k) => {
      const judged = full.scores.flatMap((s, i) => (full.kinds[i] === k ? s.judged : []));
      return judged.length ? [calRow(k, judged)] : [];
    }),
  ]),
);
const pageTimes = (label: string, m: Measured) => {
  if (m.ocrPageMs.length === 0) return;
  const t = summariseSamples(m.ocrPageMs);
  const load = m.loads.reduce((a, b) => a + b, 0) / m.loads.length;
  console.log(
    `\n${label} per page p50 ${Math.round(t.p50)} ms, p95 ${Math.round(t.p95)} ms, max ${Math.round(t.max)} ms (load ${load.toFixed(1)} on ${cpus().length} cores)`,
  );
};
pageTimes(`OCR'd documents: ${full.ocrPageMs.length}, read + extracted`, full);
if (scans && scans.scores.length) {
  console.log(`\n### Scanned PDFs: every text PDF rendered at ${SCAN_DPI} dpi in grey and read by OCR (${scans.scores.length})\n`);
  console.log(
    table(HEADER, [
      rows("all fields but invoice number/date", summarise(scans.scores, notInvoiceIdentity)),
      ...FIELD_GROUPS.map(([label, f]) => rows(label, summarise(scans.scores, f))),
    ]),
  );
  console.log(
    `\n${table(CAL_HEADER, [
      calRow(
        "scanned PDF",
        scans.scores.flatMap((s) => s.judged),
      ),
    ])}`,
  );
  pageTimes("Scanned PDFs read + extracted", scans);
}
for (const [label, r] of [["full", full], ["text only", textOnly], ...(scans ? [["scanned", scans] as const] : [])] as const) {
  if (r.failures.length) console.log(`\n${label}: ${r.failures.length} documents failed:\n- ${r.failures.join("\n- ")}`);
}
const out = opt("json");
if (out) writeFileSync(out, JSON.stringify({ docs: docs.map((d) => d.name), full: full.scores, textOnly: textOnly.scores }, null, 1));
