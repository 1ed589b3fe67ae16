/**
 * Reading filled forms back: real forms from renderDocument (finalDoc false), filled with pdf-lib, with
 * `pdftk fill_form` (XFDF) and NeedAppearances-style (/V only), with values in Latin, Cyrillic and CJK.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { PDFDocument, PDFHexString, PDFName, PDFString, PDFTextField } from "pdf-lib";
import { readFormFields, mapFieldsToShipment } from "../../../shared/pdf/read-form-fields.ts";
import { decodePdfTextBytes } from "../../../shared/pdf/pdf-objects.ts";
import { SERVICE_FIELD_NAMES, fieldPathToDataPath } from "../../../shared/pdf/field-paths.ts";
import { SAMPLE_META } from "../../support/sample-shipments.ts";
import {
  fillNeedAppearances,
  fillWithPdfLib,
  fillWithPdftk,
  NON_LATIN,
  PdfWorkspace,
  renderForm,
  requireTools,
  sparseShipment,
} from "./pdf-fixtures.ts";

const TIMEOUT = { timeout: 10_000 };
const ws = new PdfWorkspace();
let form: Uint8Array;
/** Text field names of the generated form (pdf-lib's view), without the identity fields. */
let fillable: string[];
/** Filled with pdftk (a JVM start each: done once, here, outside the 10 s test timeouts). */
let pdftkFilled: Uint8Array;
let dgdFilled: Uint8Array;

beforeAll(async () => {
  requireTools();
  form = await renderForm("COMMERCIAL_INVOICE", sparseShipment());
  pdftkFilled = fillWithPdftk(ws, form, NON_LATIN);
  const dgd = await renderForm("DANGEROUS_GOODS_DECLARATION", sparseShipment());
  dgdFilled = fillWithPdftk(
    ws,
    dgd,
    {
      "goods.lineItems.1.unNumber": "UN3480",
      "goods.lineItems.1.hazardClass": "9",
      "hazardousShipment.emergencyContact": "+48 42 123 45 67",
    },
    "dgd",
  );
  const doc = await PDFDocument.load(form);
  fillable = doc
    .getForm()
    .getFields()
    .filter((f) => f instanceof PDFTextField)
    .map((f) => f.getName())
    .filter((n) => !(SERVICE_FIELD_NAMES as readonly string[]).includes(n));
});
afterAll(() => ws.cleanup());

const EXPECTED_MAPPED = {
  "exporter.address": NON_LATIN["exporter.address"],
  "invoice_data.invoice_number": NON_LATIN["invoiceData.invoiceNumber"],
  "route.port_of_loading": NON_LATIN["route.portOfLoading"],
  "route.vessel_name": NON_LATIN["route.vesselName"],
};

function expectFilled(result: Awaited<ReturnType<typeof readFormFields>>): void {
  for (const [name, value] of Object.entries(NON_LATIN)) expect(result.fields[name], name).toBe(value);
  expect(result.textFieldCount).toBe(fillable.length);
  expect(result.filledCount).toBe(Object.keys(NON_LATIN).length);
  expect(result.emptyCount).toBe(fillable.length - Object.keys(NON_LATIN).length);
  expect(Object.keys(result.fields).sort()).toEqual([...fillable].sort());
  for (const name of SERVICE_FIELD_NAMES) expect(result.fields).not.toHaveProperty(name);
  expect(result.identity).toEqual({
    shipmentId: SAMPLE_META.shipmentId,
    docType: "COMMERCIAL_INVOICE",
    shipmentRef: SAMPLE_META.shipmentRef,
  });
  const mapped = mapFieldsToShipment(result.fields);
  expect(mapped.mapped_data).toEqual(EXPECTED_MAPPED);
  expect(mapped.unmapped_fields).toEqual({});
}

describe("readFormFields on generated forms", () => {
  it('an unfilled draft: every text field is present as "", identity fields pulled out', TIMEOUT, async () => {
    const result = await readFormFields(form);
    expect(result.textFieldCount).toBe(fillable.length);
    expect(result.textFieldCount).toBeGreaterThan(10);
    expect(result.filledCount).toBe(0);
    expect(result.emptyCount).toBe(fillable.length);
    expect(Object.values(result.fields).every((v) => v === "")).toBe(true);
    expect(result.fields).toHaveProperty(["exporter.address"], "");
    expect(result.identity).toEqual({
      shipmentId: SAMPLE_META.shipmentId,
      docType: "COMMERCIAL_INVOICE",
      shipmentRef: SAMPLE_META.shipmentRef,
    });
    expect(result.skipped).toEqual([]);
    expect(result.needAppearances).toBe(false);
    expect(mapFieldsToShipment(result.fields)).toEqual({ mapped_data: {}, unmapped_fields: {} });
  });

  it("filled with pdf-lib (appearances in embedded DejaVu): exact values in any script", TIMEOUT, async () => {
    expectFilled(await readFormFields(await fillWithPdfLib(form, NON_LATIN)));
  });

  it("filled with `pdftk fill_form` and XFDF", TIMEOUT, async () => {
    expectFilled(await readFormFields(pdftkFilled));
  });

  it("filled NeedAppearances-style (/V only, stale appearances)", TIMEOUT, async () => {
    const result = await readFormFields(await fillNeedAppearances(form, NON_LATIN));
    expectFilled(result);
    expect(result.needAppearances).toBe(true);
  });

  it("filled with pdftk, then rewritten by qpdf with object streams and a cross-reference stream", TIMEOUT, async () => {
    const filled = ws.write(pdftkFilled, "objstm-filled");
    const rewritten = `${filled}.objstm.pdf`;
    execFileSync("qpdf", ["--object-streams=generate", filled, rewritten]);
    const bytes = new Uint8Array(readFileSync(rewritten));
    expect(Buffer.from(bytes).toString("latin1")).toContain("/ObjStm");
    expectFilled(await readFormFields(bytes));
  });

  it("reads hierarchical names of line-item fields and maps them with array indexes", TIMEOUT, async () => {
    const result = await readFormFields(dgdFilled);
    expect(result.fields["goods.lineItems.1.unNumber"]).toBe("UN3480");
    expect(result.identity.docType).toBe("DANGEROUS_GOODS_DECLARATION");
    expect(mapFieldsToShipment(result.fields).mapped_data).toEqual({
      "goods.line_items.1.un_number": "UN3480",
      "goods.line_items.1.hazard_class": "9",
      "hazardous_shipment.emergency_contact": "+48 42 123 45 67",
    });
    for (const name of Object.keys(result.fields)) expect(() => fieldPathToDataPath(name)).not.toThrow();
  });
});

