/**
 * Every reader of an upload under its budgets: generated bombs (1 GiB zip entries, PDF page streams and
 * Factur-X attachments from about 1 MB; images declaring billions of pixels) fail with a message naming
 * the budget, and the test process's memory stays where it was (nothing is inflated into memory).
 */
import { afterAll, describe, expect, it } from "vitest";
import { extractionConfigWith } from "../../../shared/extraction/extraction-config.ts";
import { ExtractionFailure } from "../../../shared/extraction/extraction-failure.ts";
import { sniffFileKind } from "../../../shared/extraction/file-kinds.ts";
import { runIsolatedExtraction, stopIsolatedExtraction } from "../../../shared/extraction/isolation/isolated-extraction.ts";
import { readDocument } from "../../../shared/extraction/readers/read-document.ts";
import { runExtraction } from "../../../shared/extraction/run-extraction.ts";
import { ByteBudget } from "../../../shared/decompression/byte-budget.ts";
import { decodeAscii85, decodeAsciiHex, lzwLength, runLengthLength } from "../../../shared/decompression/filter-lengths.ts";
import {
  facturxBomb,
  jpegDeclaring,
  pdfStreamBomb,
  pngDeclaring,
  rawDeflateRepeated,
  tiffDeclaring,
  xlsxBomb,
  zipOf,
} from "../../support/bombs.ts";
import { makeShipment } from "../../support/extraction-corpus/corpus-data.ts";
import { boxedEnglish } from "../../support/extraction-corpus/pdf-styles.ts";
import { sheetEnglish, writeXlsx } from "../../support/extraction-corpus/sheet-styles.ts";
import { listZipEntries } from "../../../shared/decompression/zip-entries.ts";
import { inflateRawSync } from "node:zlib";

const GiB = 1024 ** 3;
const options = { maxPages: 5 };
const INFLATED = /decompressed-size budget: .* expand to more than 100 MB \(limit 104857600 bytes, TDS_EXTRACTION_MAX_INFLATED_BYTES\)/;
const PIXELS = /image-size budget: .* megapixels; at most 40\.0 are read \(TDS_EXTRACTION_MAX_PIXELS\)/;

async function refusal(bytes: Uint8Array, kind: Parameters<typeof readDocument>[1]): Promise<string> {
  const rssBefore = process.memoryUsage().rss;
  const error = await readDocument(bytes, kind, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractionFailure);
  // Nothing of the gigabyte was held: far below what the bomb expands to.
  expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
  return (error as Error).message;
}

afterAll(() => stopIsolatedExtraction());

