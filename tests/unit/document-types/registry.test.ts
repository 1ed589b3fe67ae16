import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DESCRIPTOR_OF, DESCRIPTORS, LAYOUTS } from "../../../shared/document-types/registry.ts";
import { DOCUMENT_CHECKS } from "../../../shared/rules/table/stage-4-documents.ts";
import { DOCUMENT_TYPES, IDENTITIES, mergeDataBlocks } from "../../../shared/document-types/identities.ts";
import { TradeShipmentSchema } from "../../../shared/shipments/trade-shipment-schema.ts";

// The registry is the one list of document types: what is derived from it is only as right as its entries.
describe("document-type registry", () => {
  it("lists one descriptor per document type", () => {
    expect(DESCRIPTORS.map((d) => d.type).sort()).toEqual([...DOCUMENT_TYPES].sort());
    expect(Object.keys(DESCRIPTOR_OF)).toEqual([...DOCUMENT_TYPES]);
  });

  it("keeps each type in the folder named after it (identity, descriptor and layout), and draws each type with its descriptor's layout", () => {
    const types = new URL("../../../shared/document-types/types/", import.meta.url);
    const folders = readdirSync(fileURLToPath(types), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(folders.map((f) => f.name).sort()).toEqual(DOCUMENT_TYPES.map((t) => t.toLowerCase().replaceAll("_", "-")).sort());
    for (const folder of folders)
      expect(readdirSync(fileURLToPath(new URL(`${folder.name}/`, types)))).toEqual(
        expect.arrayContaining(["identity.ts", "descriptor.ts", "layout.ts"]),
      );
    for (const type of DOCUMENT_TYPES) expect(LAYOUTS[type]).toBe(DESCRIPTOR_OF[type].layout);
  });

  it("marks soft warnings on recommended rows only and conditions on condition rows only", () => {
    for (const d of DESCRIPTORS) {
      expect(
        d.required.filter((r) => r[3] === "warn" || r[3] === "condition"),
        d.type,
      ).toEqual([]);
      expect(
        d.recommended.filter((r) => r[3] !== undefined && r[3] !== "warn"),
        d.type,
      ).toEqual([]);
      expect(
        (d.conditions ?? []).filter((r) => r[3] !== "condition"),
        d.type,
      ).toEqual([]);
    }
  });

  it("names a known check for every stage-4 rule, and no rule id twice", () => {
    const rules = DESCRIPTORS.flatMap((d) => d.rules ?? []);
    for (const r of rules) expect(DOCUMENT_CHECKS[r.check], r.id).toBeTypeOf("function");
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
  });

  it("puts every data block a type owns into the shipment schema, and refuses a block two types declare", () => {
    const schemaKeys = Object.keys(TradeShipmentSchema.shape);
    for (const { data } of IDENTITIES) for (const key of Object.keys(data ?? {})) expect(schemaKeys).toContain(key);
    const [a, b] = IDENTITIES.filter((i) => i.data);
    expect(() => mergeDataBlocks([a, { ...b, data: a.data }])).toThrow(/owns/);
    expect(Object.keys(mergeDataBlocks([a, b]))).toEqual([...Object.keys(a.data ?? {}), ...Object.keys(b.data ?? {})]);
  });

  it("gives each sample block to one type", () => {
    const keys = DESCRIPTORS.flatMap((d) => Object.keys(d.sample ?? {}));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
