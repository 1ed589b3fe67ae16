import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from "../../support/openai-compatible-server.ts";
import {
  answerToFlat,
  createOpenAiExtractor,
  logprobConfidences,
  NO_LOGPROBS_BASE,
  RESPONSE_FORMAT_NAME,
} from "../../../shared/extraction/extractors/openai-extractor.ts";
import { jsonLeafSpans } from "../../../shared/extraction/extractors/json-spans.ts";
import { extractionConfigWith } from "../../../shared/extraction/extraction-config.ts";
import { applyChecks } from "../../../shared/extraction/confidence.ts";
import { ExtractionFailure } from "../../../shared/extraction/extraction-failure.ts";
import type { DocumentText } from "../../../shared/extraction/document-text.ts";
import { modelAnswer } from "../../support/model-answer.ts";
import { readFileSync } from "node:fs";
import { runExtraction } from "../../../shared/extraction/run-extraction.ts";
import { calibratedConfidence } from "../../../shared/extraction/calibration.ts";

const doc: DocumentText = {
  source: "pdf-text",
  pageCount: 1,
  lines: [
    {
      page: 1,
      y: 10,
      height: 10,
      segments: [
        { text: "Shipper: Acme Widgets Ltd", x0: 0, x1: 100, confidence: 1 },
        { text: "Invoice No. 42", x0: 300, x1: 380, confidence: 1 },
      ],
    },
    {
      page: 1,
      y: 30,
      height: 10,
      segments: [
        { text: "Steel bolts M8", x0: 0, x1: 60, confidence: 1 },
        { text: "1,200", x0: 200, x1: 230, confidence: 1 },
      ],
    },
  ],
};

describe("token log-probabilities → confidences", () => {
  it("finds the character span of every leaf", () => {
    const text = '{"a": {"b": "x\\"y", "c": [1, 2.5e3, null]}, "d": true}';
    const spans = jsonLeafSpans(text);
    expect(spans.map((s) => [s.path, text.slice(s.start, s.end)])).toEqual([
      ["a.b", '"x\\"y"'],
      ["a.c[0]", "1"],
      ["a.c[1]", "2.5e3"],
      ["a.c[2]", "null"],
      ["d", "true"],
    ]);
  });

  it("exp(mean log-probability) of the value's tokens; null when the tokens do not spell the content", () => {
    const content = '{"n": "Acme", "q": 12}';
    const tokens = [
      { token: '{"', logprob: 0 },
      { token: 'n": "', logprob: 0 },
      { token: "Ac", logprob: Math.log(0.5) },
      { token: 'me", "', logprob: Math.log(0.5) },
      { token: 'q": ', logprob: 0 },
      { token: "12", logprob: Math.log(0.9) },
      { token: "}", logprob: 0 },
    ];
    const c = logprobConfidences(content, tokens)!;
    expect(c.get("n")).toBeCloseTo(0.5);
    expect(c.get("q")).toBeCloseTo(0.9);
    expect(logprobConfidences(content, tokens.slice(1))).toBeNull();
  });

  it("answers that break the schema are ExtractionFailures", () => {
    expect(() => answerToFlat("not json", null)).toThrow(ExtractionFailure);
    expect(() => answerToFlat('{"exporter": 5}', null)).toThrow(/schema/);
  });
});

