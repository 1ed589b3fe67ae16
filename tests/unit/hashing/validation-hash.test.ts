import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { computeValidationHash, isValidationHash, validationHashPayload } from "../../../shared/hashing/validation-hash.ts";
import { RULE_LIBRARY_VERSION } from "../../../shared/rules/rule-table.ts";
import { baseline } from "../rules/fixtures.ts";

const base = { gate: "trade-document-validator", ruleLibraryVersion: RULE_LIBRARY_VERSION };

/** Deep copy with every object's keys in reversed (or rotated) order. */
function reorder(value: unknown, rotate: number): unknown {
  if (Array.isArray(value)) return value.map((v) => reorder(v, rotate));
  if (value && typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => [k, reorder(v, rotate)] as const);
    const r = entries.length ? rotate % entries.length : 0;
    return Object.fromEntries([...entries.slice(r), ...entries.slice(0, r)].reverse());
  }
  return value;
}

type Path = (string | number)[];
function leafPaths(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, [...prefix, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...prefix, k]));
  return [prefix];
}

function changed(leaf: unknown): unknown {
  if (typeof leaf === "string") return `${leaf}x`;
  if (typeof leaf === "number") return leaf === 0 ? 1 : Number.isFinite(leaf * 2) ? leaf * 2 : leaf / 2;
  if (typeof leaf === "boolean") return !leaf;
  return 0; // null
}

function withLeaf(root: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let cur = copy;
  for (const key of path.slice(0, -1)) cur = cur[key] as Record<string | number, unknown>;
  Object.defineProperty(cur, path[path.length - 1], { value: leaf, enumerable: true, writable: true, configurable: true });
  return copy;
}

describe("validation hash", () => {
  it("is sha256:<64 hex> of the canonical payload", async () => {
    const input = { ...base, shipment: baseline(), documentTypes: ["COMMERCIAL_INVOICE"] };
    const hash = await computeValidationHash(input);
    expect(isValidationHash(hash)).toBe(true);
    const payload = validationHashPayload(input);
    expect(
      payload.startsWith(
        `{"document_types":["COMMERCIAL_INVOICE"],"gate":"trade-document-validator","rule_library_version":"${RULE_LIBRARY_VERSION}","shipment":{`,
      ),
    ).toBe(true);
    expect(hash).toBe(`sha256:${createHash("sha256").update(payload, "utf8").digest("hex")}`);
  });

  it("has a fixed test vector", async () => {
    const hash = await computeValidationHash({ shipment: { b: 1, a: "€" }, documentTypes: [], gate: "g", ruleLibraryVersion: "v" });
    const payload = '{"document_types":[],"gate":"g","rule_library_version":"v","shipment":{"a":"€","b":1}}';
    expect(validationHashPayload({ shipment: { b: 1, a: "€" }, gate: "g", ruleLibraryVersion: "v" })).toBe(payload);
    expect(hash).toBe(`sha256:${createHash("sha256").update(payload, "utf8").digest("hex")}`);
  });

  it("ignores document type order and duplicates; changes with gate, version and document types", async () => {
    const shipment = baseline();
    const h = (over: object) =>
      computeValidationHash({ ...base, shipment, documentTypes: ["PACKING_LIST", "COMMERCIAL_INVOICE"], ...over });
    const ref = await h({});
    expect(await h({ documentTypes: ["COMMERCIAL_INVOICE", "PACKING_LIST", "PACKING_LIST"] })).toBe(ref);
    expect(await h({ gate: "sanctions-screening" })).not.toBe(ref);
    expect(await h({ ruleLibraryVersion: `${RULE_LIBRARY_VERSION}-next` })).not.toBe(ref);
    expect(await h({ documentTypes: ["COMMERCIAL_INVOICE"] })).not.toBe(ref);
  });

  it("names the checks that did not run (empty tables), order-free; a run that skipped nothing keeps its hash", async () => {
    const shipment = baseline();
    const ref = await computeValidationHash({ ...base, shipment });
    expect(await computeValidationHash({ ...base, shipment, checksNotRun: [] })).toBe(ref);
    const skipped = await computeValidationHash({
      ...base,
      shipment,
      checksNotRun: [
        { table: "sanctions_ofac", rule_ids: ["rule_sanctions_importer", "rule_sanctions_exporter"] },
        { table: "port_codes", rule_ids: ["rule_port_of_loading_valid"] },
      ],
    });
    expect(skipped).not.toBe(ref);
    const reordered = await computeValidationHash({
      ...base,
      shipment,
      checksNotRun: [
        { table: "port_codes", rule_ids: ["rule_port_of_loading_valid"] },
        { table: "sanctions_ofac", rule_ids: ["rule_sanctions_exporter", "rule_sanctions_importer"] },
      ],
    });
    expect(reordered).toBe(skipped);
    expect(
      validationHashPayload({ shipment: {}, gate: "g", ruleLibraryVersion: "v", checksNotRun: [{ table: "t", rule_ids: ["r"] }] }),
    ).toBe('{"checks_not_run":[{"rule_ids":["r"],"table":"t"}],"document_types":[],"gate":"g","rule_library_version":"v","shipment":{}}');
  });

  it("rejects data without a JSON form", async () => {
    await expect(computeValidationHash({ ...base, shipment: { total: Number.NaN } })).rejects.toThrow(/non-finite/);
  });

  it("is stable under key reordering", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.nat(7), async (shipment, rotate) => {
        const a = await computeValidationHash({ ...base, shipment });
        const b = await computeValidationHash({ ...base, shipment: reorder(shipment, rotate) });
        expect(b).toBe(a);
      }),
      { numRuns: 200 },
    );
    expect(await computeValidationHash({ ...base, shipment: reorder(baseline(), 3) })).toBe(
      await computeValidationHash({ ...base, shipment: baseline() }),
    );
  });

  it("changes when any leaf value changes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.nat(), async (shipment, pick) => {
        const paths = leafPaths(shipment);
        if (paths.length === 0) return; // {} or [] have no leaf
        const path = paths[pick % paths.length];
        const leaf = path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], shipment);
        const a = await computeValidationHash({ ...base, shipment });
        const b = await computeValidationHash({ ...base, shipment: withLeaf(shipment, path, changed(leaf)) });
        expect(b).not.toBe(a);
      }),
      { numRuns: 200 },
    );
    // Every leaf of the realistic shipment.
    const ship = baseline();
    const ref = await computeValidationHash({ ...base, shipment: ship });
    for (const path of leafPaths(ship)) {
      const leaf = path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], ship);
      expect(await computeValidationHash({ ...base, shipment: withLeaf(ship, path, changed(leaf)) }), path.join(".")).not.toBe(ref);
    }
  });
});
