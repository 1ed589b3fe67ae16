import { describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import JSZip from "jszip";
import { declaredFileKind, safeFileName, sniffFileKind } from "../../../shared/extraction/file-kinds.ts";
import { readDocument } from "../../../shared/extraction/readers/read-document.ts";
import { readXls } from "../../../shared/extraction/readers/xls-reader.ts";
import { ExtractionFailure } from "../../../shared/extraction/extraction-failure.ts";
import { buildLines, lineText, type PositionedWord } from "../../../shared/extraction/document-text.ts";
import { runExtraction } from "../../../shared/extraction/run-extraction.ts";
import { extractionConfigWith } from "../../../shared/extraction/extraction-config.ts";
import { makeShipment } from "../../support/extraction-corpus/corpus-data.ts";
import { inlineGerman } from "../../support/extraction-corpus/pdf-styles.ts";
import { sheetEnglish, writeXlsx } from "../../support/extraction-corpus/sheet-styles.ts";
import { precisionRecall, scoreExtraction } from "../../support/extraction-corpus/score.ts";

const fixtures = join(import.meta.dirname, "fixtures");
const config = extractionConfigWith({ extractor: "builtin" });

describe("lines from positioned words", () => {
  // OCR boxes as tesseract gives them for "MUSTERLIEFERANT GMBH" and "Nummer    549910" in capitals
  // at 8 pt: a line 4.9 high, a word space 5 wide, a tab 49 wide.
  const word = (text: string, x0: number, x1: number, ink?: boolean): PositionedWord => ({
    page: 1,
    text,
    x0,
    x1,
    y0: 100,
    y1: 104.9,
    confidence: 0.9,
    ...(ink ? { ink } : {}),
  });
  const segments = (ink: boolean) =>
    buildLines([word("MUSTERLIEFERANT", 48, 119, ink), word("GMBH", 124, 143, ink)]).flatMap((l) => l.segments.map((s) => s.text));
  it("joins OCR words a space apart by the width of their letters, not by a glyph height", () => {
    expect(segments(true)).toEqual(["MUSTERLIEFERANT GMBH"]);
    // Words of a text layer keep the height rule (their height is the font size).
    expect(segments(false)).toEqual(["MUSTERLIEFERANT", "GMBH"]);
    // A column gap stays a gap.
    const cells = buildLines([word("Nummer", 49, 76, true), word("549910", 125, 152, true)]);
    expect(cells[0].segments.map((s) => s.text)).toEqual(["Nummer", "549910"]);
  });
});

describe("file kinds", () => {
  it("recognises each accepted type by its bytes, not its name", async () => {
    const pdf = (await inlineGerman(makeShipment(1))).bytes;
    expect(sniffFileKind(pdf)).toBe("pdf");
    expect(sniffFileKind(new Uint8Array(await readFile(join(fixtures, "invoice-snippet.png"))))).toBe("png");
    expect(sniffFileKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe("jpeg");
    expect(sniffFileKind(new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]))).toBe("tiff");
    expect(sniffFileKind(new Uint8Array([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]))).toBe("tiff");
    expect(sniffFileKind(await writeXlsx(sheetEnglish(makeShipment(1))))).toBe("xlsx");
    expect(sniffFileKind(new Uint8Array(await readFile(join(fixtures, "invoice-xlwt.xls"))))).toBe("xls");
    const docx = new JSZip();
    docx.file("word/document.xml", "<w:document/>");
    expect(sniffFileKind(await docx.generateAsync({ type: "uint8array" }))).toBe("zip");
    expect(sniffFileKind(new TextEncoder().encode("hello, world"))).toBeNull();
  });

  it("reads the declared kind from the media type, then the extension", () => {
    expect(declaredFileKind("scan.TIF", "application/octet-stream")).toBe("tiff");
    expect(declaredFileKind("x", "image/jpeg; charset=binary")).toBe("jpeg");
    expect(declaredFileKind("notes.txt", "text/plain")).toBeNull();
  });

  it("makes file names safe for blob keys", () => {
    expect(safeFileName("../../etc/passwd", "pdf")).toBe("passwd");
    expect(safeFileName("Rechnung März 2025.pdf", "pdf")).toBe("Rechnung_Marz_2025.pdf");
    expect(safeFileName("C:\\scans\\..\\", "png")).toBe("upload.png");
    expect(safeFileName("....", "jpeg")).toBe("upload.jpg");
    expect(safeFileName("a".repeat(300) + ".xlsx", "xlsx")).toHaveLength(100);
  });
});