describe("model extractor against an OpenAI-compatible server on 127.0.0.1", () => {
  let server: OpenAiCompatibleServer;
  beforeAll(async () => {
    server = await startOpenAiCompatibleServer({ answer: modelAnswer(), lowLogprobs: [{ text: "MSC Aurora", logprob: -1.5 }] });
  });
  afterAll(() => server.close());

  const config = () =>
    extractionConfigWith({
      extractor: "openai",
      openaiBaseUrl: server.baseUrl,
      openaiApiKey: "sk-test",
      model: "extract-test-model",
      logprobs: true,
    });

  it("sends the model, a strict JSON-schema response format, the document text and logprobs: true", async () => {
    const extractor = await createOpenAiExtractor(config());
    const flat = applyChecks(await extractor.extract(doc));
    const req = server.requests.at(-1)!;
    expect(req.path).toBe("/v1/chat/completions");
    expect(req.headers.authorization).toBe("Bearer sk-test");
    expect(req.body.model).toBe("extract-test-model");
    expect(req.body.logprobs).toBe(true);
    expect(req.body.response_format.type).toBe("json_schema");
    expect(req.body.response_format.json_schema.name).toBe(RESPONSE_FORMAT_NAME);
    expect(req.body.response_format.json_schema.strict).toBe(true);
    const schema = req.body.response_format.json_schema.schema;
    expect(schema.required).toEqual(expect.arrayContaining(["exporter", "importer", "route", "goods", "packaging"]));
    expect(schema.additionalProperties).toBe(false);
    expect(req.body.messages.map((m: { role: string }) => m.role)).toEqual(["system", "user"]);
    // Layout text: each line with its page and top, each run with its left edge.
    expect(req.body.messages[1].content).toContain("[p1 y=10] x=0 Shipper: Acme Widgets Ltd | x=300 Invoice No. 42");
    expect(flat.get("invoice_data.invoice_number")!.value).toBe("42");
    // Values: nulls left out, HS code digits only.
    expect(flat.get("goods.line_items[0].hs_code")!.value).toBe("73181500");
    expect(flat.has("route.voyage_number")).toBe(false);
    expect(flat.has("notify_party.name")).toBe(false);
    // Confidence: the low-probability vessel name is well below a sure value; totals agree (540 = 1200 × 0.45).
    const vessel = flat.get("route.vessel_name")!.confidence;
    const port = flat.get("route.port_of_loading")!.confidence;
    expect(vessel).toBeLessThan(0.3);
    expect(port).toBeGreaterThan(0.95);
    expect(flat.get("goods.total_value")!.confidence).toBeGreaterThan(0.98);
  });

  it("gives the model the exact values of an embedded e-invoice and says to copy them", async () => {
    const known = new Map([["exporter.name", { value: "Acme Widgets Ltd", confidence: 1 }]]);
    await (await createOpenAiExtractor(config())).extract(doc, known);
    const content = server.requests.at(-1)!.body.messages[1].content as string;
    expect(content).toMatch(/^Exact values from the machine-readable invoice/);
    expect(content).toContain('exporter.name = "Acme Widgets Ltd"');
  });

  it("format checks lower what the model got in the wrong shape", async () => {
    server.setAnswer({ answer: modelAnswer({ country: "Germany" }) });
    const flat = applyChecks(await (await createOpenAiExtractor(config())).extract(doc));
    expect(flat.get("importer.country")!.value).toBe("GERMANY");
    expect(flat.get("importer.country")!.confidence).toBeLessThan(0.55);
    expect(flat.get("exporter.country")!.confidence).toBeGreaterThan(0.95);
  });

  it("the model's values carry evidence from the text it saw, and the fitted map calibrates them as the built-in extractor's", async () => {
    server.setAnswer({ answer: modelAnswer(), lowLogprobs: [{ text: "MSC Aurora", logprob: -1.5 }] });
    const flat = await (await createOpenAiExtractor(config())).extract(doc);
    // "Acme Widgets Ltd" is printed in the text; the vessel is not: the model did not read it there.
    expect(flat.get("exporter.name")!.evidence).toEqual({ source: "model", agreement: true });
    expect(flat.get("route.vessel_name")!.evidence).toEqual({ source: "model", agreement: false });
    const bytes = new Uint8Array(readFileSync(new URL("fixtures/invoice-xlwt.xls", import.meta.url)));
    for (const extractor of ["openai", "builtin"] as const) {
      const c = { ...config(), extractor };
      const raw = await runExtraction(bytes, "xls", { ...c, calibrate: false });
      const calibrated = await runExtraction(bytes, "xls", c);
      expect([...calibrated.flat.keys()]).toEqual([...raw.flat.keys()]);
      for (const [path, v] of raw.flat) expect(calibrated.flat.get(path)!.confidence).toBe(calibratedConfidence(path, v));
    }
    // The model was shown the same layout text the built-in extractor reads.
    expect(server.requests.at(-1)!.body.messages[1].content).toMatch(/^\[p1 y=\d+\] x=\d+ /m);
  });

  it("without log-probabilities the base confidence is the documented constant", async () => {
    server.setAnswer({ answer: modelAnswer(), withoutLogprobs: true });
    const flat = await (await createOpenAiExtractor(config())).extract(doc);
    expect(flat.get("exporter.name")!.confidence).toBe(NO_LOGPROBS_BASE);
  });

  it("a failing server is an ExtractionFailure with the reason", async () => {
    server.setAnswer({ answer: {}, status: 500 });
    await expect((await createOpenAiExtractor(config())).extract(doc)).rejects.toThrow(/model request failed/);
  });
});