describe("decompression budgets of the readers", () => {
  it("XLSX whose sheet inflates to 1.1 GiB from about 1 MB: refused by its declared size and, when it lies, by measuring", async () => {
    const honest = xlsxBomb(1.1 * GiB);
    expect(honest.length).toBeLessThan(1.5 * 1024 * 1024);
    expect(sniffFileKind(honest)).toBe("xlsx");
    expect(await refusal(honest, "xlsx")).toMatch(INFLATED);
    const lying = xlsxBomb(1.1 * GiB, true);
    expect(await refusal(lying, "xlsx")).toMatch(/the XLSX file's entries expand to more than 100 MB/);
  });

  it("many small entries count together", async () => {
    const entry = rawDeflateRepeated(32 * 1024 * 1024);
    const bytes = zipOf([
      { name: "xl/workbook.xml", text: "<workbook/>" },
      ...[1, 2, 3, 4].map((n) => ({ name: `xl/worksheets/sheet${n}.xml`, deflated: entry, declaredSize: 10 })),
    ]);
    expect(await refusal(bytes, "xlsx")).toMatch(INFLATED);
  });

  it("PDF whose page stream inflates to 1 GiB from about 1 MB", async () => {
    const bomb = pdfStreamBomb(GiB);
    expect(bomb.length).toBeLessThan(1.5 * 1024 * 1024);
    expect(await refusal(bomb, "pdf")).toMatch(/the PDF's compressed streams expand to more than 100 MB/);
  });

  it("Factur-X PDF whose XML attachment inflates to 1 GiB", async () => {
    expect(await refusal(facturxBomb(GiB), "pdf")).toMatch(INFLATED);
  });

  it("a smaller page stream within the budget is still read (the budget counts, it does not refuse compression)", async () => {
    const doc = await readDocument(pdfStreamBomb(8 * 1024 * 1024), "pdf", options);
    // Zeros are no text: the reader got past the budget, found no text layer and read the page by OCR.
    expect(doc).toMatchObject({ source: "pdf-ocr", pageCount: 1 });
  });

  it("images declaring huge dimensions (PNG, JPEG, TIFF) are refused before any decoder allocates their raster", async () => {
    expect(await refusal(pngDeclaring(100_000, 100_000), "png")).toMatch(PIXELS);
    expect(await refusal(jpegDeclaring(65_000, 65_000), "jpeg")).toMatch(PIXELS);
    expect(await refusal(tiffDeclaring(200_000, 50_000), "tiff")).toMatch(PIXELS);
    expect(await refusal(pngDeclaring(100_000, 100_000), "png")).toMatch(/100000 × 100000/);
  });

  it("a lower budget from the configuration applies (TDS_EXTRACTION_MAX_INFLATED_BYTES)", async () => {
    const config = extractionConfigWith({ extractor: "builtin" });
    const tight = { ...config, budgets: { ...config.budgets, maxInflatedBytes: 4 * 1024 * 1024 } };
    await expect(runExtraction(pdfStreamBomb(8 * 1024 * 1024), "pdf", tight)).rejects.toThrow(/limit 4194304 bytes/);
  });
});

describe("filter lengths counted without the output", () => {
  it("LZW: the example of ISO 32000-1 7.4.4.2 decodes to 10 bytes; RunLength; the ASCII filters", () => {
    // 80 0B 60 50 22 0C 0C 85 01 = "-----A---B" (10 bytes) per the standard's example.
    const budget = new ByteBudget(1000);
    expect(lzwLength(new Uint8Array([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]), budget, "x")).toBe(10);
    expect(runLengthLength(new Uint8Array([2, 1, 2, 3, 254, 7, 128]), budget, "x")).toBe(6);
    expect([...decodeAsciiHex(new TextEncoder().encode("48 65 6c6C6f>"))]).toEqual([...new TextEncoder().encode("Hello")]);
    expect(new TextDecoder().decode(decodeAscii85(new TextEncoder().encode('87cURD]i,"Ebo80~>')))).toBe("Hello World!");
    expect(() => runLengthLength(new Uint8Array([129, 0, 129, 0]), new ByteBudget(200), "runs")).toThrow(
      /runs expand to more than 200 bytes/,
    );
  });
});

describe("isolation: the job's reading runs in a worker thread with heap and time limits", () => {
  it("reads a normal PDF in the worker with the same result as in this thread", async () => {
    const config = extractionConfigWith({ extractor: "builtin" });
    const doc = await boxedEnglish(makeShipment(4));
    const isolated = await runIsolatedExtraction(doc.bytes, "pdf", config);
    const here = await runExtraction(doc.bytes, "pdf", config);
    expect(isolated.result).toEqual(here.result);
    expect(isolated.flat).toBeInstanceOf(Map);
  });

  it("a bomb fails in the worker with the budget's message", async () => {
    const config = extractionConfigWith({ extractor: "builtin" });
    await expect(runIsolatedExtraction(xlsxBomb(1.1 * GiB), "xlsx", config)).rejects.toThrow(INFLATED);
  });

  it("time budget: the worker is stopped and the job fails naming TDS_EXTRACTION_TIME_LIMIT_SECONDS", async () => {
    const config = extractionConfigWith({ extractor: "builtin" });
    const slow = { ...config, budgets: { ...config.budgets, timeLimitMs: 1 } };
    const doc = await boxedEnglish(makeShipment(5));
    await expect(runIsolatedExtraction(doc.bytes, "pdf", slow)).rejects.toThrow(/time budget: .*TDS_EXTRACTION_TIME_LIMIT_SECONDS/);
    // The next job gets a fresh worker.
    expect((await runIsolatedExtraction(doc.bytes, "pdf", config)).extractor).toBe("builtin");
  });

  it("memory budget: a sheet within the byte budget that needs more heap than the worker has fails naming TDS_EXTRACTION_WORKER_MEMORY_MB", async () => {
    const config = extractionConfigWith({ extractor: "builtin" });
    const small = { ...config, budgets: { ...config.budgets, workerMemoryMb: 64 } };
    const row = new TextEncoder().encode(`<row>${'<c t="inlineStr"><is><t>Stainless steel hex bolt M8x40</t></is></c>'.repeat(16)}</row>`);
    const segment = new Uint8Array(row.length * 4096);
    for (let i = 0; i < 4096; i++) segment.set(row, i * row.length);
    const head =
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
    // About 40 MB of cells: inside the 100 MB byte budget, far over a 64 MB heap once parsed.
    const tail = "</sheetData></worksheet>";
    const sheet = rawDeflateRepeated(segment.length * 8, segment, { head, tail });
    const size = head.length + segment.length * 8 + tail.length;
    const bytes = await replaceEntry(await writeXlsx(sheetEnglish(makeShipment(6))), "xl/worksheets/sheet1.xml", sheet, size);
    // In this thread the same file reads (the byte budget lets it through): the heap limit is what stops it.
    const error = await runIsolatedExtraction(bytes, "xlsx", small).catch((e: Error) => e);
    expect(error).toBeInstanceOf(ExtractionFailure);
    expect((error as Error).message).toMatch(/memory budget: .*64 MB heap \(TDS_EXTRACTION_WORKER_MEMORY_MB\)/);
  });
});

/** The XLSX with one entry's deflated data replaced (the others inflated and stored as they are). */
async function replaceEntry(xlsx: Uint8Array, name: string, deflated: Uint8Array, declaredSize: number): Promise<Uint8Array> {
  const entries = listZipEntries(xlsx).map((e) => {
    const data = xlsx.subarray(e.dataStart, e.dataStart + e.compressedSize);
    if (e.name === name) return { name, deflated, declaredSize };
    return { name: e.name, text: new TextDecoder().decode(e.method === 8 ? inflateRawSync(data) : data) };
  });
  return zipOf(entries);
}
