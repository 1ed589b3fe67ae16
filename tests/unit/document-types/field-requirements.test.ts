import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DOCUMENT_TITLES, DOCUMENT_TYPES, type DocumentType } from "../../../shared/document-types/identities.ts";
import { dataPathToFieldPath, pathMatches } from "../../../shared/pdf/field-paths.ts";
import { checkPreconditions, FIELD_REQUIREMENTS, REQUIREMENTS_TABLE } from "../../../shared/document-types/field-requirements.ts";
import { DESCRIPTOR_OF } from "../../../shared/document-types/registry.ts";
import { EU_MEMBER_STATES } from "../../../shared/trade/countries.ts";
import { sampleShipment } from "../../support/sample-shipments.ts";

const TABS = new Set(["parties", "route", "goods", "logistics", "compliance"]);
const dataPaths = (type: DocumentType, kind: "required" | "recommended") => FIELD_REQUIREMENTS[type][kind].map((s) => s.dataPath);
type Shipment = Record<string, unknown>;
const _clone = (s: Shipment): Shipment => structuredClone(s);
const errorsOf = (s: Shipment, t: DocumentType) => checkPreconditions(s, [t]).preCheckErrors.find((e) => e.docType === t)?.errors ?? [];
const warningsOf = (s: Shipment, t: DocumentType) => checkPreconditions(s, [t]).warnings.find((e) => e.docType === t)?.warnings ?? [];
const items = (s: Shipment) => (s.goods as { line_items: Record<string, unknown>[] }).line_items;

describe("document types", () => {
  // The spec's list (generate-documents); a type the project adds comes after them.
  const SPEC_TYPES = [
    "COMMERCIAL_INVOICE",
    "PACKING_LIST",
    "BILL_OF_LADING",
    "CERTIFICATE_OF_ORIGIN",
    "PROFORMA_INVOICE",
    "DANGEROUS_GOODS_DECLARATION",
    "AIR_WAYBILL",
    "SHIPPERS_LETTER_OF_INSTRUCTION",
    "VGM_DECLARATION",
    "INSURANCE_CERTIFICATE",
    "EUR1_MOVEMENT_CERTIFICATE",
    "USMCA_CERTIFICATE_OF_ORIGIN",
    "STATEMENT_ON_ORIGIN",
    "PHYTOSANITARY_CERTIFICATE",
    "HEALTH_VETERINARY_CERTIFICATE",
    "CERTIFICATE_OF_ANALYSIS",
  ];

  it("has the 16 spec keys first, in the spec's order, each once and with a title", () => {
    expect(DOCUMENT_TYPES.slice(0, 16)).toEqual(SPEC_TYPES);
    expect(new Set(DOCUMENT_TYPES).size).toBe(DOCUMENT_TYPES.length);
    for (const type of DOCUMENT_TYPES) expect(DOCUMENT_TITLES[type].length).toBeGreaterThan(3);
  });
});

