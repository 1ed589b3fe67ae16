import { describe, expect, it } from "vitest";
import { DOCUMENT_TYPES } from "../../../shared/document-types/identities.ts";
import { REQUIREMENTS_TABLE } from "../../../shared/document-types/field-requirements.ts";
import { sampleShipment } from "../../support/sample-shipments.ts";
import { chosenDocumentTypes, FORM_FIELDS, requirementFor } from "../../../shared/dashboard/shipments/form-fields.ts";
import { formStateFromShipment, shipmentFromForm } from "../../../shared/dashboard/shipments/form-data.ts";

describe("shipment form fields and markers", () => {
  it("has an input for every entry of the field-requirements table, on the table's tab", () => {
    const byPath = new Map(FORM_FIELDS.map((f) => [f.dataPath, f]));
    for (const type of DOCUMENT_TYPES) {
      for (const e of [...REQUIREMENTS_TABLE[type].required, ...REQUIREMENTS_TABLE[type].recommended]) {
        expect(byPath.get(e.dataPath), `${type} ${e.dataPath}`).toBeDefined();
        expect(byPath.get(e.dataPath)!.tab, e.dataPath).toBe(e.tab);
      }
    }
  });

  it("marks fields from the table for the chosen types only; required beats recommended", () => {
    expect(requirementFor("route.port_of_loading", [])).toBeNull();
    expect(requirementFor("route.port_of_loading", ["COMMERCIAL_INVOICE"])).toEqual({
      level: "recommended",
      types: ["COMMERCIAL_INVOICE"],
    });
    expect(requirementFor("route.port_of_loading", ["COMMERCIAL_INVOICE", "BILL_OF_LADING"])).toEqual({
      level: "required",
      types: ["BILL_OF_LADING"],
    });
    expect(requirementFor("bl_data.freight_payment", ["BILL_OF_LADING"])?.level).toBe("recommended");
    expect(requirementFor("hazardous_shipment.emergency_contact", ["DANGEROUS_GOODS_DECLARATION"])?.level).toBe("required");
    expect(requirementFor("exporter.city", DOCUMENT_TYPES)).toBeNull();
    expect(chosenDocumentTypes(["PACKING_LIST", "nonsense", "COMMERCIAL_INVOICE"])).toEqual(["COMMERCIAL_INVOICE", "PACKING_LIST"]);
  });
});

describe("form <-> shipment data", () => {
  it("round-trips the sample shipment, keeping keys the form has no input for", () => {
    const data = sampleShipment();
    // An empty flag list reads back as no list: the same for every rule and layout.
    for (const item of (data.goods as { line_items: Record<string, unknown>[] }).line_items) {
      if (Array.isArray(item.compliance_flags) && item.compliance_flags.length === 0) delete item.compliance_flags;
    }
    const state = formStateFromShipment(data);
    expect(state.values["exporter.name"]).toBe("Fabryka Mebli Łódzkich Sp. z o.o.");
    expect(state.values["goods.line_items.1.compliance_flags"]).toBe("dgd");
    expect(state.values["goods.line_items.1.is_hazardous"]).toBe("on");
    expect(state.rows.line_items).toBe(3);
    // A new form (no base) rebuilds everything from the inputs, including the per-row unknown keys.
    const { data: back, state: again } = shipmentFromForm(state.values, {});
    expect(again.errors).toEqual({});
    expect(back.goods).toEqual(data.goods);
    expect(back.packaging && (back.packaging as Record<string, unknown>).containers).toEqual(
      (data.packaging as Record<string, unknown>).containers,
    );
    // With the stored data as base, everything survives (route.incoterms_place has no input).
    const { data: edited } = shipmentFromForm(state.values, data);
    expect(edited).toEqual(data);
  });

  it("turns texts into the right types and reports what cannot be read, in words", () => {
    const { data, state } = shipmentFromForm(
      {
        "route.origin_country": "pl",
        "goods.total_value": "1 234.5",
        "goods.line_items.0.quantity": "ten",
        "goods.line_items.0.description": "Shirts",
        "route.destination_country": "Germany",
      },
      {},
    );
    expect((data.route as Record<string, unknown>).origin_country).toBe("PL");
    expect((data.goods as Record<string, unknown>).total_value).toBe(1234.5);
    expect(state.errors["goods.line_items.0.quantity"]).toMatch(/"ten" is not a number/);
    expect(state.errors["route.destination_country"]).toMatch(/two-letter country code/);
    expect(state.values["goods.line_items.0.quantity"]).toBe("ten");
  });

  it("removes a row on request, drops blank rows and renumbers, and clears emptied fields", () => {
    const base = { notify_party: { name: "N" }, goods: { line_items: [{ description: "a" }, { description: "b" }, { description: "c" }] } };
    const body = {
      "notify_party.name": "",
      "goods.line_items.0.description": "a",
      "goods.line_items.1.description": "b",
      "goods.line_items.2.description": "c",
      "goods.line_items.7.description": "",
    };
    const { data, state } = shipmentFromForm(body, base, { group: "line_items", index: 1 });
    expect(data.notify_party).toBeUndefined();
    expect((data.goods as { line_items: unknown[] }).line_items).toEqual([{ description: "a" }, { description: "c" }]);
    expect(state.values["goods.line_items.1.description"]).toBe("c");
    expect(state.rows.line_items).toBe(2);
  });

  it("ignores a tampered __extra that is not an object", () => {
    const { data } = shipmentFromForm({ "goods.line_items.0.__extra": "[1,2]", "goods.line_items.0.description": "x" }, {});
    expect((data.goods as { line_items: unknown[] }).line_items).toEqual([{ description: "x" }]);
  });
});
