import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { AppError } from "../../../shared/errors/app-error.ts";
import { jsonDepth, MAX_JSON_DEPTH, parseJsonText, wellFormed } from "../../../shared/http/json-text.ts";

function refusal(text: string): AppError {
  try {
    parseJsonText(text);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error(`accepted: ${text.slice(0, 80)}`);
}

describe("parseJsonText: the one parser of outside JSON", () => {
  it("counts nesting outside strings only, and stops counting past the limit", () => {
    expect(jsonDepth('{"a": [1, {"b": "[[[{{{"}]}')).toBe(3);
    expect(jsonDepth('["\\"[["]')).toBe(1);
    expect(jsonDepth("[".repeat(1_000_000), 10)).toBe(11);
  });

  it("accepts the limit and refuses one level more, naming the limit (SVC_REQ_007); 5,000 and 1,000,000 deep never reach the stack", () => {
    const nested = (n: number) => `${"[".repeat(n - 1)}{"a":1}${"]".repeat(n - 1)}`;
    expect(() => parseJsonText(nested(MAX_JSON_DEPTH))).not.toThrow();
    for (const n of [MAX_JSON_DEPTH + 1, 5_000, 1_000_000]) {
      const e = refusal(nested(n));
      expect(e.code).toBe("SVC_REQ_007");
      expect(e.status).toBe(400);
      expect(e.message).toContain(String(MAX_JSON_DEPTH));
      expect(e.details.max_depth).toBe(MAX_JSON_DEPTH);
    }
    expect(refusal(`${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`).code).toBe("SVC_REQ_007");
  });

  it("refuses a number beyond double range, naming its field", () => {
    for (const [text, field] of [
      ['{"goods": {"total_value": 1e400}}', "goods.total_value"],
      ['{"a": [0, -1e999]}', "a[1]"],
      [`{"n": ${"9".repeat(400)}}`, "n"],
    ] as const) {
      const e = refusal(text);
      expect(e.code).toBe("SVC_REQ_002");
      expect(e.details.field).toBe(field);
      expect(e.message).toContain(field);
    }
    // Small numbers underflow to 0 (finite): kept as JSON.parse reads them.
    expect(parseJsonText('{"n": 1e-400}')).toEqual({ n: 0 });
  });

  it("refuses NUL in values and keys, naming the field", () => {
    expect(refusal('{"a": {"b": ["x", "y\\u0000"]}}').details.field).toBe("a.b[1]");
    expect(refusal('{"a\\u0000b": 1}').code).toBe("SVC_REQ_002");
  });

  it("turns lone surrogates into U+FFFD in values and keys, keeps pairs, and keeps key order and __proto__ as a key", () => {
    expect(parseJsonText('{"a": "\\ud800", "b": "x\\udfffy", "c": "\\ud83d\\ude00"}')).toEqual({ a: "\uFFFD", b: "x\uFFFDy", c: "😀" });
    const v = parseJsonText('{"z": 1, "k\\ud800": 2, "__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(["z", "k\uFFFD", "__proto__"]);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("agrees with JSON.parse on any well-formed JSON within the limits, and never throws anything but an AppError", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const text = JSON.stringify(value);
        expect(parseJsonText(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 150 },
    );
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        try {
          const v = parseJsonText(text);
          expect(wellFormed(JSON.stringify(v))).toBe(JSON.stringify(v));
        } catch (e) {
          expect(e).toBeInstanceOf(AppError);
        }
      }),
      { numRuns: 150 },
    );
  });
});
