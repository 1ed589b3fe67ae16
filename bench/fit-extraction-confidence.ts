/**
 * npm run extraction:calibrate — refits the confidence map (shared/extraction/confidence-map.ts) on
 * the development half of ../shared/data/peers/extraction-dev (TDS_EXTRACTION_PEERS_DIR).
 *
 * Every document is read from its page text (embedded e-invoices off: their values are exact and are
 * never calibrated) with the map switched off; each value the publisher's data judges becomes one row
 * (its evidence and step score → right or wrong). A logistic model is fitted on all rows and written
 * as data; the figures are printed in-sample and from a 5-fold cross-validation by document, which is
 * what to expect on documents the map has not seen.
 *
 * Every text PDF is read a second time as a scan (extraction-real/render-scan.ts), so OCR'd invoices
 * are in the fit beside the receipts.
 *
 * Options: --rows FILE (save the judged rows; with --reuse, fit from that file without reading the
 * documents again), --lambda N (L2 strength, default 1), --dry-run (print, do not write the map),
 * --no-scans (the documents as they are only).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { calibratedConfidence, FEATURE_NAMES, features, fitLogistic } from "../shared/extraction/calibration.ts";
import type { ExtractedValue } from "../shared/extraction/extraction-result.ts";
import { terminateOcr } from "../shared/extraction/readers/ocr-reader.ts";
import { runExtraction } from "../shared/extraction/run-extraction.ts";
import { loadConfig } from "../shared/runtime/config.ts";
import { calibrationFigures, type CalibrationFigures } from "../shared/extraction/calibration-figures.ts";
import { loadExpectedDocuments } from "./extraction-real/expected-values.ts";
import { renderAsScan } from "./extraction-real/render-scan.ts";
import { scoreDocument } from "./extraction-real/score.ts";

interface Row {
  doc: string;
  path: string;
  value: ExtractedValue;
  right: boolean;
}

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const DIR = process.env.TDS_EXTRACTION_PEERS_DIR ?? fileURLToPath(new URL("../../shared/data/peers/extraction-dev/", import.meta.url));
const rowsFile = opt("rows");
const lambda = Number(opt("lambda") ?? 1);

async function collect(): Promise<Row[]> {
  if (!existsSync(DIR)) {
    console.error(`extraction peers not found at ${DIR} (set TDS_EXTRACTION_PEERS_DIR)`);
    process.exit(2);
  }
  const config = { ...loadConfig().extraction, extractor: "builtin" as const, readEmbedded: false, calibrate: false };
  const rows: Row[] = [];
  const documents = loadExpectedDocuments(DIR);
  // Each text PDF also as a scan (extraction-real/render-scan.ts): the development half has no scanned
  // PDF, and an OCR'd invoice's values are less sure than its text layer's. Same document name, so the
  // cross-validation holds a document and its scan out together.
  const readings = [
    ...documents.map((d) => ({ d, scanned: false })),
    ...(args.includes("--no-scans") ? [] : documents.filter((d) => d.kind === "pdf").map((d) => ({ d, scanned: true }))),
  ];
  for (const { d, scanned } of readings) {
    let flat: [string, ExtractedValue][] = [];
    try {
      const bytes = scanned ? await renderAsScan(d.file) : new Uint8Array(readFileSync(d.file));
      flat = [...(await runExtraction(bytes, d.kind, config)).flat];
    } catch {
      // Nothing read: no values to judge (the bench reports the failure).
    }
    // Judge with the row's index in place of its confidence, to know which value each verdict is for.
    const byIndex = Object.fromEntries(flat.map(([path, v], i) => [path, { value: v.value, confidence: i }]));
    for (const j of scoreDocument(d, byIndex).judged) {
      const [path, value] = flat[j.confidence];
      rows.push({ doc: d.name, path, value, right: j.right });
    }
    process.stdout.write(".");
  }
  await terminateOcr();
  console.log("");
  return rows;
}

const rows: Row[] = args.includes("--reuse") && rowsFile ? JSON.parse(readFileSync(rowsFile, "utf8")) : await collect();
if (rowsFile && !args.includes("--reuse")) writeFileSync(rowsFile, JSON.stringify(rows));
const docs = [...new Set(rows.map((r) => r.doc))];
const X = rows.map((r) => features(r.path, r.value));
const y = rows.map((r) => r.right);
const weights = fitLogistic(X, y, lambda);
const map = { features: FEATURE_NAMES, weights };

const show = (label: string, f: CalibrationFigures) =>
  console.log(
    `${label}: ${f.values} values, ECE ${f.ece.toFixed(3)}, right ${f.meanRight.toFixed(2)} vs wrong ${f.meanWrong.toFixed(2)} (gap ${f.gap.toFixed(2)}), wrong < 0.5: ${(f.wrongBelowMark * 100).toFixed(1)} %, right < 0.5: ${(f.rightBelowMark * 100).toFixed(1)} %`,
  );
show("step scores (before)", calibrationFigures(rows.map((r) => ({ confidence: r.value.confidence, right: r.right }))));
show(
  "fitted, in-sample",
  calibrationFigures(rows.map((r) => ({ confidence: calibratedConfidence(r.path, r.value, map), right: r.right }))),
);
// 5-fold cross-validation by document: a document's values are scored by a map fitted without it.
const folds = 5;
const cv: { confidence: number; right: boolean }[] = [];
for (let k = 0; k < folds; k++) {
  const held = new Set(docs.filter((_, i) => i % folds === k));
  const train = rows.flatMap((r, i) => (held.has(r.doc) ? [] : [i]));
  const w = fitLogistic(
    train.map((i) => X[i]),
    train.map((i) => y[i]),
    lambda,
  );
  for (const r of rows)
    if (held.has(r.doc))
      cv.push({ confidence: calibratedConfidence(r.path, r.value, { features: FEATURE_NAMES, weights: w }), right: r.right });
}
show("fitted, 5-fold cross-validated by document", calibrationFigures(cv));
console.log(`\n${FEATURE_NAMES.map((f, i) => `  ${f.padEnd(24)} ${weights[i].toFixed(3)}`).join("\n")}`);

if (!args.includes("--dry-run")) {
  const file = fileURLToPath(new URL("../shared/extraction/confidence-map.ts", import.meta.url));
  const body = `/**
 * The fitted confidence map (calibration.ts): one weight per feature, in FEATURE_NAMES order.
 * Generated by \`npm run extraction:calibrate\` (bench/fit-extraction-confidence.ts) on the
 * development half of ../shared/data/peers/extraction-dev — do not edit by hand.
 */
import type { ConfidenceMap } from "./confidence-map-type.ts";

export const CONFIDENCE_MAP: ConfidenceMap & { fittedOn: string } = {
  fittedOn: ${JSON.stringify(`${rows.length} judged values of ${docs.length} documents (page text; their text PDFs also as scans), L2 ${lambda}`)},
  features: ${JSON.stringify(FEATURE_NAMES)},
  weights: ${JSON.stringify(weights)},
};
`;
  writeFileSync(file, body);
  // Written in the project's format, so a refit's diff shows only the weights that moved.
  spawnSync("npx", ["biome", "format", "--write", file], { stdio: "ignore" });
  console.log(`\nwritten: shared/extraction/confidence-map.ts`);
}
