import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnnotationFlags, PDFDocument, PDFTextField } from "pdf-lib";
import { DOCUMENT_TYPES, type DocumentType } from "../../../shared/document-types/identities.ts";
import { renderDocument, type RenderInput } from "../../../shared/document-types/render-document.ts";
import { FIELD_REQUIREMENTS } from "../../../shared/document-types/field-requirements.ts";
import { fieldPathToDataPath, instantiatePath, isServiceFieldName, SERVICE_FIELD_NAMES } from "../../../shared/pdf/field-paths.ts";
import { hasValue } from "../../../shared/documents/data.ts";
import { longShipment, SAMPLE_META, sampleShipment } from "../../support/sample-shipments.ts";
import { decodeQr, missingTools, PdfWorkspace, pdffonts, pdftotext, qpdfCheck } from "../../support/pdf-tools.ts";

const ws = new PdfWorkspace();
afterAll(() => ws.cleanup());

beforeAll(() => {
  const missing = missingTools();
  if (missing.length > 0) {
    throw new Error(`Missing PDF tools: ${missing.join(", ")} — apt-get update && apt-get install -y qpdf poppler-utils zbar-tools`);
  }
});

function input(docType: DocumentType, shipment: Record<string, unknown>, finalDoc = false, extra: Partial<RenderInput> = {}): RenderInput {
  return { ...SAMPLE_META, docType, shipment, finalDoc, ...extra };
}

interface FieldInfo {
  name: string;
  value: string;
  hidden: boolean;
  readOnly: boolean;
  widgets: number;
}

async function formFields(bytes: Uint8Array): Promise<FieldInfo[]> {
  const doc = await PDFDocument.load(bytes);
  return doc
    .getForm()
    .getFields()
    .map((field) => {
      const widgets = field.acroField.getWidgets();
      return {
        name: field.getName(),
        value: field instanceof PDFTextField ? (field.getText() ?? "") : "",
        hidden: widgets.length > 0 && widgets.every((w) => w.hasFlag(AnnotationFlags.Hidden)),
        readOnly: field.isReadOnly(),
        widgets: widgets.length,
      };
    });
}

const fillable = (fields: FieldInfo[]) => fields.filter((f) => !isServiceFieldName(f.name)).map((f) => f.name);

/** A sparse draft: only some parties and goods, one hazardous item without UN data. */
function sparseShipment(): Record<string, unknown> {
  return {
    exporter: { name: "Fabryka Mebli Łódzkich Sp. z o.o.", city: "Łódź", postal_code: "90-063", country: "PL" },
    importer: { name: "Müller GmbH", address: "Große Elbstraße 212", city: "Hamburg", country: "DE" },
    route: { origin_country: "PL", destination_country: "DE", transport_mode: "sea" },
    goods: {
      line_items: [
        { description: "Solid oak dining tables", quantity: 40, unit: "pcs", unit_price: 450, origin_country: "PL" },
        { description: "Lithium-ion battery packs", quantity: 120, unit: "pcs", unit_price: 189.5, compliance_flags: ["dgd"] },
      ],
    },
  };
}