describe("readers", () => {
  it("PDF text layer: lines with separate cells", async () => {
    const doc = await readDocument((await inlineGerman(makeShipment(2))).bytes, "pdf", { maxPages: 5 });
    expect(doc.source).toBe("pdf-text");
    const segments = doc.lines.flatMap((l) => l.segments.map((s) => s.text));
    expect(segments.some((t) => t.startsWith("Rechnungsnummer: "))).toBe(true);
    expect(doc.lines.map(lineText).join("\n")).toContain("Empfänger:");
    const header = doc.lines.find((l) => l.segments.some((s) => s.text === "Warenbezeichnung"))!;
    expect(header.segments.map((s) => s.text)).toEqual([
      "Pos.",
      "Warenbezeichnung",
      "Zolltarifnr.",
      "Menge",
      "ME",
      "Einzelpreis",
      "Gesamtpreis",
    ]);
  });

  it("a corrupt PDF is an ExtractionFailure, not a crash", async () => {
    const bad = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage without xref");
    await expect(readDocument(bad, "pdf", { maxPages: 5 })).rejects.toBeInstanceOf(ExtractionFailure);
  });

  it("XLSX cells keep their numbers", async () => {
    const doc = await readDocument(await writeXlsx(sheetEnglish(makeShipment(3))), "xlsx", { maxPages: 5 });
    expect(doc.source).toBe("spreadsheet");
    const row = doc.lines.find((l) => l.segments[0].text.startsWith("Item Description"))!;
    const first = doc.lines[doc.lines.indexOf(row) + 1];
    expect(typeof first.segments[2].number).toBe("number");
  });

  it("a corrupt XLSX is an ExtractionFailure", async () => {
    const zip = new JSZip();
    zip.file("xl/workbook.xml", "<not a workbook");
    await expect(readDocument(await zip.generateAsync({ type: "uint8array" }), "xlsx", { maxPages: 5 })).rejects.toBeInstanceOf(
      ExtractionFailure,
    );
  });

  it("legacy XLS (BIFF8, written by xlwt): every labelled field is extracted", async () => {
    const bytes = new Uint8Array(await readFile(join(fixtures, "invoice-xlwt.xls")));
    const { expected } = JSON.parse(await readFile(join(fixtures, "invoice-xlwt.json"), "utf8"));
    const outcome = await runExtraction(bytes, "xls", config);
    expect(outcome.source).toBe("spreadsheet");
    const pr = precisionRecall(scoreExtraction(outcome.result, expected));
    expect(pr.precision).toBe(1);
    expect(pr.recall).toBe(1);
  });

  it("XLS: truncated, encrypted-looking or non-Excel compound files are ExtractionFailures", async () => {
    const bytes = new Uint8Array(await readFile(join(fixtures, "invoice-xlwt.xls")));
    await expect(readXls(bytes.slice(0, 600), { maxPages: 5 })).rejects.toBeInstanceOf(ExtractionFailure);
    await expect(readXls(new Uint8Array(1024), { maxPages: 5 })).rejects.toThrow(/compound file/);
    const mangled = bytes.slice();
    // Break the BOF record of the Workbook stream: the file is no longer BIFF8.
    const bof = findBof(mangled);
    mangled[bof + 4] = 0x00;
    mangled[bof + 5] = 0x05;
    await expect(readXls(mangled, { maxPages: 5 })).rejects.toThrow(/BIFF8/);
  });
});

function findBof(bytes: Uint8Array): number {
  for (let i = 512; i < bytes.length - 8; i++)
    if (bytes[i] === 0x09 && bytes[i + 1] === 0x08 && bytes[i + 4] === 0x00 && bytes[i + 5] === 0x06) return i;
  throw new Error("no BOF");
}
