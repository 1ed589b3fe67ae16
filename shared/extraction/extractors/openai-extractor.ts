/**
 * The model extractor: one chat-completions call to the OpenAI API or any OpenAI-compatible server
 * (OPENAI_BASE_URL), with structured output from a zod schema (openai 6's zodResponseFormat, which
 * takes zod 4 schemas: strict JSON schema, every key required, nulls for what the document lacks) and
 * token log-probabilities when the server gives them (logprobs: true).
 *
 * Base confidence of a value = exp(mean log-probability of the tokens that spell it); without
 * log-probabilities it is NO_LOGPROBS_BASE. Each value gets evidence from the document text
 * (model-evidence.ts); applyChecks() and the fitted map (calibration.ts) then apply as for the
 * built-in extractor. The model sees the document's text (text layer, OCR or
 * cells), not the image.
 */
import type { DocumentText } from "../document-text.ts";
import type { ExtractionConfig } from "../extraction-config.ts";
import { ExtractionFailure } from "../extraction-failure.ts";
import type { FlatExtraction } from "../extraction-result.ts";
import type { Extractor } from "./extractor.ts";
import { jsonLeafSpans } from "./json-spans.ts";
import { ModelAnswerSchema } from "./model-answer-schema.ts";
import { withModelEvidence } from "./model-evidence.ts";

export const NO_LOGPROBS_BASE = 0.75;
export const RESPONSE_FORMAT_NAME = "trade_shipment_extraction";
const MAX_DOCUMENT_CHARS = 60_000;

export const SYSTEM_PROMPT = [
  "You extract shipment data from one trade document (commercial invoice, packing list, bill of lading, or a spreadsheet of the same).",
  "Answer with the JSON schema given. Copy values as the document states them; use null for anything the document does not state. Never guess.",
  "Countries as ISO 3166-1 alpha-2 codes, currency as an ISO 4217 code, HS codes as digits only, ports as UN/LOCODE when the document gives one.",
  "Numbers as JSON numbers without thousands separators (the document may write 1.234,56 for 1234.56). Weights in kilograms.",
  "exporter is the shipper/seller, importer the consignee/buyer. line_items are the rows of the goods table, in order.",
  'invoice_data holds the invoice\'s own number and date (YYYY-MM-DD). Postal codes without a country prefix ("DE 80333" is DE and 80333).',
].join("\n");

/**
 * The page as positioned text: one line per text line with its page and top (y), each run with its
 * left edge (x), so the model can tell columns, label–value pairs and table cells apart as the
 * built-in reader does. Values already read exactly from an embedded e-invoice come first: the model
 * is told to copy them and only fill what they lack.
 */
export function documentPrompt(doc: DocumentText, known?: FlatExtraction): string {
  const round = (v: number) => Math.round(v);
  const body = doc.lines
    .map((l) => `[p${l.page} y=${round(l.y)}] ${l.segments.map((s) => `x=${round(s.x0)} ${s.text}`).join(" | ")}`)
    .join("\n");
  const source = {
    "pdf-text": "PDF text layer",
    "pdf-ocr": "OCR of a scanned PDF",
    "image-ocr": "OCR of an image",
    spreadsheet: "spreadsheet cells (x = column, y = row)",
  }[doc.source];
  const exact =
    known && known.size > 0
      ? `Exact values from the machine-readable invoice embedded in the PDF (copy them unchanged; fill only what they lack):\n${[...known].map(([k, v]) => `${k} = ${JSON.stringify(v.value)}`).join("\n")}\n\n`
      : "";
  return `${exact}Document (${source}, ${doc.pageCount} page${doc.pageCount === 1 ? "" : "s"}), lines as [page y] and runs as x=left edge:\n\n${body.slice(0, MAX_DOCUMENT_CHARS)}`;
}

function normalise(path: string, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  let v = value.trim();
  if (!v) return null;
  if (/\.hs_code$/.test(path)) v = v.replace(/[^\d]/g, "");
  if (/(country|currency|incoterms|port_of_loading|port_of_discharge)$/.test(path)) v = v.toUpperCase();
  return v || null;
}