const EXPECTED_DRAFT_FIELDS: Record<DocumentType, string[]> = {
  COMMERCIAL_INVOICE: [
    "invoiceData.invoiceNumber",
    "exporter.address",
    "importer.postalCode",
    "goods.currency",
    "goods.totalValue",
    "goods.lineItems.0.hsCode",
    "goods.lineItems.1.originCountry",
    "route.portOfLoading",
    "route.vesselName",
  ],
  PACKING_LIST: [
    "packaging.totalPackages",
    "packaging.totalGrossWeightKg",
    "goods.lineItems.0.netWeightKg",
    "goods.lineItems.1.grossWeightKg",
    "packaging.packages.0.type",
    "packaging.containers.0.containerNumber",
  ],
  BILL_OF_LADING: [
    "blData.blNumber",
    "blData.freightPayment",
    "blData.placeOfDelivery",
    "blData.numberOfOriginals",
    "route.vesselName",
    "route.portOfDischarge",
    "packaging.containers.0.containerNumber",
    "packaging.containers.0.sealNumber",
    "packaging.marksAndNumbers",
  ],
  CERTIFICATE_OF_ORIGIN: ["cooData.certificateNumber", "cooData.issuingBody", "exporter.address", "goods.lineItems.0.hsCode"],
  PROFORMA_INVOICE: ["proformaData.proformaNumber", "proformaData.validUntil", "proformaData.paymentTerms", "goods.currency"],
  DANGEROUS_GOODS_DECLARATION: [
    "hazardousShipment.emergencyContact",
    "goods.lineItems.1.unNumber",
    "goods.lineItems.1.hazardClass",
    "goods.lineItems.1.packingGroup",
    "goods.lineItems.1.properShippingName",
    "blData.blNumber",
    "hazardousShipment.transportRegulation",
  ],
  AIR_WAYBILL: [
    "awbData.awbNumber",
    "awbData.issuingCarrier",
    "awbData.agentName",
    "awbData.agentIataCode",
    "awbData.chargeCode",
    "route.portOfLoading",
    "route.portOfDischarge",
  ],
  SHIPPERS_LETTER_OF_INSTRUCTION: [
    "sliData.forwardingAgentName",
    "sliData.eeiFiling",
    "sliData.consigneeType",
    "sliData.freightPayment",
    "goods.lineItems.0.eccn",
  ],
  VGM_DECLARATION: [
    "vgmData.weighingMethod",
    "vgmData.authorisedPerson",
    "vgmData.weighingStation",
    "vgmData.weighingDate",
    "vgmData.bookingReference",
    "packaging.containers.0.containerNumber",
    "packaging.containers.0.verifiedGrossMassKg",
  ],
  INSURANCE_CERTIFICATE: [
    "insuranceData.insuranceCompany",
    "insuranceData.policyNumber",
    "insuranceData.coverageType",
    "insuranceData.claimsAgent",
    "insuranceData.deductible",
    "insuranceData.insuredValue",
  ],
  EUR1_MOVEMENT_CERTIFICATE: [
    "preferentialOrigin.certificateNumber",
    "preferentialOrigin.agreementName",
    "exporter.taxIds.eori",
    "goods.lineItems.0.grossWeightKg",
  ],
  USMCA_CERTIFICATE_OF_ORIGIN: [
    "usmcaData.certifierType",
    "usmcaData.producerName",
    "usmcaData.blanketPeriodFrom",
    "usmcaData.certifierName",
    "goods.lineItems.0.originCriterion",
    "goods.lineItems.1.hsCode",
  ],
  STATEMENT_ON_ORIGIN: [
    "preferentialOrigin.rexNumber",
    "preferentialOrigin.agreementName",
    "invoiceData.invoiceNumber",
    "goods.lineItems.0.originCriterion",
  ],
  PHYTOSANITARY_CERTIFICATE: [
    "phytosanitaryData.issuingAuthority",
    "phytosanitaryData.certificateNumber",
    "phytosanitaryData.placeOfOrigin",
    "phytosanitaryData.pointOfEntry",
    "phytosanitaryData.treatment",
    "goods.lineItems.0.botanicalName",
  ],
  HEALTH_VETERINARY_CERTIFICATE: [
    "veterinaryData.competentAuthority",
    "veterinaryData.establishmentNumber",
    "veterinaryData.certificateNumber",
    "veterinaryData.attestation",
    "veterinaryData.inspectorName",
    "goods.lineItems.0.species",
  ],
  CERTIFICATE_OF_ANALYSIS: [
    "analysisData.batchNumber",
    "analysisData.testStandard",
    "analysisData.productName",
    "analysisData.laboratoryName",
    "analysisData.overallResult",
    "analysisData.testResults.0.parameter",
    "analysisData.testResults.2.result",
  ],
};