describe("field types, encodings and foreign fields", () => {
  it("skips checkboxes, radio groups, dropdowns, option lists and buttons, listing them", TIMEOUT, async () => {
    const doc = await PDFDocument.load(form);
    const f = doc.getForm();
    const page = doc.getPage(0);
    const box = f.createCheckBox("extras.insured");
    box.addToPage(page, { x: 20, y: 20, width: 10, height: 10 });
    box.check();
    const radio = f.createRadioGroup("extras.priority");
    radio.addOptionToPage("high", page, { x: 40, y: 20, width: 10, height: 10 });
    radio.addOptionToPage("low", page, { x: 60, y: 20, width: 10, height: 10 });
    radio.select("high");
    const dropdown = f.createDropdown("extras.carrier");
    dropdown.addOptions(["Maersk", "MSC"]);
    dropdown.select("MSC");
    dropdown.addToPage(page, { x: 80, y: 20, width: 60, height: 12 });
    const list = f.createOptionList("extras.ports");
    list.addOptions(["PLGDN", "DEHAM"]);
    list.addToPage(page, { x: 150, y: 10, width: 60, height: 30 });
    const button = f.createButton("extras.print");
    button.addToPage("Print", page, { x: 220, y: 20, width: 40, height: 12 });
    const bytes = await doc.save();
    const result = await readFormFields(bytes);
    expect(result.skipped).toEqual([
      { name: "extras.insured", type: "checkbox" },
      { name: "extras.priority", type: "radio" },
      { name: "extras.carrier", type: "dropdown" },
      { name: "extras.ports", type: "option_list" },
      { name: "extras.print", type: "button" },
    ]);
    expect(result.textFieldCount).toBe(fillable.length);
    expect(Object.keys(result.fields).some((n) => n.startsWith("extras."))).toBe(false);
  });

  it("decodes UTF-16BE, UTF-16LE and UTF-8 with BOM and PDFDocEncoding values; normalises line breaks", TIMEOUT, async () => {
    const doc = await PDFDocument.load(form);
    const fields = doc.getForm();
    const set = (name: string, value: PDFString | PDFHexString) => fields.getTextField(name).acroField.dict.set(PDFName.of("V"), value);
    // PDFDocEncoding: 0xFC = ü, 0x95 = Ł, 0x80 = bullet; literal string with an escaped parenthesis.
    set("exporter.address", PDFString.of("M\\374ller \\225\\363d\\271 \\200 \\(HQ\\)"));
    set("invoiceData.invoiceNumber", PDFHexString.of("FFFE1F0440043804320435044204"));
    set("route.portOfLoading", PDFHexString.of("EFBBBFE69DB1E4BAAC"));
    set("route.vesselName", PDFString.of("line one\\rline two\\r\\nline three"));
    const result = await readFormFields(await doc.save());
    expect(result.fields["exporter.address"]).toBe("Müller Łód¹ • (HQ)");
    expect(result.fields["invoiceData.invoiceNumber"]).toBe("Привет");
    expect(result.fields["route.portOfLoading"]).toBe("東京");
    expect(result.fields["route.vesselName"]).toBe("line one\nline two\nline three");
    expect(decodePdfTextBytes(Uint8Array.from([0xfe, 0xff, 0x01, 0x41]))).toBe("Ł");
  });

  it("fields outside the form-path grammar are unmapped; blank values are not mapped", TIMEOUT, async () => {
    const doc = await PDFDocument.load(form);
    const f = doc.getForm();
    const foreign = f.createTextField("Text1");
    foreign.setText("Note from the buyer");
    foreign.addToPage(doc.getPage(0), { x: 10, y: 10, width: 80, height: 12 });
    f.getTextField("exporter.address").setText("   ");
    const result = await readFormFields(await doc.save());
    expect(result.fields.Text1).toBe("Note from the buyer");
    expect(result.fields["exporter.address"]).toBe("   ");
    expect(result.filledCount).toBe(1);
    expect(mapFieldsToShipment(result.fields)).toEqual({ mapped_data: {}, unmapped_fields: { Text1: "Note from the buyer" } });
  });

  it("a PDF without a form: no fields, no identity (the caller answers SVC_VAL_006)", TIMEOUT, async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const result = await readFormFields(await doc.save());
    expect(result).toMatchObject({
      fields: {},
      textFieldCount: 0,
      filledCount: 0,
      emptyCount: 0,
      identity: { shipmentId: null, docType: null, shipmentRef: null },
      skipped: [],
    });
  });

  it("a generated PDF without shipment id and ref: identity nulls", TIMEOUT, async () => {
    const result = await readFormFields(await renderForm("COMMERCIAL_INVOICE", sparseShipment(), { shipmentId: null, shipmentRef: null }));
    expect(result.identity).toEqual({ shipmentId: null, docType: "COMMERCIAL_INVOICE", shipmentRef: null });
  });
});