interface TokenLogprob {
  token: string;
  logprob: number;
}

/** Base confidence per path from the tokens that spell each value (null when they cannot be lined up). */
export function logprobConfidences(content: string, tokens: TokenLogprob[] | null | undefined): Map<string, number> | null {
  if (!tokens || tokens.length === 0) return null;
  if (tokens.map((t) => t.token).join("") !== content) return null;
  const starts: number[] = [];
  let at = 0;
  for (const t of tokens) {
    starts.push(at);
    at += t.token.length;
  }
  const out = new Map<string, number>();
  for (const span of jsonLeafSpans(content)) {
    // A string's own characters, without its quotes (they belong to the JSON syntax, always sure).
    const quoted = content[span.start] === '"' && span.end - span.start > 2;
    const start = quoted ? span.start + 1 : span.start;
    const end = quoted ? span.end - 1 : span.end;
    const lps: number[] = [];
    tokens.forEach((t, k) => {
      const s = starts[k];
      const e = s + t.token.length;
      if (e > start && s < end) lps.push(Math.max(t.logprob, -50));
    });
    if (lps.length > 0) out.set(span.path, Math.exp(lps.reduce((a, b) => a + b, 0) / lps.length));
  }
  return out;
}

/** The model's answer as flat paths with base confidences. */
export function answerToFlat(content: string, tokens: TokenLogprob[] | null | undefined): FlatExtraction {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw new ExtractionFailure("The model's answer is not valid JSON");
  }
  const parsed = ModelAnswerSchema.safeParse(json);
  if (!parsed.success)
    throw new ExtractionFailure(`The model's answer does not follow the schema: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  const confidences = logprobConfidences(content, tokens);
  const out: FlatExtraction = new Map();
  for (const span of jsonLeafSpans(content)) {
    const raw = JSON.parse(content.slice(span.start, span.end)) as unknown;
    const value = normalise(span.path, raw);
    if (value === null) continue;
    out.set(span.path, { value, confidence: confidences?.get(span.path) ?? NO_LOGPROBS_BASE });
  }
  return out;
}

export async function createOpenAiExtractor(config: ExtractionConfig): Promise<Extractor> {
  const [{ default: OpenAI }, { zodResponseFormat }] = await Promise.all([import("openai"), import("openai/helpers/zod")]);
  if (!config.openaiApiKey && !config.openaiBaseUrl)
    throw new ExtractionFailure("TDS_EXTRACTOR=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)");
  const client = new OpenAI({
    apiKey: config.openaiApiKey ?? "not-needed",
    baseURL: config.openaiBaseUrl,
    timeout: config.timeoutMs,
    maxRetries: 1,
  });
  const responseFormat = zodResponseFormat(ModelAnswerSchema, RESPONSE_FORMAT_NAME);
  return {
    name: "openai",
    async extract(doc, known) {
      let completion;
      try {
        completion = await client.chat.completions.create({
          model: config.model,
          temperature: 0,
          messages: [
            { role: "system", content: SYSTEM_PROMPT },
            { role: "user", content: documentPrompt(doc, known) },
          ],
          response_format: { type: "json_schema", json_schema: responseFormat.json_schema },
          ...(config.logprobs ? { logprobs: true } : {}),
        });
      } catch (e) {
        throw new ExtractionFailure(`The model request failed: ${e instanceof Error ? e.message : String(e)}`);
      }
      const choice = completion.choices?.[0];
      if (!choice) throw new ExtractionFailure("The model returned no answer");
      if (choice.message?.refusal) throw new ExtractionFailure(`The model refused: ${choice.message.refusal}`);
      if (choice.finish_reason === "length") throw new ExtractionFailure("The model's answer was cut short (length limit)");
      const content = choice.message?.content;
      if (!content) throw new ExtractionFailure("The model returned an empty answer");
      // Evidence from the same text the model saw, for the same calibration as the built-in extractor.
      return withModelEvidence(answerToFlat(content, choice.logprobs?.content ?? null), doc);
    },
  };
}
