/**
 * Timings of the PDF round trip (docs/pdf-round-trip.md), printed as a markdown table:
 *
 *   - extraction from a typical generated form (the tests' sparse commercial invoice draft, 4 of its ~20
 *     fields filled with pdf-lib):
 *     readFormFields, and readFormFields + mapFieldsToShipment + mergeIntoShipment; warm, 50 runs
 *   - flattening a 3-page generated packing list (70 lines, ~50 fields, some filled) to PDF/A-2b with a hash
 *     stamp; first run and warm, 20 runs
 *   - the pre-flight on the typical form and on hostile files (5,000 pages, 10,000-deep nesting, a 200 MB
 *     declared stream)
 *
 * Targets: extraction ≤ 50 ms, flattening a 3-page document ≤ 300 ms.
 *
 *   npx tsx bench/pdf-round-trip.bench.ts [--runs 50]
 */
import { cpus, loadavg } from "node:os";
import { PDFDocument } from "pdf-lib";
import { renderDocument } from "../shared/document-types/render-document.ts";
import { fontkit, loadFontBytes } from "../shared/pdf/fonts.ts";
import { longShipment, SAMPLE_META, sampleShipment } from "../tests/support/sample-shipments.ts";
import { inspectPdf } from "../shared/pdf/inspect-pdf.ts";
import { mapFieldsToShipment, mergeIntoShipment, readFormFields } from "../shared/pdf/read-form-fields.ts";
import { TradeShipmentSchema } from "../shared/shipments/trade-shipment-schema.ts";
import { flattenToPdfA } from "../shared/pdf/flatten-to-pdfa.ts";

const args = process.argv.slice(2);
const runsArg = args.indexOf("--runs");
const RUNS = Math.max(10, Number(runsArg >= 0 ? args[runsArg + 1] : 50));

/** The sparse draft the tests use: some parties and goods, the rest fillable (~20 text fields). */
function sparse(): Record<string, unknown> {
  return {
    exporter: { name: "Fabryka Mebli Łódzkich Sp. z o.o.", city: "Łódź", postal_code: "90-063", country: "PL" },
    importer: { name: "Müller GmbH", address: "Große Elbstraße 212", city: "Hamburg", country: "DE" },
    route: { origin_country: "PL", destination_country: "DE", transport_mode: "sea" },
    goods: {
      line_items: [
        { description: "Solid oak dining tables", quantity: 40, unit: "pcs", unit_price: 450, origin_country: "PL" },
        { description: "Lithium-ion battery packs", quantity: 120, unit: "pcs", unit_price: 189.5, compliance_flags: ["dgd"] },
      ],
    },
  };
}

function threePage(): Record<string, unknown> {
  const s = longShipment(70) as Record<string, Record<string, unknown>>;
  s.goods.line_items = (s.goods.line_items as Record<string, unknown>[]).map((item, i) =>
    i % 3 === 0 ? { ...item, hs_code: undefined, net_weight_kg: undefined } : item,
  );
  delete s.exporter.address;
  delete s.invoice_data;
  delete s.route.vessel_name;
  return s;
}

async function fill(bytes: Uint8Array, values: Record<string, string>): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  const form = doc.getForm();
  for (const [name, value] of Object.entries(values)) form.getTextField(name).setText(value);
  doc.registerFontkit(fontkit as never);
  form.updateFieldAppearances(await doc.embedFont((await loadFontBytes()).regular, { subset: true }));
  return doc.save({ updateFieldAppearances: false });
}

function stats(samples: number[]): { p50: number; p90: number; min: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { p50: at(0.5), p90: at(0.9), min: sorted[0], max: sorted[sorted.length - 1] };
}

async function time(
  fn: () => unknown,
  warmup: number,
  runs: number,
): Promise<{ first: number; p50: number; p90: number; min: number; max: number }> {
  const t0 = performance.now();
  await fn();
  const first = performance.now() - t0;
  for (let i = 1; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return { first, ...stats(samples) };
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

const typical = await fill(await renderDocument({ ...SAMPLE_META, docType: "COMMERCIAL_INVOICE", shipment: sparse(), finalDoc: false }), {
  "exporter.address": "ul. Piotrkowska 148/150",
  "invoiceData.invoiceNumber": "FV/2025/03/0117",
  "route.vesselName": "MSC Wisła",
  "goods.lineItems.0.hsCode": "9403601000",
});
const threePageForm = await fill(
  await renderDocument({ ...SAMPLE_META, docType: "PACKING_LIST", shipment: threePage(), finalDoc: false }),
  {
    "exporter.address": "ul. Piotrkowska 148/150, Łódź",
    "invoiceData.invoiceNumber": "Привет-2025/17",
    "goods.lineItems.66.hsCode": "9403601000",
  },
);
const typicalFields = (await readFormFields(typical)).textFieldCount;
const threePageDoc = await PDFDocument.load(threePageForm);

const rows: [string, string, Awaited<ReturnType<typeof time>>][] = [];
rows.push([`inspectPdf, typical form (${(typical.length / 1024).toFixed(0)} KB)`, "—", await time(() => inspectPdf(typical), 10, RUNS)]);
rows.push([`readFormFields, typical form (${typicalFields} text fields)`, "≤ 50 ms", await time(() => readFormFields(typical), 10, RUNS)]);
rows.push([
  "readFormFields + mapFieldsToShipment + mergeIntoShipment",
  "≤ 50 ms",
  await time(
    async () => {
      const read = await readFormFields(typical);
      mergeIntoShipment(sampleShipment(), mapFieldsToShipment(read.fields).mapped_data, TradeShipmentSchema);
    },
    10,
    RUNS,
  ),
]);
const now = new Date("2025-04-01T12:00:00Z");
rows.push([
  `flattenToPdfA, 3-page packing list (${threePageDoc.getPageCount()} pages, ${(threePageForm.length / 1024).toFixed(0)} KB)`,
  "≤ 300 ms",
  await time(() => flattenToPdfA(threePageForm, { now, hashStamp: SAMPLE_META.validationHash }), 3, Math.max(10, Math.round(RUNS / 2))),
]);

// Hostile files: the pre-flight must answer in milliseconds.
const manyPages = await (async () => {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 5000; i++) doc.addPage([200, 200]);
  return doc.save({ objectsPerTick: Number.POSITIVE_INFINITY });
})();
const enc = new TextEncoder();
const nested = enc.encode(
  `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /X ${"[".repeat(10_000)}${"]".repeat(10_000)} >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
);
const hugeStream = enc.encode(
  "%PDF-1.7\n1 0 obj\n<< /Length 209715200 >>\nstream\nBT ET\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);
for (const [label, bytes] of [
  ["5,000 pages", manyPages],
  ["10,000-deep nesting", nested],
  ["200 MB declared stream", hugeStream],
] as const) {
  const code = (() => {
    const r = inspectPdf(bytes);
    return r.ok ? "accepted" : r.problem.code;
  })();
  rows.push([`inspectPdf, hostile: ${label} → ${code}`, "—", await time(() => inspectPdf(bytes), 3, 20)]);
}

console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}, Node ${process.version}\n`,
);
console.log("| Operation | Target | First run | p50 (warm) | p90 | min | max |");
console.log("|---|---|---|---|---|---|---|");
for (const [label, target, t] of rows)
  console.log(`| ${label} | ${target} | ${ms(t.first)} | ${ms(t.p50)} | ${ms(t.p90)} | ${ms(t.min)} | ${ms(t.max)} |`);