describe("field requirements table", () => {
  it("covers all 16 types with well-formed FieldSpecs", () => {
    expect(Object.keys(FIELD_REQUIREMENTS).sort()).toEqual([...DOCUMENT_TYPES].sort());
    for (const type of DOCUMENT_TYPES) {
      for (const spec of [...FIELD_REQUIREMENTS[type].required, ...FIELD_REQUIREMENTS[type].recommended]) {
        expect(Object.keys(spec).sort()).toEqual(["dataPath", "fieldPath", "label", "tab"]);
        expect(spec.fieldPath).toBe(dataPathToFieldPath(spec.dataPath));
        expect(TABS.has(spec.tab)).toBe(true);
        expect(spec.label.length).toBeGreaterThan(2);
      }
      const all = [...dataPaths(type, "required"), ...dataPaths(type, "recommended")];
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it("agrees with the spec's summary table", () => {
    const has = (type: DocumentType, kind: "required" | "recommended", ...paths: string[]) => {
      for (const p of paths) expect(dataPaths(type, kind), `${type} ${kind} ${p}`).toContain(p);
    };
    has(
      "COMMERCIAL_INVOICE",
      "required",
      "exporter.name",
      "importer.name",
      "route.origin_country",
      "route.destination_country",
      "goods.currency",
      "goods.total_value",
    );
    expect(dataPaths("COMMERCIAL_INVOICE", "recommended")).toEqual([
      "route.port_of_loading",
      "route.port_of_discharge",
      "route.vessel_name",
    ]);
    has("PACKING_LIST", "required", "exporter.name", "importer.name", "packaging.total_packages");
    has("PACKING_LIST", "recommended", "packaging.total_gross_weight_kg");
    has(
      "BILL_OF_LADING",
      "required",
      "exporter.name",
      "importer.name",
      "route.port_of_loading",
      "route.port_of_discharge",
      "route.vessel_name",
    );
    expect(dataPaths("BILL_OF_LADING", "recommended")).toEqual([
      "bl_data.freight_payment",
      "bl_data.place_of_delivery",
      "packaging.containers.*.container_number",
      "packaging.containers.*.seal_number",
    ]);
    has("AIR_WAYBILL", "required", "exporter.name", "importer.name", "route.port_of_loading", "route.port_of_discharge");
    has("AIR_WAYBILL", "recommended", "awb_data.issuing_carrier", "awb_data.agent_name", "awb_data.charge_code");
    has("CERTIFICATE_OF_ORIGIN", "required", "exporter.name", "importer.name", "route.origin_country");
    expect(FIELD_REQUIREMENTS.CERTIFICATE_OF_ORIGIN.recommended).toEqual([]);
    has("PROFORMA_INVOICE", "required", "exporter.name", "importer.name", "goods.currency");
    // The spec lists none: the proforma's number and date are shipment fields it prints when present.
    expect(FIELD_REQUIREMENTS.PROFORMA_INVOICE.recommended).toEqual([]);
    expect(FIELD_REQUIREMENTS.INSURANCE_CERTIFICATE.required).toEqual([]);
    has(
      "INSURANCE_CERTIFICATE",
      "recommended",
      "insurance_data.insurance_company",
      "insurance_data.policy_number",
      "insurance_data.coverage_type",
      "insurance_data.claims_agent",
      "insurance_data.deductible",
    );
    expect(dataPaths("SHIPPERS_LETTER_OF_INSTRUCTION", "required")).toEqual(["exporter.name"]);
    has(
      "SHIPPERS_LETTER_OF_INSTRUCTION",
      "recommended",
      "sli_data.forwarding_agent_name",
      "sli_data.eei_filing",
      "sli_data.freight_payment",
      "sli_data.consignee_type",
    );
    has("VGM_DECLARATION", "required", "exporter.name", "packaging.containers.*.container_number");
    has(
      "VGM_DECLARATION",
      "recommended",
      "vgm_data.weighing_method",
      "vgm_data.weighing_station",
      "vgm_data.weighing_date",
      "vgm_data.authorised_person",
      "vgm_data.booking_reference",
    );
    // Exactly the spec's lists: the hazardous-item rules are pre-check conditions, not required fields.
    expect(dataPaths("DANGEROUS_GOODS_DECLARATION", "required")).toEqual(["hazardous_shipment.emergency_contact"]);
    expect(dataPaths("DANGEROUS_GOODS_DECLARATION", "recommended")).toEqual([
      "hazardous_shipment.transport_regulation",
      "hazardous_shipment.handling_instructions",
    ]);
    has("HEALTH_VETERINARY_CERTIFICATE", "required", "veterinary_data.competent_authority", "veterinary_data.establishment_number");
    has(
      "HEALTH_VETERINARY_CERTIFICATE",
      "recommended",
      "veterinary_data.inspector_name",
      "veterinary_data.inspection_date",
      "veterinary_data.attestation",
    );
    expect(dataPaths("PHYTOSANITARY_CERTIFICATE", "required")).toEqual(["phytosanitary_data.issuing_authority"]);
    has(
      "PHYTOSANITARY_CERTIFICATE",
      "recommended",
      "phytosanitary_data.place_of_origin",
      "phytosanitary_data.point_of_entry",
      "phytosanitary_data.treatment",
      "phytosanitary_data.inspector_name",
    );
    expect(dataPaths("CERTIFICATE_OF_ANALYSIS", "required")).toEqual(["analysis_data.batch_number", "analysis_data.test_standard"]);
    has(
      "CERTIFICATE_OF_ANALYSIS",
      "recommended",
      "analysis_data.product_name",
      "analysis_data.laboratory_name",
      "analysis_data.overall_result",
    );
    // The spec lists no required field for these four; the destination rules stay pre-check conditions.
    for (const t of ["INSURANCE_CERTIFICATE", "EUR1_MOVEMENT_CERTIFICATE", "USMCA_CERTIFICATE_OF_ORIGIN", "STATEMENT_ON_ORIGIN"] as const) {
      expect(FIELD_REQUIREMENTS[t].required, t).toEqual([]);
    }
    expect(dataPaths("EUR1_MOVEMENT_CERTIFICATE", "recommended")).toEqual(["preferential_origin.agreement_name"]);
    expect(dataPaths("STATEMENT_ON_ORIGIN", "recommended")).toEqual(["preferential_origin.agreement_name"]);
    has("USMCA_CERTIFICATE_OF_ORIGIN", "recommended", "usmca_data.producer_name", "usmca_data.certifier_type");
  });

  // The spec's soft-warning table, as the spec writes it.
  const SPEC_SOFT_WARNINGS: Partial<Record<DocumentType, string[]>> = {
    BILL_OF_LADING: ["bl_data.freight_payment", "bl_data.place_of_delivery"],
    INSURANCE_CERTIFICATE: [
      "insurance_data.insurance_company",
      "insurance_data.policy_number",
      "insurance_data.coverage_type",
      "insurance_data.claims_agent",
    ],
    VGM_DECLARATION: ["vgm_data.weighing_method", "vgm_data.authorised_person", "vgm_data.weighing_station"],
    SHIPPERS_LETTER_OF_INSTRUCTION: ["sli_data.forwarding_agent_name", "sli_data.eei_filing"],
    AIR_WAYBILL: ["awb_data.issuing_carrier", "awb_data.agent_name"],
  };

  it.each([...DOCUMENT_TYPES])("%s: every soft warning is on a served recommended field (the spec's two tables agree)", (type) => {
    // No data at all: every soft-warning field of the type is missing, so every one of them warns.
    const warned = warningsOf({}, type);
    const recommended = FIELD_REQUIREMENTS[type].recommended;
    for (const w of warned) {
      expect(
        recommended.some((r) => r.fieldPath === w.fieldPath && r.tab === w.tab),
        `${type}: warning on ${w.fieldPath} is not a recommended field`,
      ).toBe(true);
    }
    const warnedDataPaths = recommended.filter((r) => warned.some((w) => w.fieldPath === r.fieldPath)).map((r) => r.dataPath);
    expect(warnedDataPaths.sort()).toEqual([...(SPEC_SOFT_WARNINGS[type] ?? [])].sort());
  });

  it("marks exactly the spec's soft-warning fields as warnings, nothing more", () => {
    const warned = Object.fromEntries(
      DOCUMENT_TYPES.map((t) => [t, REQUIREMENTS_TABLE[t].recommended.filter((e) => e.check === "warn").map((e) => e.dataPath)]),
    );
    // Every other kind of entry never warns: only a recommended field can (one source of truth).
    for (const t of DOCUMENT_TYPES) {
      for (const e of [...REQUIREMENTS_TABLE[t].required, ...(REQUIREMENTS_TABLE[t].conditions ?? [])]) {
        expect(e.check, `${t} ${e.dataPath}`).not.toBe("warn");
      }
    }
    expect(warned).toEqual({
      ...Object.fromEntries(DOCUMENT_TYPES.map((t) => [t, []])),
      BILL_OF_LADING: ["bl_data.freight_payment", "bl_data.place_of_delivery"],
      INSURANCE_CERTIFICATE: [
        "insurance_data.insurance_company",
        "insurance_data.policy_number",
        "insurance_data.coverage_type",
        "insurance_data.claims_agent",
      ],
      VGM_DECLARATION: ["vgm_data.weighing_method", "vgm_data.weighing_station", "vgm_data.authorised_person"],
      SHIPPERS_LETTER_OF_INSTRUCTION: ["sli_data.forwarding_agent_name", "sli_data.eei_filing"],
      AIR_WAYBILL: ["awb_data.issuing_carrier", "awb_data.agent_name"],
    });
  });
});

describe("pre-checks", () => {
  it("the rich sample passes every pre-check except USMCA (destination DE)", () => {
    const result = checkPreconditions(sampleShipment(), DOCUMENT_TYPES);
    expect(result.preCheckErrors.map((e) => e.docType)).toEqual(["USMCA_CERTIFICATE_OF_ORIGIN"]);
    expect(result.warnings).toEqual([]);
  });

  it("DANGEROUS_GOODS_DECLARATION: hazardous item, UN number, class and emergency contact", () => {
    const t = "DANGEROUS_GOODS_DECLARATION";
    expect(errorsOf(sampleShipment(), t)).toEqual([]);

    const none = sampleShipment();
    for (const item of items(none)) {
      item.compliance_flags = [];
      item.is_hazardous = false;
    }
    expect(errorsOf(none, t)).toEqual([expect.objectContaining({ fieldPath: "goods.lineItems.0.complianceFlags", tab: "goods" })]);

    const flagOnly = sampleShipment();
    items(flagOnly)[1].is_hazardous = undefined; // compliance_flags ["dgd"] alone marks it
    items(flagOnly)[0].compliance_flags = ["DGD"]; // case-insensitive; item 0 has no UN number
    const e = errorsOf(flagOnly, t);
    expect(e.map((x) => x.fieldPath)).toEqual(["goods.lineItems.0.unNumber", "goods.lineItems.0.hazardClass"]);

    const byBoolean = sampleShipment();
    items(byBoolean)[2].is_hazardous = true;
    items(byBoolean)[1].hazard_class = "  ";
    expect(errorsOf(byBoolean, t).map((x) => x.fieldPath)).toEqual([
      "goods.lineItems.1.hazardClass",
      "goods.lineItems.2.unNumber",
      "goods.lineItems.2.hazardClass",
    ]);

    const noContact = sampleShipment();
    (noContact.hazardous_shipment as Shipment).emergency_contact = null;
    expect(errorsOf(noContact, t)).toEqual([
      { message: expect.any(String), fieldPath: "hazardousShipment.emergencyContact", tab: "compliance" },
    ]);
  });

  it.each([
    ["HEALTH_VETERINARY_CERTIFICATE", "veterinary_data", "competent_authority", "veterinaryData.competentAuthority"],
    ["HEALTH_VETERINARY_CERTIFICATE", "veterinary_data", "establishment_number", "veterinaryData.establishmentNumber"],
    ["PHYTOSANITARY_CERTIFICATE", "phytosanitary_data", "issuing_authority", "phytosanitaryData.issuingAuthority"],
    ["CERTIFICATE_OF_ANALYSIS", "analysis_data", "batch_number", "analysisData.batchNumber"],
    ["CERTIFICATE_OF_ANALYSIS", "analysis_data", "test_standard", "analysisData.testStandard"],
  ] as const)("%s requires %s.%s", (type, block, key, fieldPath) => {
    expect(errorsOf(sampleShipment(), type)).toEqual([]);
    const missing = sampleShipment();
    delete (missing[block] as Shipment)[key];
    expect(errorsOf(missing, type)).toEqual([{ message: expect.stringContaining(`${block}.${key}`), fieldPath, tab: "compliance" }]);
    const noBlock = sampleShipment();
    delete noBlock[block];
    expect(errorsOf(noBlock, type).map((e) => e.fieldPath)).toContain(fieldPath);
  });

  it.each(["EUR1_MOVEMENT_CERTIFICATE", "STATEMENT_ON_ORIGIN"] as const)("%s: destination EU or CH/NO/IS/LI/TR, origin not US", (type) => {
    const at = (origin: string | null, destination: string | null) => {
      const s = sampleShipment();
      (s.route as Shipment).origin_country = origin;
      (s.route as Shipment).destination_country = destination;
      return errorsOf(s, type).map((e) => e.fieldPath);
    };
    for (const d of [...EU_MEMBER_STATES, "CH", "NO", "IS", "LI", "TR"]) expect(at("PL", d)).toEqual([]);
    expect(at("CN", "ch")).toEqual([]);
    for (const d of ["US", "GB", "CA", "JP"]) expect(at("PL", d)).toEqual(["route.destinationCountry"]);
    expect(at("PL", null)).toEqual(["route.destinationCountry"]);
    expect(at("US", "DE")).toEqual(["route.originCountry"]);
    expect(at("US", "GB")).toEqual(["route.destinationCountry", "route.originCountry"]);
    expect(errorsOf({ route: { origin_country: "US", destination_country: "GB" } }, type).every((e) => e.tab === "route")).toBe(true);
  });

  it("USMCA_CERTIFICATE_OF_ORIGIN: destination US, CA or MX", () => {
    const at = (destination: string | null) => {
      const s = sampleShipment();
      (s.route as Shipment).destination_country = destination;
      return errorsOf(s, "USMCA_CERTIFICATE_OF_ORIGIN");
    };
    for (const d of ["US", "CA", "MX"]) expect(at(d)).toEqual([]);
    expect(at("DE")).toEqual([{ message: expect.stringContaining("DE"), fieldPath: "route.destinationCountry", tab: "route" }]);
    expect(at(null).map((e) => e.fieldPath)).toEqual(["route.destinationCountry"]);
  });

  it("types that declare no pre-check and no blocking condition never block, even with no data at all", () => {
    const declaresABlock = (t: DocumentType) =>
      DESCRIPTOR_OF[t].required.some((r) => r[3] === "precheck") || (DESCRIPTOR_OF[t].conditions ?? []).length > 0;
    const unblocked = DOCUMENT_TYPES.filter((t) => !declaresABlock(t));
    expect(unblocked).toEqual(expect.arrayContaining(["COMMERCIAL_INVOICE", "PACKING_LIST", "BILL_OF_LADING", "AIR_WAYBILL"]));
    expect(unblocked).not.toContain("DANGEROUS_GOODS_DECLARATION");
    expect(checkPreconditions({}, unblocked).preCheckErrors).toEqual([]);
    // and those that declare one do block an empty shipment
    for (const t of DOCUMENT_TYPES.filter(declaresABlock).filter((t) => t !== "DANGEROUS_GOODS_DECLARATION"))
      expect(errorsOf({}, t).length, t).toBeGreaterThan(0);
  });

  it("collects the errors of all requested types together, in request order, once per type", () => {
    const result = checkPreconditions({}, [
      "CERTIFICATE_OF_ANALYSIS",
      "COMMERCIAL_INVOICE",
      "PHYTOSANITARY_CERTIFICATE",
      "CERTIFICATE_OF_ANALYSIS",
    ]);
    expect(result.preCheckErrors.map((e) => e.docType)).toEqual(["CERTIFICATE_OF_ANALYSIS", "PHYTOSANITARY_CERTIFICATE"]);
    expect(result.preCheckErrors[0].errors.map((e) => e.fieldPath)).toEqual(["analysisData.batchNumber", "analysisData.testStandard"]);
  });
});

describe("soft warnings", () => {
  it.each([
    ["BILL_OF_LADING", "bl_data", ["blData.freightPayment", "blData.placeOfDelivery"]],
    [
      "INSURANCE_CERTIFICATE",
      "insurance_data",
      ["insuranceData.insuranceCompany", "insuranceData.policyNumber", "insuranceData.coverageType", "insuranceData.claimsAgent"],
    ],
    ["VGM_DECLARATION", "vgm_data", ["vgmData.weighingMethod", "vgmData.weighingStation", "vgmData.authorisedPerson"]],
    ["SHIPPERS_LETTER_OF_INSTRUCTION", "sli_data", ["sliData.forwardingAgentName", "sliData.eeiFiling"]],
    ["AIR_WAYBILL", "awb_data", ["awbData.issuingCarrier", "awbData.agentName"]],
  ] as const)("%s warns on missing %s fields", (type, block, fields) => {
    expect(warningsOf(sampleShipment(), type)).toEqual([]);
    const missing = sampleShipment();
    delete missing[block];
    const warnings = warningsOf(missing, type);
    expect(warnings.map((w) => w.fieldPath)).toEqual(fields);
    expect(warnings.every((w) => w.tab === "logistics" && w.message.length > 10)).toBe(true);
    expect(checkPreconditions(missing, [type]).preCheckErrors).toEqual([]);
    // Each field on its own.
    for (const field of fields) {
      const one = sampleShipment();
      const key = field.split(".")[1].replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      (one[block] as Shipment)[key] = "";
      expect(warningsOf(one, type).map((w) => w.fieldPath)).toEqual([field]);
    }
  });

  it("the VGM weighing method 1 or 2 counts as present (number or string)", () => {
    const s = sampleShipment();
    (s.vgm_data as Shipment).weighing_method = "1";
    expect(warningsOf(s, "VGM_DECLARATION")).toEqual([]);
  });
});

describe("consistency of the checks with the table (property)", () => {
  const value = fc.oneof(
    fc.constant(null),
    fc.constant(""),
    fc.constant("x"),
    fc.constant("US"),
    fc.constant("DE"),
    fc.constant("CH"),
    fc.constant(7),
  );
  const item = fc.record(
    {
      compliance_flags: fc.oneof(fc.constant([]), fc.constant(["dgd"]), fc.constant(["DGD", "phyto"])),
      is_hazardous: fc.boolean(),
      un_number: value,
      hazard_class: value,
    },
    { requiredKeys: [] },
  );
  const shipment = fc.record(
    {
      route: fc.record({ origin_country: value, destination_country: value }, { requiredKeys: [] }),
      goods: fc.record({ line_items: fc.array(item, { maxLength: 4 }) }),
      hazardous_shipment: fc.record({ emergency_contact: value }, { requiredKeys: [] }),
      veterinary_data: fc.record({ competent_authority: value, establishment_number: value }, { requiredKeys: [] }),
      phytosanitary_data: fc.record({ issuing_authority: value }, { requiredKeys: [] }),
      analysis_data: fc.record({ batch_number: value, test_standard: value }, { requiredKeys: [] }),
      bl_data: fc.record({ freight_payment: value, place_of_delivery: value }, { requiredKeys: [] }),
      vgm_data: fc.record({ weighing_method: value, authorised_person: value, weighing_station: value }, { requiredKeys: [] }),
    },
    { requiredKeys: [] },
  );

  it("every error is on a required field and every warning on a soft-warning field (recommended) of its type", () => {
    fc.assert(
      fc.property(shipment, fc.subarray([...DOCUMENT_TYPES], { minLength: 1 }), (s, types) => {
        const result = checkPreconditions(s, types);
        for (const { docType, errors } of result.preCheckErrors) {
          expect(types).toContain(docType);
          for (const e of errors) {
            const specs = [...REQUIREMENTS_TABLE[docType].required, ...(REQUIREMENTS_TABLE[docType].conditions ?? [])];
            expect(
              specs.some((spec) => pathMatches(spec.fieldPath, e.fieldPath)),
              `${docType} ${e.fieldPath}`,
            ).toBe(true);
            expect(specs.find((spec) => pathMatches(spec.fieldPath, e.fieldPath))?.tab).toBe(e.tab);
          }
        }
        for (const { docType, warnings } of result.warnings) {
          for (const w of warnings) {
            const specs = REQUIREMENTS_TABLE[docType].recommended;
            expect(specs.some((spec) => spec.check === "warn" && spec.fieldPath === w.fieldPath && spec.tab === w.tab)).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
