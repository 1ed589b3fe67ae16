/** Settings of data extraction from uploads (docs/extraction.md). */
import { z } from "zod";
import { choice, flag, integer, text, type Vars } from "./env-values.ts";

export interface ExtractionConfig {
  /** builtin (default, offline, deterministic) or openai (any OpenAI-compatible chat-completions server). */
  extractor: "builtin" | "openai";
  /** OPENAI_BASE_URL; unset means the OpenAI API. */
  openaiBaseUrl?: string;
  /** OPENAI_API_KEY; required when extractor is openai. */
  openaiApiKey?: string;
  /** TDS_EXTRACTION_MODEL. */
  model: string;
  /** Ask the server for token log-probabilities (TDS_EXTRACTION_LOGPROBS, default true). */
  logprobs: boolean;
  /** Model request timeout (TDS_EXTRACTION_TIMEOUT_MS). */
  timeoutMs: number;
  /** Uploaded files are deleted this many days after the upload (TDS_UPLOAD_RETENTION_DAYS, default 5). */
  retentionDays: number;
  /** At most this many pages are read (PDF text and OCR alike; TDS_EXTRACTION_MAX_PAGES, default 20). */
  maxPages: number;
  /** Worker poll interval in ms (TDS_EXTRACTION_POLL_MS, default 1000). */
  pollMs: number;
  /** Budgets of reading one upload (docs/extraction.md, "Limits"). */
  budgets: ReadBudgets;
  /** Read a Factur-X/ZUGFeRD/UBL invoice embedded in a PDF first (default true; the benchmark turns it off to measure the text reading alone). */
  readEmbedded?: boolean;
  /** Apply the fitted confidence map (default true; the refit script turns it off to see the evidence and step scores). */
  calibrate?: boolean;
}

export interface ReadBudgets {
  /** Bytes all decompression of one upload may produce: PDF streams, zip entries (TDS_EXTRACTION_MAX_INFLATED_BYTES). */
  maxInflatedBytes: number;
  /** Pixels of one image, or of a PDF page rendered for OCR (TDS_EXTRACTION_MAX_PIXELS). */
  maxPixels: number;
  /** Heap of the isolated reader (child process or worker thread; TDS_EXTRACTION_WORKER_MEMORY_MB). */
  workerMemoryMb: number;
  /** Wall time of reading and extracting one upload (TDS_EXTRACTION_TIME_LIMIT_SECONDS). */
  timeLimitMs: number;
}

export const extractionVariables = {
  TDS_EXTRACTOR: choice(["builtin", "openai"], "builtin"),
  OPENAI_BASE_URL: text(),
  OPENAI_API_KEY: text(),
  TDS_EXTRACTION_MODEL: text("gpt-4o-mini"),
  TDS_EXTRACTION_LOGPROBS: flag(true),
  TDS_EXTRACTION_TIMEOUT_MS: integer(1000, 60_000),
  TDS_UPLOAD_RETENTION_DAYS: integer(1, 5),
  TDS_EXTRACTION_MAX_PAGES: integer(1, 20),
  TDS_EXTRACTION_POLL_MS: integer(10, 1000),
  TDS_EXTRACTION_MAX_INFLATED_BYTES: integer(1_048_576, 104_857_600),
  TDS_EXTRACTION_MAX_PIXELS: integer(1_000_000, 40_000_000),
  TDS_EXTRACTION_WORKER_MEMORY_MB: integer(64, 256),
  TDS_EXTRACTION_TIME_LIMIT_SECONDS: integer(1, 120),
};

export function extractionSettings(v: Vars<typeof extractionVariables>): ExtractionConfig {
  return {
    extractor: v.TDS_EXTRACTOR,
    openaiBaseUrl: v.OPENAI_BASE_URL,
    openaiApiKey: v.OPENAI_API_KEY,
    model: v.TDS_EXTRACTION_MODEL,
    logprobs: v.TDS_EXTRACTION_LOGPROBS,
    timeoutMs: v.TDS_EXTRACTION_TIMEOUT_MS,
    retentionDays: v.TDS_UPLOAD_RETENTION_DAYS,
    maxPages: v.TDS_EXTRACTION_MAX_PAGES,
    pollMs: v.TDS_EXTRACTION_POLL_MS,
    budgets: {
      maxInflatedBytes: v.TDS_EXTRACTION_MAX_INFLATED_BYTES,
      maxPixels: v.TDS_EXTRACTION_MAX_PIXELS,
      workerMemoryMb: v.TDS_EXTRACTION_WORKER_MEMORY_MB,
      timeLimitMs: v.TDS_EXTRACTION_TIME_LIMIT_SECONDS * 1000,
    },
  };
}

/** The defaults with some settings replaced, whatever the environment says (tests, benchmarks). */
export function extractionConfigWith(overrides: Partial<ExtractionConfig> = {}): ExtractionConfig {
  return { ...extractionSettings(z.object(extractionVariables).parse({})), ...overrides };
}
