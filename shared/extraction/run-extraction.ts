/** File bytes → extraction result: read (per input kind), extract (built-in or model), check. */
import { applyChecks } from "./confidence.ts";
import { calibrate } from "./calibration.ts";
import type { DocumentText, InputSource } from "./document-text.ts";
import type { ExtractionConfig } from "./extraction-config.ts";
import { ExtractionFailure } from "./extraction-failure.ts";
import { toResultTree, type FlatExtraction } from "./extraction-result.ts";
import type { Extractor } from "./extractors/extractor.ts";
import { createBuiltinExtractor } from "./extractors/create-builtin-extractor.ts";
import type { FileKind } from "./file-kinds.ts";
import { readDocument } from "./readers/read-document.ts";
import { combineReadings } from "./second-reading.ts";
import { type EmbeddedInvoice, mergeWithEmbedded, readEmbeddedInvoice } from "./embedded/read-embedded-invoice.ts";

export interface ExtractionOutcome {
  source: InputSource;
  /** Pages (or sheets) read. */
  pages: number;
  /** Set when a machine-readable invoice inside the PDF gave the exact values. */
  embedded?: { file: string; syntax: "cii" | "ubl" };
  extractor: Extractor["name"];
  flat: FlatExtraction;
  result: Record<string, unknown>;
}

const extractors = new WeakMap<ExtractionConfig, Promise<Extractor>>();

export function extractorFor(config: ExtractionConfig): Promise<Extractor> {
  let e = extractors.get(config);
  if (!e) {
    e =
      config.extractor === "openai"
        ? import("./extractors/openai-extractor.ts").then((m) => m.createOpenAiExtractor(config))
        : Promise.resolve(createBuiltinExtractor());
    e.catch(() => extractors.delete(config));
    extractors.set(config, e);
  }
  return e;
}

/** What the readers give: the document's text and, for a PDF, an embedded e-invoice. */
export interface ReadInput {
  doc: DocumentText;
  embedded: EmbeddedInvoice | null;
}

/** The reading half (the heavy one: decompression, parsing, OCR), under the configured budgets. */
export async function readInput(bytes: Uint8Array, kind: FileKind, config: ExtractionConfig): Promise<ReadInput> {
  const doc = await readDocument(bytes, kind, { maxPages: config.maxPages, budgets: config.budgets });
  const embedded = config.readEmbedded === false ? null : readEmbeddedInvoice(doc.attachments ?? []);
  if (doc.lines.length === 0 && !embedded) throw new ExtractionFailure("No text could be read from the file");
  return { doc, embedded };
}

/** The extracting half: text → checked values, merged with the embedded invoice's exact ones. */
export async function extractFrom(
  { doc, embedded }: ReadInput,
  config: ExtractionConfig,
  extractor?: Extractor,
): Promise<ExtractionOutcome> {
  const x = extractor ?? (await extractorFor(config));
  // The checks adjust what was read from text and the fitted map turns the evidence into the
  // confidence (calibration.ts); exact embedded values keep confidence 1.
  let read = doc.lines.length > 0 ? await x.extract(doc, embedded?.values) : new Map();
  // The built-in extractor also reads the other OCR readings (cheap: no model call): evidence for each
  // value, and second opinions where the first reading is unsure, outvoted or silent (second-reading.ts).
  if (doc.secondReading && doc.secondReading.length > 0 && x.name === "builtin") {
    const second = await x.extract({ ...doc, lines: doc.secondReading }, embedded?.values);
    const third = doc.thirdReading?.length ? await x.extract({ ...doc, lines: doc.thirdReading }, embedded?.values) : new Map();
    read = combineReadings(read, second, third);
  }
  const checked = read.size > 0 ? applyChecks(read) : new Map();
  const fromText = config.calibrate === false ? checked : calibrate(checked);
  const flat = embedded ? mergeWithEmbedded(embedded.values, fromText) : fromText;
  if (flat.size === 0) throw new ExtractionFailure("No shipment data was found in the document");
  return {
    source: doc.source,
    pages: doc.pageCount,
    ...(embedded ? { embedded: { file: embedded.file, syntax: embedded.syntax } } : {}),
    extractor: x.name,
    flat,
    result: toResultTree(flat),
  };
}

/** In this thread; the job runs it isolated (isolation/isolated-extraction.ts). */
export async function runExtraction(
  bytes: Uint8Array,
  kind: FileKind,
  config: ExtractionConfig,
  extractor?: Extractor,
): Promise<ExtractionOutcome> {
  return extractFrom(await readInput(bytes, kind, config), config, extractor);
}
