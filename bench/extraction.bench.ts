/**
 * npx tsx bench/extraction.bench.ts — extraction speed, warm (modules loaded, OCR engine running):
 * read + built-in extraction + checks, per input kind, against the targets (text PDF or spreadsheet
 * ≤ 200 ms, OCR page ≤ 2 s). Prints a markdown table. A4 pages at 150 dpi come from pdftoppm
 * (poppler-utils); without it the OCR rows use the small test fixture and say so.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { extractionConfigWith } from "../shared/extraction/extraction-config.ts";
import type { FileKind } from "../shared/extraction/file-kinds.ts";
import { terminateOcr } from "../shared/extraction/readers/ocr-reader.ts";
import { runExtraction } from "../shared/extraction/run-extraction.ts";
import { makeShipment } from "../tests/support/extraction-corpus/corpus-data.ts";
import { encodePng, scanLike } from "./extraction/images.ts";
import { boxedEnglish } from "../tests/support/extraction-corpus/pdf-styles.ts";
import { sheetEnglish, writeXlsx } from "../tests/support/extraction-corpus/sheet-styles.ts";

const config = extractionConfigWith({ extractor: "builtin" });
const here = import.meta.dirname;

interface Case {
  name: string;
  kind: FileKind;
  bytes: Uint8Array;
  runs: number;
  targetMs: number;
  note?: string;
}

async function time(c: Case): Promise<{ median: number; p95: number; max: number; fields: number }> {
  const first = await runExtraction(c.bytes, c.kind, config); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < c.runs; i++) {
    const t0 = performance.now();
    await runExtraction(c.bytes, c.kind, config);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return {
    median: ms[Math.floor(ms.length / 2)],
    p95: ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.95) - 1)],
    max: ms[ms.length - 1],
    fields: first.flat.size,
  };
}

async function scannedPdf(png: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const img = await doc.embedPng(png);
  doc.addPage([595.28, 841.89]).drawImage(img, { x: 0, y: 0, width: 595.28, height: 841.89 });
  return doc.save();
}

const pdf = (await boxedEnglish(makeShipment(8, { items: 5 }))).bytes;
const xlsx = await writeXlsx(sheetEnglish(makeShipment(8, { items: 5 })));
const xls = new Uint8Array(readFileSync(join(here, "../tests/unit/extraction/fixtures/invoice-xlwt.xls")));
let page: Uint8Array;
let pageNote = "A4 page, 150 dpi, rotated, grain and specks (1240 × 1754 px)";
try {
  page = encodePng(scanLike(pdf, 51));
} catch {
  page = new Uint8Array(readFileSync(join(here, "../tests/unit/extraction/fixtures/invoice-snippet.png")));
  pageNote = "pdftoppm missing: the 875 × 396 px test fixture instead of an A4 page";
}

const cases: Case[] = [
  { name: "Text PDF, 1 page, 5 line items", kind: "pdf", bytes: pdf, runs: 30, targetMs: 200 },
  { name: "XLSX, 5 line items", kind: "xlsx", bytes: xlsx, runs: 30, targetMs: 200 },
  { name: "XLS (BIFF8), 5 line items", kind: "xls", bytes: xls, runs: 30, targetMs: 200 },
  { name: "Image, OCR", kind: "png", bytes: page, runs: 5, targetMs: 2000, note: pageNote },
  {
    name: "Scanned PDF (image-only page), OCR",
    kind: "pdf",
    bytes: await scannedPdf(page),
    runs: 5,
    targetMs: 2000,
    note: "the same page as an image-only PDF: read from the embedded image",
  },
];

const coldStart = performance.now();
await runExtraction(new Uint8Array(readFileSync(join(here, "../tests/unit/extraction/fixtures/invoice-snippet.png"))), "png", config);
const ocrColdMs = performance.now() - coldStart;

const rows: string[] = [];
for (const c of cases) {
  const r = await time(c);
  const ok = r.median <= c.targetMs;
  rows.push(
    `| ${c.name} | ${c.runs} | ${r.median.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.max.toFixed(0)} | ≤ ${c.targetMs} | ${ok ? "yes" : "**no**"} | ${r.fields} | ${c.note ?? ""} |`,
  );
}
await terminateOcr();

console.log(`\nExtraction speed, built-in extractor, warm (Node ${process.version}, ${(await import("node:os")).cpus().length} cores)\n`);
console.log("| Input | Runs | Median ms | p95 ms | Max ms | Target ms | Median within target | Fields | Note |");
console.log("|---|---:|---:|---:|---:|---:|---|---:|---|");
for (const r of rows) console.log(r);
console.log(`\nOCR engine start (first use in a process: WebAssembly + English model): ${ocrColdMs.toFixed(0)} ms, once per process.`);
