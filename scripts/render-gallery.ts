/**
 * Renders every document type from the rich sample shipment into a gallery folder as PDF and PNG pages.
 *
 *   npx tsx scripts/render-gallery.ts [outDir]      (default: gallery/, gitignored)
 *   npx tsx scripts/render-gallery.ts --bench       timings only (no files)
 *
 * Also renders: a 60-line packing list (page flow), the USMCA certificate for a Mexico → US shipment,
 * sparse drafts (missing values become fillable fields), a final_doc version (all static) and a
 * document with absurdly long values (wrapping / shrinking). PNGs need `pdftoppm` (poppler-utils);
 * without it only PDFs are written.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { DOCUMENT_TYPES, type DocumentType } from "../shared/document-types/identities.ts";
import { renderDocument } from "../shared/document-types/render-document.ts";
import { longShipment, SAMPLE_META, sampleShipment, sampleUsmcaShipment, stressShipment } from "./sample-shipments.ts";

function hasPdftoppm(): boolean {
  try {
    execFileSync("pdftoppm", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function sparseShipment(): Record<string, unknown> {
  return {
    exporter: { name: "Fabryka Mebli Łódzkich Sp. z o.o.", city: "Łódź", country: "PL" },
    importer: { name: "Müller GmbH", address: "Große Elbstraße 212", country: "DE" },
    route: { origin_country: "PL", destination_country: "DE", transport_mode: "sea", port_of_loading: "PLGDN" },
    goods: {
      currency: "EUR",
      line_items: [
        { description: "Solid oak dining tables, assembled", quantity: 40, unit: "pcs", unit_price: 450 },
        { description: "Lithium-ion battery packs", quantity: 120, unit: "pcs", unit_price: 189.5, compliance_flags: ["dgd"] },
      ],
    },
  };
}

const render = (docType: DocumentType, shipment: Record<string, unknown>, finalDoc = false) =>
  renderDocument({ ...SAMPLE_META, docType, shipment, finalDoc });

async function gallery(outDir: string): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const png = hasPdftoppm();
  if (!png) console.warn("pdftoppm not found: writing PDFs only (apt-get install poppler-utils)");
  const jobs: { name: string; docType: DocumentType; shipment: Record<string, unknown>; finalDoc?: boolean }[] = [
    ...DOCUMENT_TYPES.map((docType, i) => ({
      name: `${String(i + 1).padStart(2, "0")}-${docType.toLowerCase()}`,
      docType,
      shipment: sampleShipment(),
    })),
    { name: "17-packing_list-60-lines", docType: "PACKING_LIST", shipment: longShipment(60) },
    { name: "18-usmca-mexico-to-us", docType: "USMCA_CERTIFICATE_OF_ORIGIN", shipment: sampleUsmcaShipment() },
    { name: "19-commercial_invoice-sparse-draft", docType: "COMMERCIAL_INVOICE", shipment: sparseShipment() },
    { name: "20-commercial_invoice-sparse-final", docType: "COMMERCIAL_INVOICE", shipment: sparseShipment(), finalDoc: true },
    { name: "21-bill_of_lading-sparse-draft", docType: "BILL_OF_LADING", shipment: sparseShipment() },
    { name: "22-dangerous_goods_declaration-sparse-draft", docType: "DANGEROUS_GOODS_DECLARATION", shipment: sparseShipment() },
    { name: "23-commercial_invoice-long-values", docType: "COMMERCIAL_INVOICE", shipment: stressShipment() },
  ];
  for (const job of jobs) {
    const started = performance.now();
    const bytes = await render(job.docType, job.shipment, job.finalDoc ?? false);
    const ms = performance.now() - started;
    const pdf = join(outDir, `${job.name}.pdf`);
    await writeFile(pdf, bytes);
    if (png) execFileSync("pdftoppm", ["-r", "60", "-png", pdf, join(outDir, job.name)]);
    console.log(`${job.name.padEnd(48)} ${String(bytes.length).padStart(8)} bytes  ${ms.toFixed(1).padStart(7)} ms`);
  }
  console.log(`Gallery written to ${outDir}`);
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function bench(): Promise<void> {
  const sample = sampleShipment();
  for (let i = 0; i < 10; i++) await render("COMMERCIAL_INVOICE", sample); // warm up (font parse, JIT)
  const runs: number[] = [];
  for (let i = 0; i < 50; i++) runs.push(await timed(() => render("COMMERCIAL_INVOICE", sample)));
  console.log(
    `commercial invoice, warm, 50 runs: p50 ${percentile(runs, 0.5).toFixed(1)} ms, p90 ${percentile(runs, 0.9).toFixed(1)} ms, min ${Math.min(...runs).toFixed(1)} ms`,
  );
  const big = longShipment(1000);
  const first = await timed(() => render("PACKING_LIST", big));
  const second = await timed(() => render("PACKING_LIST", big));
  console.log(`packing list, 1,000 lines: ${first.toFixed(0)} ms (first), ${second.toFixed(0)} ms (repeat)`);
  const all = await timed(async () => {
    for (const docType of DOCUMENT_TYPES) await render(docType, sample);
  });
  console.log(`all 16 types sequentially: ${all.toFixed(0)} ms`);
}

if (process.argv.includes("--bench")) await bench();
else await gallery(resolve(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "gallery"));