/** Data each type must print from the rich sample (beyond parties, hash and generation). */
const KEY_DATA: Record<DocumentType, string[]> = {
  COMMERCIAL_INVOICE: ["FV/2025/03/0117", "Дубовые", "столы", "53,340.00", "CIF Hamburg", "9403601000"],
  PACKING_LIST: ["5,860", "MSCU1234566", "PL0098765", "FML/MÜLLER HH 1–34"],
  BILL_OF_LADING: [
    "MEDUPL123456",
    "MSC Wisła",
    "FE511W",
    "PLGDN",
    "DEHAM",
    "Hamburg, Container Terminal Burchardkai",
    "MSCU7654329",
    "☒ Freight prepaid",
  ],
  CERTIFICATE_OF_ORIGIN: ["PL/ŁÓDŹ/2025/004417", "PL – Poland", "Regionalna Izba Gospodarcza w Łodzi"],
  PROFORMA_INVOICE: ["PF/2025/02/0042", "2025-04-30", "53,340.00"],
  DANGEROUS_GOODS_DECLARATION: ["UN3480", "LITHIUM ION BATTERIES", "+48 42 123 45 67", "IMDG Code", "II"],
  AIR_WAYBILL: ["080-12345675", "LOT Polish Airlines Cargo", "53-4 7123/0010", "13,771.00"],
  SHIPPERS_LETTER_OF_INSTRUCTION: ["Spedycja Bałtyk", "Forwarder to file the export declaration", "Reseller"],
  VGM_DECLARATION: ["MSCU1234566", "8,460", "MSC-BKG-883201", "Katarzyna Wiśniewska", "DCT Gdańsk", "☒ Method 2"],
  INSURANCE_CERTIFICATE: [
    "Towarzystwo Ubezpieczeń Żagiel S.A.",
    "CARGO/2025/000417",
    "Institute Cargo Clauses (A)",
    "58,674.00",
    "Lloyd's Agency Hamburg",
  ],
  EUR1_MOVEMENT_CERTIFICATE: ["A 0417735", "the European Union", "Germany", "I, the undersigned, declare"],
  USMCA_CERTIFICATE_OF_ORIGIN: ["9403.60", "☒ Exporter", "2025-12-31", "I certify that the goods described"],
  STATEMENT_ON_ORIGIN: ["PLREXPL7251234567", "European Union preferential origin", "EU–Switzerland"],
  PHYTOSANITARY_CERTIFICATE: ["Malus domestica Borkh.", "PIORiN", "Erwinia amylovora", "56 °C", "inż. Agnieszka Dąbrowska"],
  HEALTH_VETERINARY_CERTIFICATE: ["PL 10611801 WE", "Główny Lekarz Weterynarii", "lek. wet. Tomasz Żółkiewski"],
  CERTIFICATE_OF_ANALYSIS: ["DA-2025-0311", "μg/kg", "SO₂", "Conforms to specification"],
};

describe.each(DOCUMENT_TYPES.map((t) => [t]))("%s", (docType) => {
  let file = "";
  let bytes: Uint8Array = new Uint8Array();

  beforeAll(async () => {
    bytes = await renderDocument(input(docType, sampleShipment()));
    file = ws.write(bytes, docType);
  });

  it("passes qpdf --check and embeds only DejaVu fonts", () => {
    const check = qpdfCheck(file);
    expect(check.status, check.output).toBe(0);
    const fonts = pdffonts(file);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.embedded, font.name).toBe(true);
      expect(font.subset, font.name).toBe(true);
      expect(font.name).toMatch(/^[A-Z]{6}\+DejaVuSans/);
    }
    expect(fonts.map((f) => f.name).sort()).toEqual(["TDSBLD+DejaVuSans-Bold", "TDSREG+DejaVuSans"]);
  });

  it("prints the key data, the hash and the generation (Unicode intact)", () => {
    const text = pdftotext(file);
    expect(text).toContain("Łódź");
    expect(text).toContain("Fabryka Mebli Łódzkich Sp. z o.o.");
    if (docType !== "VGM_DECLARATION") expect(text).toContain("Müller GmbH"); // the VGM names no consignee
    for (const key of KEY_DATA[docType]) expect(text, key).toContain(key);
    expect(text).toContain(SAMPLE_META.validationHash);
    expect(text).toContain(`Generation ${SAMPLE_META.generationNumber}`);
    expect(text).toContain("Page 1 of 1");
  });

  it("carries a QR code that decodes to exactly the verification URL at 150 dpi", () => {
    expect(decodeQr(file, 150)).toEqual([SAMPLE_META.verificationUrl]);
  });

  it("has the hidden identity fields and, for data it lacks, camelCase fillable fields", async () => {
    const fields = await formFields(bytes);
    const byName = new Map(fields.map((f) => [f.name, f]));
    expect(byName.get("_service_shipment_id")).toMatchObject({ value: SAMPLE_META.shipmentId, hidden: true, readOnly: true });
    expect(byName.get("_service_doc_type")).toMatchObject({ value: docType, hidden: true, readOnly: true });
    expect(byName.get("_service_shipment_ref")).toMatchObject({ value: SAMPLE_META.shipmentRef, hidden: true, readOnly: true });
    const shipment = sampleShipment();
    for (const name of fillable(fields)) {
      expect(hasValue(shipment, fieldPathToDataPath(name)), `${name} is filled in the data`).toBe(false);
    }
  });

  it("a sparse draft gets the expected fillable fields; each maps back to a missing data path", async () => {
    const draft = await renderDocument(input(docType, sparseShipment()));
    const f = ws.write(draft, `${docType}-draft`);
    expect(qpdfCheck(f).status).toBe(0);
    expect(pdffonts(f).every((font) => font.embedded && font.name.includes("+DejaVuSans"))).toBe(true);
    const fields = await formFields(draft);
    const names = fillable(fields);
    for (const expected of EXPECTED_DRAFT_FIELDS[docType]) expect(names, expected).toContain(expected);
    const sparse = sparseShipment();
    for (const name of names) expect(hasValue(sparse, fieldPathToDataPath(name)), name).toBe(false);
    for (const field of fields.filter((x) => !isServiceFieldName(x.name))) {
      expect(field).toMatchObject({ hidden: false, readOnly: false, value: "" });
      expect(field.widgets).toBeGreaterThan(0);
    }
    expect(Buffer.from(draft).includes("NeedAppearances")).toBe(false);
  });

  it("offers a field for every FieldSpec of its type when the shipment is empty", async () => {
    const names = new Set(fillable(await formFields(await renderDocument(input(docType, {})))));
    const specs = [...FIELD_REQUIREMENTS[docType].required, ...FIELD_REQUIREMENTS[docType].recommended].filter(
      (s) => !s.fieldPath.endsWith("complianceFlags"),
    );
    for (const spec of specs) expect(names, spec.fieldPath).toContain(instantiatePath(spec.fieldPath, 0));
  });

  it("with finalDoc true has no fillable fields besides the hidden ones", async () => {
    const final = await renderDocument(input(docType, sparseShipment(), true));
    const fields = await formFields(final);
    expect(fields.map((f) => f.name).sort()).toEqual([...SERVICE_FIELD_NAMES].sort());
    const f = ws.write(final, `${docType}-final`);
    expect(qpdfCheck(f).status).toBe(0);
    expect(pdftotext(f)).toContain("Fabryka Mebli Łódzkich");
  });
});

