import { readEnv } from "../runtime/env.ts";

/** Settings of the extraction area (read here rather than in the shared Config: only this area uses them). */
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
  /** Read a Factur-X/ZUGFeRD/UBL invoice embedded in a PDF first (default true; the benchmark turns it off to measure the text reading alone). */
  readEmbedded?: boolean;
}

function int(name: string, fallback: number, min: number): number {
  const raw = readEnv(name);
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return n;
}

export function loadExtractionConfig(overrides: Partial<ExtractionConfig> = {}): ExtractionConfig {
  const extractor = (readEnv("TDS_EXTRACTOR") || "builtin").toLowerCase();
  if (extractor !== "builtin" && extractor !== "openai") throw new Error(`TDS_EXTRACTOR must be builtin or openai, got "${extractor}"`);
  const logprobs = (readEnv("TDS_EXTRACTION_LOGPROBS") || "true").toLowerCase();
  return {
    extractor,
    openaiBaseUrl: readEnv("OPENAI_BASE_URL") || undefined,
    openaiApiKey: readEnv("OPENAI_API_KEY") || undefined,
    model: readEnv("TDS_EXTRACTION_MODEL") || "gpt-4o-mini",
    logprobs: !["false", "0", "no", "off"].includes(logprobs),
    timeoutMs: int("TDS_EXTRACTION_TIMEOUT_MS", 60_000, 1000),
    retentionDays: int("TDS_UPLOAD_RETENTION_DAYS", 5, 1),
    maxPages: int("TDS_EXTRACTION_MAX_PAGES", 20, 1),
    pollMs: int("TDS_EXTRACTION_POLL_MS", 1000, 10),
    ...overrides,
  };
}
