/**
 * A text PDF as a scanner would give it: every page rendered by poppler's pdftoppm (200 dpi, grey) and
 * put, as the page's only content, into an image-only PDF. The development half has no scanned PDF of
 * its own; reading its text PDFs this way measures the OCR path on invoices (tables, letterheads,
 * several pages) beside the same documents' text layer.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";

export const SCAN_DPI = 200;

export async function renderAsScan(file: string, dpi = SCAN_DPI): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), "tds-scan-"));
  try {
    execFileSync("pdftoppm", ["-r", String(dpi), "-gray", "-png", file, join(dir, "page")]);
    const scan = await PDFDocument.create();
    // pdftoppm numbers pages with leading zeros as wide as the last page's number: names sort in page order.
    for (const name of readdirSync(dir).sort()) {
      const image = await scan.embedPng(readFileSync(join(dir, name)));
      const [w, h] = [(image.width * 72) / dpi, (image.height * 72) / dpi];
      scan.addPage([w, h]).drawImage(image, { x: 0, y: 0, width: w, height: h });
    }
    return await scan.save();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
