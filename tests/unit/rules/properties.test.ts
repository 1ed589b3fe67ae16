import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { runValidation, type ValidationOutcome } from "../../../shared/rules/run-validation.ts";
import { RULES_BY_ID } from "../../../shared/rules/rule-table.ts";
import { DOCUMENT_TYPES } from "../../../shared/document-types/identities.ts";
import { emptyReferenceFacts } from "../../../shared/rules/empty-facts.ts";
import { baseline, factsFor, type Json } from "./fixtures.ts";

const docsArb = fc.subarray([...DOCUMENT_TYPES]);

function wellFormed(o: ValidationOutcome): void {
  expect(o.valid).toBe(!o.results.some((r) => r.severity === "error"));
  expect(Number.isInteger(o.score) && o.score >= 0 && o.score <= 100).toBe(true);
  for (const r of o.results) {
    expect(RULES_BY_ID.has(r.rule_id)).toBe(true);
    expect(typeof r.field).toBe("string");
    expect(typeof r.message).toBe("string");
    expect(["error", "warning", "info"]).toContain(r.severity);
  }
  expect(o.layers.every((l) => l.status === (l.results.some((r) => r.severity === "error") ? "failed" : "passed"))).toBe(true);
}

/** Every path (object keys and array indices) inside `value`. */
function allPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [];
  if (Array.isArray(value)) value.forEach((v, i) => out.push([...prefix, i], ...allPaths(v, [...prefix, i])));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) out.push([...prefix, k], ...allPaths(v, [...prefix, k]));
  return out;
}

function setPath(root: Json, path: (string | number)[], value: unknown): Json {
  const copy = JSON.parse(JSON.stringify(root));
  let cur = copy;
  for (const key of path.slice(0, -1)) cur = cur[key];
  cur[path[path.length - 1]] = value;
  return copy;
}

const BASE = baseline();
const BASE_PATHS = allPaths(BASE);

describe("runValidation properties", () => {
  it("never throws on arbitrary JSON (empty and populated facts)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), docsArb, (value, docs) => {
        wellFormed(runValidation(value, { facts: emptyReferenceFacts(), documentTypes: docs }));
        wellFormed(runValidation(value, { facts: factsFor(value, docs), documentTypes: docs }));
      }),
      { numRuns: 300 },
    );
  });

  it("never throws on anything (undefined, NaN, -0, nested odd values)", () => {
    fc.assert(
      fc.property(fc.anything(), docsArb, (value, docs) => {
        wellFormed(runValidation(value, { facts: factsFor(value, docs), documentTypes: docs }));
      }),
      { numRuns: 300 },
    );
  });

  it("never throws when any part of a realistic shipment is replaced by arbitrary data", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BASE_PATHS), fc.oneof(fc.jsonValue(), fc.anything()), docsArb, (path, value, docs) => {
        let shipment: Json;
        try {
          shipment = setPath(BASE, path, value);
        } catch {
          return; // value not JSON-serialisable into the copy (e.g. BigInt): covered by the other properties
        }
        const cur = path.slice(0, -1).reduce((o: Json, k) => o[k], shipment);
        cur[path[path.length - 1]] = value; // the raw value, including undefined / NaN
        wellFormed(runValidation(shipment, { facts: factsFor(shipment, docs), documentTypes: docs }));
      }),
      { numRuns: 500 },
    );
  });

  it("is deterministic: same input, deep-equal output", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BASE_PATHS), fc.jsonValue(), docsArb, (path, value, docs) => {
        const shipment = setPath(BASE, path, value);
        const a = runValidation(shipment, { facts: factsFor(shipment, docs), documentTypes: docs });
        const b = runValidation(structuredClone(shipment), { facts: factsFor(shipment, docs), documentTypes: [...docs] });
        expect(b).toEqual(a);
      }),
      { numRuns: 200 },
    );
  });
});
