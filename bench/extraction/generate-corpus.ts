/**
 * npx tsx bench/extraction/generate-corpus.ts — writes the labelled extraction corpus into
 * bench/extraction/corpus/ (git-ignored there: it is regenerated, deterministically, at bench time).
 *
 *   text PDFs      6 layouts × 2 shipments (pdf-styles.ts) + 2 documents of this service's renderer
 *   spreadsheets   3 layouts × 2 shipments as XLSX (exceljs) + 3 as legacy XLS (xlwt, python3-xlwt)
 *   images         6 pages rendered at 150 dpi by pdftoppm: 3 PNG and 1 TIFF rotated with grain and
 *                  specks (images.ts), 2 JPEG (quality 70)
 *   scanned PDFs   3 image-only PDFs made of such noisy pages
 *
 * Each document has <id>.json: {id, file, kind, style, expected: {path: value}} — the values the
 * document shows, by TradeShipment path. index.json lists them all.
 * Needs poppler-utils (pdftoppm) for the images; python3-xlwt for the XLS files (skipped without it).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument } from "pdf-lib";
import { renderDocument } from "../../shared/document-types/render-document.ts";
import { makeShipment, partyExpected, type CorpusShipment } from "../../tests/support/extraction-corpus/corpus-data.ts";
import { encodePng, encodeTiff, renderPdfJpeg, scanLike } from "./images.ts";
import { PDF_STYLES, type Expected, type PdfStyle } from "../../tests/support/extraction-corpus/pdf-styles.ts";
import { SHEET_STYLES, writeXlsx, type SheetStyle } from "../../tests/support/extraction-corpus/sheet-styles.ts";

export const CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), "corpus");

export type CorpusKind = "pdf-text" | "pdf-scanned" | "image" | "xlsx" | "xls";
export interface CorpusEntry {
  id: string;
  file: string;
  kind: CorpusKind;
  style: string;
  expected: Expected;
}

/** The service's own renderer (a minority of the corpus), with the values it prints. */
async function rendererDoc(
  sh: CorpusShipment,
  docType: "COMMERCIAL_INVOICE" | "PACKING_LIST",
): Promise<{ bytes: Uint8Array; expected: Expected }> {
  const party = (p: CorpusShipment["exporter"]) => ({
    name: p.name,
    address: p.street,
    city: p.city,
    postal_code: p.postal_code,
    ...(p.state ? { state: p.state } : {}),
    country: p.country,
    ...(p.eori ? { tax_ids: { eori: p.eori } } : {}),
  });
  const shipment = {
    exporter: party(sh.exporter),
    importer: party(sh.importer),
    route: {
      origin_country: sh.origin_country,
      destination_country: sh.destination_country,
      transport_mode: sh.transport_mode,
      incoterms: sh.incoterms,
      incoterms_place: sh.incoterm_place,
      port_of_loading: sh.port_of_loading.code,
      port_of_discharge: sh.port_of_discharge.code,
      vessel_name: sh.vessel_name,
      voyage_number: sh.voyage_number,
    },
    goods: {
      currency: sh.currency,
      total_value: sh.total_value,
      line_items: sh.items.map((i) => ({
        description: i.description,
        hs_code: i.hs_code,
        quantity: i.quantity,
        unit: i.unit,
        unit_price: i.unit_price,
        origin_country: i.origin_country,
        net_weight_kg: i.net_weight_kg,
        gross_weight_kg: i.gross_weight_kg,
      })),
    },
    packaging: {
      total_packages: sh.total_packages,
      total_gross_weight_kg: sh.total_gross_weight_kg,
      containers: [{ container_number: sh.container_number, seal_number: sh.seal_number }],
    },
  };
  const bytes = await renderDocument({
    docType,
    shipment,
    finalDoc: true,
    validationHash: `sha256:${"0".repeat(64)}`,
    verificationUrl: "https://example.invalid/verify/0",
    generationNumber: 1,
    shipmentId: null,
    shipmentRef: `REF-${sh.seed}`,
    generatedAt: new Date("2025-03-01T00:00:00Z"),
  });
  const items: Expected = {};
  sh.items.forEach((it, i) => {
    const p = `goods.line_items[${i}]`;
    items[`${p}.description`] = it.description;
    items[`${p}.hs_code`] = it.hs_code;
    items[`${p}.quantity`] = it.quantity;
    items[`${p}.unit`] = it.unit;
    if (docType === "COMMERCIAL_INVOICE") {
      items[`${p}.unit_price`] = it.unit_price;
      items[`${p}.origin_country`] = it.origin_country;
    } else {
      items[`${p}.net_weight_kg`] = it.net_weight_kg;
      items[`${p}.gross_weight_kg`] = it.gross_weight_kg;
    }
  });
  return {
    bytes,
    expected: {
      ...partyExpected("exporter", sh.exporter, { eori: true }),
      ...partyExpected("importer", sh.importer, { eori: true }),
      // The packing list prints the destination only, and the container with its seal.
      ...(docType === "COMMERCIAL_INVOICE"
        ? { "route.origin_country": sh.origin_country }
        : { "packaging.containers[0].container_number": sh.container_number, "packaging.containers[0].seal_number": sh.seal_number }),
      "route.destination_country": sh.destination_country,
      "route.transport_mode": sh.transport_mode,
      "route.port_of_loading": sh.port_of_loading.code,
      "route.port_of_discharge": sh.port_of_discharge.code,
      "route.vessel_name": sh.vessel_name,
      "route.voyage_number": sh.voyage_number,
      ...(docType === "COMMERCIAL_INVOICE"
        ? { "route.incoterms": sh.incoterms, "goods.currency": sh.currency, "goods.total_value": sh.total_value }
        : {}),
      ...items,
      "packaging.total_packages": sh.total_packages,
      "packaging.total_gross_weight_kg": sh.total_gross_weight_kg,
    },
  };
}

