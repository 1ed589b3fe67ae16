import { afterAll, describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { runExtraction } from "../../../shared/extraction/run-extraction.ts";
import { extractionConfigWith } from "../../../shared/extraction/extraction-config.ts";
import { terminateOcr } from "../../../shared/extraction/readers/ocr-reader.ts";
import { flattenResultTree } from "../../../shared/extraction/extraction-result.ts";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { decodeToGray } from "../../../shared/extraction/readers/gray-raster.ts";
import { ExtractionFailure } from "../../../shared/extraction/extraction-failure.ts";
import { grayTiff } from "../../support/gray-tiff.ts";

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
});
