/**
 * The budgets every reader of an upload runs under, checked at the reader's entry before any parser
 * sees the bytes: what decompression may produce (PDF streams through the PDF pre-flight, zip entries
 * of an XLSX), and the pixels of an image. One ByteBudget per upload, shared by everything it contains
 * (a Factur-X PDF's XML attachment is one of its streams). Going over fails the job with a message
 * naming the budget and its setting. XLS has no compression: its size is the upload's.
 */
import { BudgetExceeded, ByteBudget, formatBytes, PixelLimitExceeded } from "../../decompression/byte-budget.ts";
import { chargeZipEntries, ZipProblem } from "../../decompression/zip-entries.ts";
import { inspectPdf } from "../../pdf/inspect-pdf.ts";
import { chargePdfStreams } from "../../pdf/measure-streams.ts";
import { isPdfProblemError } from "../../pdf/pdf-problem.ts";
import type { ReadBudgets } from "../../runtime/config/extraction-settings.ts";
import { ExtractionFailure } from "../extraction-failure.ts";
import type { FileKind } from "../file-kinds.ts";
import { imageDimensions } from "./image-dimensions.ts";

export type ByteAndPixelBudgets = Pick<ReadBudgets, "maxInflatedBytes" | "maxPixels">;

export const DEFAULT_READ_BUDGETS: ByteAndPixelBudgets = { maxInflatedBytes: 104_857_600, maxPixels: 40_000_000 };

/** Pages the PDF pre-flight accepts for extraction (only TDS_EXTRACTION_MAX_PAGES of them are read). */
const PREFLIGHT_MAX_PAGES = 10_000;

export function inflatedBudgetError(limit: number, detail: string): ExtractionFailure {
  return new ExtractionFailure(
    `The file exceeds the decompressed-size budget: ${detail} (limit ${limit} bytes, TDS_EXTRACTION_MAX_INFLATED_BYTES)`,
  );
}

export function pixelBudgetError(e: PixelLimitExceeded): ExtractionFailure {
  return new ExtractionFailure(`The file exceeds the image-size budget: ${e.message} (TDS_EXTRACTION_MAX_PIXELS)`);
}

function asBudgetError(e: unknown, what: string): ExtractionFailure | null {
  if (e instanceof BudgetExceeded) return inflatedBudgetError(e.limit, `${what}'s ${e.message.replace(/^its /, "")}`);
  if (e instanceof PixelLimitExceeded) return pixelBudgetError(e);
  return null;
}

/** Checks the upload against the budgets; throws ExtractionFailure naming the budget it exceeds. */
export async function checkReadBudgets(bytes: Uint8Array, kind: FileKind, budgets: ByteAndPixelBudgets): Promise<void> {
  if (kind === "pdf") return checkPdf(bytes, budgets);
  if (kind === "xlsx") return checkZip(bytes, budgets);
  if (kind === "png" || kind === "jpeg" || kind === "tiff") checkPixels(bytes, kind, budgets.maxPixels);
}

export function checkPixels(bytes: Uint8Array, kind: FileKind, maxPixels: number, what = "The image"): void {
  const d = imageDimensions(bytes, kind);
  if (d && d.width * d.height > maxPixels)
    throw pixelBudgetError(new PixelLimitExceeded(d.width * d.height, maxPixels, `${what} (${d.width} × ${d.height})`));
}

async function checkPdf(bytes: Uint8Array, budgets: ByteAndPixelBudgets): Promise<void> {
  const pre = inspectPdf(bytes, {
    maxBytes: Number.MAX_SAFE_INTEGER, // the upload limit applies before
    maxPages: PREFLIGHT_MAX_PAGES,
    maxDecodedBytes: budgets.maxInflatedBytes,
    listStreams: true,
    allowXfa: true,
  });
  if (!pre.ok) {
    const { code, message } = pre.problem;
    if (code === "too_large" && /expand/.test(message))
      throw inflatedBudgetError(
        budgets.maxInflatedBytes,
        `the PDF's object streams expand to more than ${formatBytes(budgets.maxInflatedBytes)}`,
      );
    // Encrypted streams cannot be measured: pdfjs decrypts them (or asks for the password), and the
    // isolated worker's heap and time limits are what bound it.
    if (code === "encrypted") return;
    if (code === "not_pdf" || code === "empty") throw new ExtractionFailure(`The PDF could not be read (corrupt or not a PDF): ${message}`);
    throw new ExtractionFailure(`The PDF could not be read: ${message}`);
  }
  const budget = new ByteBudget(budgets.maxInflatedBytes);
  budget.charge(pre.facts.decodedBytes, "object streams");
  try {
    await chargePdfStreams(bytes, pre.facts.streams, budget, budgets.maxPixels);
  } catch (e) {
    if (isPdfProblemError(e)) throw new ExtractionFailure(`The PDF could not be read: ${e.message}`);
    throw asBudgetError(e, "the PDF") ?? e;
  }
}

async function checkZip(bytes: Uint8Array, budgets: ByteAndPixelBudgets): Promise<void> {
  try {
    await chargeZipEntries(bytes, new ByteBudget(budgets.maxInflatedBytes), "entries");
  } catch (e) {
    if (e instanceof ZipProblem)
      throw new ExtractionFailure(`The XLSX file could not be read (corrupt or not a spreadsheet): ${e.message}`);
    throw asBudgetError(e, "the XLSX file") ?? e;
  }
}
