/** mapFieldsToShipment and mergeIntoShipment: pure, typed by the TradeShipment schema. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  mapFieldsToShipment,
  mergeIntoShipment as mergeInto,
  parseFormNumber,
  schemaKindsAt,
} from "../../../shared/pdf/read-form-fields.ts";
import { TradeShipmentSchema } from "../../../shared/shipments/trade-shipment-schema.ts";
import { dataPathToFieldPath } from "../../../shared/pdf/field-paths.ts";
import { sampleShipment } from "../../support/sample-shipments.ts";

/** The merge as extract-filled-fields calls it: typed by the TradeShipment schema. */
const mergeIntoShipment = (data: unknown, mapped: Record<string, string>) => mergeInto(data, mapped, TradeShipmentSchema);

describe("mapFieldsToShipment", () => {
  it("maps non-empty fields through the generator's mapping; identity and grammar-less names are handled", () => {
    const result = mapFieldsToShipment({
      "goods.lineItems.0.unNumber": " UN3480 ",
      "exporter.addressLine_2": "Hala 3",
      "blData.freightPayment": "",
      "route.vesselName": "   ",
      _service_doc_type: "COMMERCIAL_INVOICE",
      Text1: "free text",
      "Exporter.Name": "ACME",
    });
    expect(result.mapped_data).toEqual({ "goods.line_items.0.un_number": "UN3480", "exporter.address_line_2": "Hala 3" });
    expect(result.unmapped_fields).toEqual({ Text1: "free text", "Exporter.Name": "ACME" });
  });

  it("round-trips every generated field name (property)", () => {
    const segment = fc.stringMatching(/^[a-z][a-z0-9]{0,6}(_[a-z0-9]{1,5}){0,2}$/);
    const path = fc
      .array(fc.oneof(segment, fc.nat({ max: 30 }).map(String)), { minLength: 1, maxLength: 5 })
      .filter((s) => !/^\d/.test(s[0]));
    fc.assert(
      fc.property(
        path,
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
        (segments, value) => {
          const dataPath = segments.join(".");
          const { mapped_data } = mapFieldsToShipment({ [dataPathToFieldPath(dataPath)]: value });
          expect(mapped_data).toEqual({ [dataPath]: value.trim() });
        },
      ),
    );
  });
});

describe("mergeIntoShipment", () => {
  it("fills missing and changed values, leaves equal ones alone, never mutates the input", () => {
    const shipment = sampleShipment();
    const before = structuredClone(shipment);
    const result = mergeIntoShipment(shipment, {
      "exporter.name": "Fabryka Mebli Łódzkich Sp. z o.o.", // unchanged
      "exporter.city": "Łódź-Widzew", // changed
      "bl_data.bl_number": "MEDUPL999999", // missing block
      "goods.line_items.0.quantity": "40", // unchanged after typing
      "goods.line_items.1.quantity": "121", // changed number
    });
    expect(shipment).toEqual(before);
    expect(result.updatedPaths).toEqual(["exporter.city", "bl_data.bl_number", "goods.line_items.1.quantity"]);
    expect(result.skipped).toEqual([]);
    const data = result.data as Record<string, Record<string, unknown>>;
    expect(data.exporter.city).toBe("Łódź-Widzew");
    expect((data.bl_data as Record<string, unknown>).bl_number).toBe("MEDUPL999999");
    expect((data.goods.line_items as Record<string, unknown>[])[1].quantity).toBe(121);
  });

  it("types values by the schema: numbers (with thousands separators), booleans, lists; keeps strings", () => {
    const result = mergeIntoShipment(
      { goods: { line_items: [{ description: "Tables" }] } },
      {
        "goods.total_value": "53,340.00",
        "goods.line_items.0.net_weight_kg": "1 800,5",
        "goods.line_items.0.is_hazardous": "Yes",
        "goods.line_items.0.compliance_flags": "dgd, lq",
        "goods.line_items.0.hs_code": "9403601000",
        "vgm_data.weighing_method": "2",
        "sli_data.eei_filing": "Forwarder files the EEI",
        "custom.reference": "12",
      },
    );
    expect(result.skipped).toEqual([]);
    expect(result.data).toEqual({
      goods: {
        total_value: 53340,
        line_items: [
          { description: "Tables", net_weight_kg: 1800.5, is_hazardous: true, compliance_flags: ["dgd", "lq"], hs_code: "9403601000" },
        ],
      },
      vgm_data: { weighing_method: 2 },
      sli_data: { eei_filing: "Forwarder files the EEI" },
      custom: { reference: "12" },
    });
    expect([...schemaKindsAt(TradeShipmentSchema, "goods.line_items.3.quantity")]).toEqual(["number"]);
    expect([...schemaKindsAt(TradeShipmentSchema, "route.unknown_key")]).toEqual(["unknown"]);
  });

  it("creates array entries only without gaps, and reports what it cannot write", () => {
    const result = mergeIntoShipment(
      { exporter: "ACME Ltd", goods: { line_items: [{ description: "A" }] } },
      {
        "goods.line_items.1.description": "B", // appends
        "goods.line_items.5.description": "F", // gap
        "exporter.name": "ACME", // exporter is a string
        "goods.total_value": "about 50k", // not a number
        "packaging.containers.0.container_number": "MSCU1234566", // creates the list
        "__proto__.polluted": "x",
      },
    );
    expect(result.updatedPaths).toEqual(["goods.line_items.1.description", "packaging.containers.0.container_number"]);
    expect(result.skipped).toEqual([
      { path: "goods.line_items.5.description", reason: "index_gap" },
      { path: "exporter.name", reason: "type_conflict" },
      { path: "goods.total_value", reason: "not_a_number" },
      { path: "__proto__.polluted", reason: "invalid_path" },
    ]);
    expect(result.data).toEqual({
      exporter: "ACME Ltd",
      goods: { line_items: [{ description: "A" }, { description: "B" }] },
      packaging: { containers: [{ container_number: "MSCU1234566" }] },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("is idempotent: merging the same data again changes nothing (property)", () => {
    const paths = [
      "exporter.name",
      "exporter.tax_ids.eori",
      "goods.total_value",
      "goods.line_items.0.quantity",
      "goods.line_items.0.un_number",
      "bl_data.bl_number",
      "packaging.total_packages",
    ];
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(...paths),
          fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 99999 }).map(String)),
        ),
        (mapped) => {
          const once = mergeIntoShipment(sampleShipment(), mapped);
          const twice = mergeIntoShipment(once.data, mapped);
          expect(twice.updatedPaths).toEqual([]);
          expect(twice.data).toEqual(once.data);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("parses form numbers conservatively", () => {
    expect(parseFormNumber("1800")).toBe(1800);
    expect(parseFormNumber("-3.5")).toBe(-3.5);
    expect(parseFormNumber("53,340.00")).toBe(53340);
    expect(parseFormNumber("12,75")).toBe(12.75);
    expect(parseFormNumber("1 800")).toBe(1800);
    expect(parseFormNumber("1,234")).toBe(1234);
    expect(parseFormNumber("1.234,50")).toBeNull();
    expect(parseFormNumber("1800 kg")).toBeNull();
    expect(parseFormNumber("")).toBeNull();
  });
});