describe("determinism and metadata", () => {
  it("renders the same bytes for the same input, and sets dates from generatedAt", async () => {
    const a = await renderDocument(input("BILL_OF_LADING", sampleShipment()));
    const b = await renderDocument(input("BILL_OF_LADING", sampleShipment()));
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
    const doc = await PDFDocument.load(a, { updateMetadata: false });
    expect(doc.getCreationDate()?.toISOString()).toBe(SAMPLE_META.generatedAt.toISOString());
    expect(doc.getModificationDate()?.toISOString()).toBe(SAMPLE_META.generatedAt.toISOString());
    expect(doc.getProducer()).toBe("Trade Document Service");
    const later = await renderDocument(input("BILL_OF_LADING", sampleShipment(), false, { generatedAt: new Date("2025-04-01T00:00:00Z") }));
    expect(Buffer.compare(Buffer.from(a), Buffer.from(later))).not.toBe(0);
    expect(Buffer.from(a).toString("latin1")).toMatch(/\/ID \[ <[0-9A-F]{32}> <[0-9A-F]{32}> \]/);
  });

  it("handles a missing shipment id / ref (hidden fields empty)", async () => {
    const bytes = await renderDocument(input("COMMERCIAL_INVOICE", sampleShipment(), true, { shipmentId: null, shipmentRef: null }));
    const fields = await formFields(bytes);
    expect(fields.find((f) => f.name === "_service_shipment_id")?.value).toBe("");
    expect(fields.find((f) => f.name === "_service_shipment_ref")?.value).toBe("");
  });

  it("rejects an invalid generatedAt and unknown types", async () => {
    await expect(renderDocument(input("COMMERCIAL_INVOICE", {}, false, { generatedAt: new Date("x") }))).rejects.toThrow();
    await expect(renderDocument(input("NOPE" as DocumentType, {}))).rejects.toThrow(/Unknown document type/);
  });
});

describe("long shipments flow onto further pages", () => {
  it.each(["PACKING_LIST", "COMMERCIAL_INVOICE"] as const)("%s with 200 line items", async (docType) => {
    const bytes = await renderDocument(input(docType, longShipment(200)));
    const file = ws.write(bytes, `${docType}-200`);
    expect(qpdfCheck(file).status).toBe(0);
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThanOrEqual(4);
    const text = pdftotext(file);
    for (let p = 1; p <= pages; p++) expect(text).toContain(`Page ${p} of ${pages}`);
    expect(text).toContain("(continued)");
    expect(text).toMatch(/\b0001\b/);
    expect(text).toContain("lot 0200");
    // Column headers repeat on every page of the goods table (the last page may hold only the totals).
    expect(text.match(/Description of goods/g)?.length ?? 0).toBeGreaterThanOrEqual(pages - 1);
    expect(decodeQr(file, 150, pages)).toEqual([SAMPLE_META.verificationUrl]);
  });
});
