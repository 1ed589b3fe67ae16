import { afterAll, describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { runExtraction } from "../../../shared/extraction/run-extraction.ts";
import { extractionConfigWith } from "../../../shared/extraction/extraction-config.ts";
import { terminateOcr } from "../../../shared/extraction/readers/ocr-reader.ts";
import { flattenResultTree } from "../../../shared/extraction/extraction-result.ts";
import { execFileSync } from "node:child_process";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { decodeToGray } from "../../../shared/extraction/readers/gray-raster.ts";
import { ExtractionFailure } from "../../../shared/extraction/extraction-failure.ts";
import { grayTiff } from "../../support/gray-tiff.ts";
import { PdfWorkspace } from "../../support/pdf-tools.ts";

afterAll(() => terminateOcr());

describe("OCR (real tesseract.js, offline language data)", () => {
  it("reads a 150 dpi, slightly rotated PNG into shipment fields with OCR-weighted confidences", async () => {
    const png = new Uint8Array(await readFile(join(import.meta.dirname, "fixtures", "invoice-snippet.png")));
    const outcome = await runExtraction(png, "png", extractionConfigWith({ extractor: "builtin" }));
    expect(outcome.source).toBe("image-ocr");
    // Read twice (two resolutions): the second reading's values are evidence for the first's.
    const withEvidence = [...outcome.flat.values()].filter((v) => v.evidence?.agreement !== undefined);
    expect(withEvidence.length).toBeGreaterThan(5);
    expect(withEvidence.filter((v) => v.evidence?.agreement === true).length).toBeGreaterThan(withEvidence.length / 2);
    const flat = flattenResultTree(outcome.result);
    const value = (p: string) => flat[p]?.value;
    expect(value("exporter.name")).toBe("Acme Widgets Ltd");
    expect(value("exporter.country")).toBe("GB");
    expect(value("importer.name")).toBe("Nordic Tools AB");
    expect(value("importer.country")).toBe("SE");
    expect(value("route.port_of_loading")).toBe("GBFXT");
    expect(value("route.incoterms")).toBe("FCA");
    expect(value("goods.currency")).toBe("GBP");
    expect(value("packaging.total_packages")).toBe(12);
    for (const leaf of Object.values(flat)) {
      expect(leaf.confidence).toBeGreaterThan(0);
      // OCR never yields certainty: the fitted map gives a probability, never 1.
      expect(leaf.confidence).toBeLessThan(1);
    }
  });

  it("a scanned PDF (an image-only page) is read by OCR from its embedded image; a page with too little text by rendering it", async () => {
    const png = new Uint8Array(await readFile(join(import.meta.dirname, "fixtures", "invoice-snippet.png")));
    const doc = await PDFDocument.create();
    const image = await doc.embedPng(png);
    // 150 dpi: the page is the image's size in points.
    doc
      .addPage([image.width * 0.48, image.height * 0.48])
      .drawImage(image, { x: 0, y: 0, width: image.width * 0.48, height: image.height * 0.48 });
    const config = extractionConfigWith({ extractor: "builtin" });
    const scan = await runExtraction(await doc.save(), "pdf", config);
    expect(scan.source).toBe("pdf-ocr");
    expect(flattenResultTree(scan.result)["route.port_of_loading"]?.value).toBe("GBFXT");

    // A page with a few characters of text (under the 25 that make a text layer) and a stray image:
    // not a single scanned image, so it is rendered at 200 dpi and read by OCR.
    const drawn = await PDFDocument.create();
    const page = drawn.addPage([420, 120]);
    const font = await drawn.embedFont(StandardFonts.Helvetica);
    page.drawImage(await drawn.embedPng(png), { x: 0, y: 0, width: 1, height: 1 });
    page.drawText("Currency: GBP", { x: 20, y: 60, size: 14, font });
    const rendered = await runExtraction(await drawn.save(), "pdf", config);
    expect(rendered.source).toBe("pdf-ocr");
    expect(flattenResultTree(rendered.result)["goods.currency"]?.value).toBe("GBP");
  });

  it("a TIFF (8-bit grey, uncompressed: the kind tesseract.js itself crashed on) is decoded here and read; a page chain that loops back ends; a damaged one is a failure", async () => {
    const png = new Uint8Array(await readFile(join(import.meta.dirname, "fixtures", "invoice-snippet.png")));
    const gray = await decodeToGray(png);
    expect(gray).not.toBeNull();
    const { width, height, data } = gray!;
    const config = extractionConfigWith({ extractor: "builtin" });
    for (const tiff of [grayTiff(width, height, data), grayTiff(width, height, data, { loopBack: true })]) {
      const outcome = await runExtraction(tiff, "tiff", config);
      expect(outcome.source).toBe("image-ocr");
      expect(flattenResultTree(outcome.result)["route.port_of_loading"]?.value).toBe("GBFXT");
    }
    // The strip lies past the end of the file.
    const damaged = grayTiff(width, height, data).slice(0, 200);
    await expect(runExtraction(damaged, "tiff", config)).rejects.toBeInstanceOf(ExtractionFailure);
  });

  it("reads the rows of a ruled item table on a scan: the grid's lines are removed before OCR", async () => {
    // An invoice's item table drawn with its grid (a shaded header row, rules around every cell), then
    // rendered as a scan would be (200 dpi, grey) and put in a PDF as its only content.
    const table = await PDFDocument.create();
    const page = table.addPage([595, 300]);
    const font = await table.embedFont(StandardFonts.Helvetica);
    const bold = await table.embedFont(StandardFonts.HelveticaBold);
    const cols = [40, 300, 380, 470, 555];
    const rows = [
      ["Description", "Quantity", "Unit price", "Amount"],
      ["Steel hinges 40 mm", "20", "4.55", "91.00"],
      ["Brass door handles", "15", "3.20", "48.00"],
      ["Copper wire coil", "25", "19.80", "495.00"],
    ];
    page.drawText("Currency: EUR", { x: 40, y: 280, size: 10, font });
    const top = 260;
    const height = 22;
    page.drawRectangle({ x: cols[0], y: top - height, width: cols[4] - cols[0], height, color: rgb(0.9, 0.9, 0.9) });
    rows.forEach((cells, r) => {
      cells.forEach((text, c) => page.drawText(text, { x: cols[c] + 4, y: top - r * height - 15, size: 10, font: r === 0 ? bold : font }));
    });
    for (let r = 0; r <= rows.length; r++)
      page.drawLine({ start: { x: cols[0], y: top - r * height }, end: { x: cols[4], y: top - r * height }, thickness: 0.8 });
    for (const x of cols) page.drawLine({ start: { x, y: top }, end: { x, y: top - rows.length * height }, thickness: 0.8 });
    const ws = new PdfWorkspace();
    try {
      const file = ws.write(await table.save(), "table");
      execFileSync("pdftoppm", ["-r", "200", "-gray", "-png", "-singlefile", file, join(ws.dir, "table")]);
      const scan = await PDFDocument.create();
      const image = await scan.embedPng(new Uint8Array(await readFile(join(ws.dir, "table.png"))));
      scan.addPage([595, 300]).drawImage(image, { x: 0, y: 0, width: 595, height: 300 });
      const outcome = await runExtraction(await scan.save(), "pdf", extractionConfigWith({ extractor: "builtin" }));
      expect(outcome.source).toBe("pdf-ocr");
      const flat = flattenResultTree(outcome.result);
      const items = [0, 1, 2, 3].map((i) => [
        flat[`goods.line_items[${i}].quantity`]?.value,
        flat[`goods.line_items[${i}].unit_price`]?.value,
      ]);
      expect(items.filter((i) => i[0] !== undefined)).toEqual([
        [20, 4.55],
        [15, 3.2],
        [25, 19.8],
      ]);
    } finally {
      ws.cleanup();
    }
  });
});