async function imageOnlyPdf(png: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setProducer("scanner");
  doc.setCreationDate(new Date("2025-01-01T00:00:00Z"));
  doc.setModificationDate(new Date("2025-01-01T00:00:00Z"));
  const img = await doc.embedPng(png);
  const page = doc.addPage([595.28, 841.89]);
  page.drawImage(img, { x: 0, y: 0, width: 595.28, height: 841.89 });
  return doc.save();
}

/** A python3 with xlwt: the one on PATH, or Debian's (a pyenv python on PATH lacks apt's modules). */
function pythonWithXlwt(): string | null {
  for (const python of ["python3", "/usr/bin/python3"]) {
    try {
      execFileSync(python, ["-c", "import xlwt"], { stdio: "ignore" });
      return python;
    } catch {
      /* next */
    }
  }
  return null;
}

export async function generateCorpus(dir = CORPUS_DIR, log: (s: string) => void = console.log): Promise<CorpusEntry[]> {
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) if (f !== ".gitignore" && f !== "README.md") rmSync(join(dir, f), { force: true });
  const entries: CorpusEntry[] = [];
  const add = (e: CorpusEntry, bytes: Uint8Array) => {
    writeFileSync(join(dir, e.file), bytes);
    writeFileSync(join(dir, `${e.id}.json`), `${JSON.stringify(e, null, 2)}\n`);
    entries.push(e);
  };

  // Text PDFs in other layouts and wordings.
  for (const style of Object.keys(PDF_STYLES) as PdfStyle[]) {
    for (const seed of [11, 12]) {
      const doc = await PDF_STYLES[style](makeShipment(seed));
      add({ id: `${style}-${seed}`, file: `${style}-${seed}.pdf`, kind: "pdf-text", style, expected: doc.expected }, doc.bytes);
    }
  }
  // This service's renderer: a minority on purpose.
  for (const [seed, type] of [
    [21, "COMMERCIAL_INVOICE"],
    [22, "PACKING_LIST"],
  ] as const) {
    const doc = await rendererDoc(makeShipment(seed, { items: 3 }), type);
    add(
      {
        id: `renderer-${type.toLowerCase()}-${seed}`,
        file: `renderer-${type.toLowerCase()}-${seed}.pdf`,
        kind: "pdf-text",
        style: `renderer-${type.toLowerCase()}`,
        expected: doc.expected,
      },
      doc.bytes,
    );
  }
  // Spreadsheets.
  for (const style of Object.keys(SHEET_STYLES) as SheetStyle[]) {
    for (const seed of [31, 32]) {
      const doc = SHEET_STYLES[style](makeShipment(seed));
      add({ id: `${style}-${seed}`, file: `${style}-${seed}.xlsx`, kind: "xlsx", style, expected: doc.expected }, await writeXlsx(doc));
    }
  }
  const python = pythonWithXlwt();
  if (python) {
    const tmp = join(tmpdir(), `corpus-xls-${process.pid}`);
    mkdirSync(tmp, { recursive: true });
    for (const style of Object.keys(SHEET_STYLES) as SheetStyle[]) {
      const doc = SHEET_STYLES[style](makeShipment(41));
      const grid = join(tmp, `${style}.json`);
      const out = join(tmp, `${style}.xls`);
      writeFileSync(grid, JSON.stringify({ name: doc.name, rows: doc.rows }));
      execFileSync(python, [join(dirname(fileURLToPath(import.meta.url)), "write-xls.py"), grid, out]);
      const { readFileSync } = await import("node:fs");
      add(
        { id: `${style}-41-xls`, file: `${style}-41.xls`, kind: "xls", style, expected: doc.expected },
        new Uint8Array(readFileSync(out)),
      );
    }
    rmSync(tmp, { recursive: true, force: true });
  } else log("python3-xlwt not installed: the .xls documents are skipped (apt-get install -y python3-xlwt)");

  // Images: rendered pages with rotation and noise, and JPEGs.
  const images: [PdfStyle, number, "png" | "tiff" | "jpg"][] = [
    ["boxed-en", 51, "png"],
    ["inline-de", 52, "png"],
    ["us-invoice", 53, "png"],
    ["packing-en", 54, "tiff"],
    ["stacked-fr", 55, "jpg"],
    ["grid-es", 56, "jpg"],
  ];
  for (const [style, seed, format] of images) {
    const doc = await PDF_STYLES[style](makeShipment(seed));
    const bytes =
      format === "jpg"
        ? renderPdfJpeg(doc.bytes)
        : format === "png"
          ? encodePng(scanLike(doc.bytes, seed))
          : encodeTiff(scanLike(doc.bytes, seed));
    add({ id: `${style}-${seed}-${format}`, file: `${style}-${seed}.${format}`, kind: "image", style, expected: doc.expected }, bytes);
  }
  // Scanned PDFs: no text layer.
  for (const [style, seed] of [
    ["boxed-en", 61],
    ["inline-de", 62],
    ["us-invoice", 63],
  ] as [PdfStyle, number][]) {
    const doc = await PDF_STYLES[style](makeShipment(seed));
    const pdf = await imageOnlyPdf(encodePng(scanLike(doc.bytes, seed)));
    add({ id: `${style}-${seed}-scan`, file: `${style}-${seed}-scan.pdf`, kind: "pdf-scanned", style, expected: doc.expected }, pdf);
  }
  writeFileSync(
    join(dir, "index.json"),
    `${JSON.stringify(
      entries.map(({ id, file, kind, style }) => ({ id, file, kind, style })),
      null,
      2,
    )}\n`,
  );
  log(`wrote ${entries.length} documents to ${dir}`);
  return entries;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await generateCorpus();
}
