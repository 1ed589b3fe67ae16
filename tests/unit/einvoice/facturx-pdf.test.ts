/**
 * The generated final commercial invoice as Factur-X: the PDF/A clause checks of the flattener's tests
 * (tests/unit/pdf/flatten-to-pdfa.test.ts) adapted for PDF/A-3b (ISO 19005-3: part 3 in the XMP, and
 * clause 6.8 on embedded files), the Factur-X XMP extension schema, the page unchanged pixel for pixel, and
 * the extraction of the file returning the shipment's values at confidence 1.0 (the round trip).
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, type PDFObject, PDFRawStream, PDFRef, PDFStream, PDFString } from "pdf-lib";
import { renderDocument } from "../../../shared/document-types/render-document.ts";
import { withEmbeddedEInvoice } from "../../../shared/generation/embed-einvoice.ts";
import { FACTURX_NAMESPACE } from "../../../shared/pdf/facturx-pdf.ts";
import { mapShipmentToEInvoice } from "../../../shared/einvoice/map-shipment.ts";
import { writeCii } from "../../../shared/einvoice/write-cii.ts";
import { extractionConfigWith } from "../../../shared/extraction/extraction-config.ts";
import { runExtraction } from "../../../shared/extraction/run-extraction.ts";
import { pdffonts } from "../../support/pdf-tools.ts";
import { SAMPLE_META } from "../../support/sample-shipments.ts";
import { PdfWorkspace, qdfText, requireTools, run } from "../pdf/pdf-fixtures.ts";
import { intraEuShipment } from "../../support/einvoice-cases.ts";

const ws = new PdfWorkspace();
const shipment = intraEuShipment();
const source = { documentType: "COMMERCIAL_INVOICE", shipment, finalDoc: true, generatedAt: SAMPLE_META.generatedAt };
let original: Uint8Array;
let bytes: Uint8Array;
let file: string;
let out: PDFDocument;
let qdf: string;
let xmp: string;

beforeAll(async () => {
  requireTools();
  original = await renderDocument({ ...SAMPLE_META, docType: "COMMERCIAL_INVOICE", shipment, finalDoc: true });
  bytes = await withEmbeddedEInvoice(original, source);
  file = ws.write(bytes, "factur-x");
  out = await PDFDocument.load(bytes, { updateMetadata: false });
  qdf = qdfText(ws, file);
  xmp = new TextDecoder().decode((out.context.lookup(out.catalog.get(PDFName.of("Metadata"))) as PDFRawStream).contents);
}, 60_000);
afterAll(() => ws.cleanup());

const lookup = (o: PDFObject | undefined) => (o instanceof PDFRef ? out.context.lookup(o) : o);
const dict = (o: PDFObject | undefined) => {
  const v = lookup(o);
  return v instanceof PDFDict ? v : v instanceof PDFStream ? v.dict : undefined;
};
const xmpValue = (re: RegExp) => xmp.match(re)?.[1];
const textOf = (o: PDFObject | undefined) => {
  const v = lookup(o);
  return v instanceof PDFString || v instanceof PDFHexString ? v.decodeText() : undefined;
};

describe("the Factur-X invoice", () => {
  it("draws the same page as the renderer did (pdftoppm, pixel for pixel) and passes qpdf --check", () => {
    const before = ws.write(original, "rendered");
    for (const [f, prefix] of [
      [before, "before"],
      [file, "after"],
    ])
      expect(run("pdftoppm", ["-r", "72", "-png", f, `${ws.dir}/${prefix}`]).status).toBe(0);
    expect(Buffer.compare(readFileSync(`${ws.dir}/before-1.png`), readFileSync(`${ws.dir}/after-1.png`))).toBe(0);
    const check = run("qpdf", ["--check", file]);
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(`${check.stdout}${check.stderr}`).not.toMatch(/warning/i);
  });

  it("is deterministic given the generation time", async () => {
    expect(Buffer.compare(Buffer.from(await withEmbeddedEInvoice(original, source)), Buffer.from(bytes))).toBe(0);
  });

  it("leaves a draft, another document type and a seller outside the EU as rendered", async () => {
    expect(await withEmbeddedEInvoice(original, { ...source, finalDoc: false })).toBe(original);
    expect(await withEmbeddedEInvoice(original, { ...source, documentType: "PACKING_LIST" })).toBe(original);
    const us = { ...shipment, exporter: { ...shipment.exporter, country: "US" } };
    expect(await withEmbeddedEInvoice(original, { ...source, shipment: us })).toBe(original);
  });

  it("reads back (the extraction of an uploaded PDF) as the shipment's values, each with confidence 1.0", async () => {
    const outcome = await runExtraction(bytes, "pdf", extractionConfigWith({ extractor: "builtin" }));
    expect(outcome.embedded).toEqual({ file: "factur-x.xml", syntax: "cii" });
    const expected: Record<string, unknown> = {
      "invoice_data.invoice_number": "FV/2025/03/0117",
      "invoice_data.invoice_date": "2025-03-11",
      "goods.currency": "EUR",
      "goods.total_value": 53340,
    };
    for (const role of ["exporter", "importer"] as const) {
      const p = shipment[role] as Record<string, unknown>;
      for (const f of ["name", "address", "city", "postal_code", "country", "contact_name", "contact_email", "contact_phone"])
        expected[`${role}.${f}`] = p[f];
      expected[`${role}.tax_ids.vat`] = (p.tax_ids as Record<string, unknown>).vat;
    }
    (shipment.goods.line_items as Record<string, unknown>[]).forEach((item, i) => {
      for (const f of ["description", "hs_code", "quantity", "unit", "unit_price", "origin_country"])
        expected[`goods.line_items[${i}].${f}`] = item[f];
    });
    for (const [path, value] of Object.entries(expected)) expect(outcome.flat.get(path), path).toEqual({ value, confidence: 1 });
  });
});

describe("PDF/A-3b clauses (ISO 19005-3)", () => {
  it("6.1.2 / 6.1.3 header with a binary comment; trailer /ID of two 16-byte strings, no /Encrypt", () => {
    expect(Buffer.from(bytes.subarray(0, 9)).toString("latin1")).toBe("%PDF-1.7\n");
    for (let i = 10; i < 14; i++) expect(bytes[i]).toBeGreaterThan(127);
    const id = out.context.trailerInfo.ID as PDFArray;
    expect(id.asArray().map((p) => (p as PDFHexString).asBytes().length)).toEqual([16, 16]);
    expect(Buffer.from(bytes).toString("latin1")).not.toContain("/Encrypt");
  });

  it("6.2.3 one GTS_PDFA1 OutputIntent with the sRGB profile", () => {
    const intents = lookup(out.catalog.get(PDFName.of("OutputIntents"))) as PDFArray;
    expect(intents.size()).toBe(1);
    const intent = dict(intents.get(0))!;
    expect(intent.get(PDFName.of("S"))).toBe(PDFName.of("GTS_PDFA1"));
    expect(textOf(intent.get(PDFName.of("OutputConditionIdentifier")))).toBe("sRGB IEC61966-2.1");
  });

  it("6.2.11.4 every font embedded (pdffonts); 6.4 / 6.5 no AcroForm, no JavaScript, no actions", () => {
    const fonts = pdffonts(file);
    expect(fonts.length).toBeGreaterThan(0);
    for (const f of fonts) expect(f.embedded, f.name).toBe(true);
    for (const key of ["/AcroForm", "/JS", "/JavaScript", "/OpenAction", "/AA ", "/Launch", "/DeviceCMYK"])
      expect(qdf, key).not.toContain(key);
    const info = run("pdfinfo", [file]);
    expect(info.stdout).toMatch(/Form:\s+none/);
    expect(info.stdout).toMatch(/JavaScript:\s+no/);
  });

  it("6.8 one embedded file, factur-x.xml: a file specification with /F, /UF, /Desc and /AFRelationship Alternative, listed in /EmbeddedFiles and in the catalog /AF", () => {
    const af = lookup(out.catalog.get(PDFName.of("AF"))) as PDFArray;
    expect(af.size()).toBe(1);
    const spec = dict(af.get(0))!;
    expect(spec.get(PDFName.of("Type"))).toBe(PDFName.of("Filespec"));
    expect(textOf(spec.get(PDFName.of("F")))).toBe("factur-x.xml");
    expect(textOf(spec.get(PDFName.of("UF")))).toBe("factur-x.xml");
    expect(textOf(spec.get(PDFName.of("Desc")))).toMatch(/Factur-X/);
    expect(spec.get(PDFName.of("AFRelationship"))).toBe(PDFName.of("Alternative"));
    const names = lookup(
      dict(dict(out.catalog.get(PDFName.of("Names")))?.get(PDFName.of("EmbeddedFiles")))?.get(PDFName.of("Names")),
    ) as PDFArray;
    expect(names.size()).toBe(2);
    expect(textOf(names.get(0))).toBe("factur-x.xml");
    expect(names.get(1)).toBe(af.get(0));
    const list = run("qpdf", ["--list-attachments", file]);
    expect(
      list.stdout
        .trim()
        .split("\n")
        .filter((l) => l.includes("->")),
    ).toHaveLength(1);
  });

  it("6.8 the embedded file stream: /Type /EmbeddedFile, MIME subtype text/xml, /Params with /ModDate and /Size; its bytes are the invoice's CII", () => {
    const spec = dict((lookup(out.catalog.get(PDFName.of("AF"))) as PDFArray).get(0))!;
    const stream = lookup(dict(spec.get(PDFName.of("EF")))!.get(PDFName.of("F")));
    expect(stream).toBeInstanceOf(PDFStream);
    const streamDict = (stream as PDFStream).dict;
    expect(streamDict.get(PDFName.of("Type"))).toBe(PDFName.of("EmbeddedFile"));
    expect(streamDict.get(PDFName.of("Subtype"))).toBe(PDFName.of("text/xml"));
    expect(qdf).toMatch(/\/Subtype \/text#2[fF]xml/);
    const params = dict(streamDict.get(PDFName.of("Params")))!;
    expect(textOf(params.get(PDFName.of("ModDate")))).toBe("D:20250311093000Z");
    const shown = run("qpdf", ["--show-attachment=factur-x.xml", file]);
    const mapping = mapShipmentToEInvoice(shipment, { kind: "commercial", issueDate: SAMPLE_META.generatedAt });
    const cii = writeCii(mapping.applicable && mapping.invoice ? mapping.invoice : (undefined as never));
    expect(shown.stdout).toBe(cii);
    expect(params.get(PDFName.of("Size"))?.toString()).toBe(String(new TextEncoder().encode(cii).length));
  });

  it("6.6.4 pdfaid:part 3, conformance B; Info matches the XMP", () => {
    expect(xmpValue(/<pdfaid:part>([^<]*)</)).toBe("3");
    expect(xmpValue(/<pdfaid:conformance>([^<]*)</)).toBe("B");
    expect(out.getTitle()).toBe(xmpValue(/<dc:title><rdf:Alt><rdf:li xml:lang="x-default">([^<]*)</));
    expect(out.getProducer()).toBe(xmpValue(/<pdf:Producer>([^<]*)</));
    expect(out.getModificationDate()?.toISOString().replace(".000", "")).toBe(xmpValue(/<xmp:ModifyDate>([^<]*)</));
    const parse = run("xmllint", ["--noout", "-"], xmp);
    expect(parse.status, parse.stderr).toBe(0);
  });

  it("6.6.2.3 only predefined schemas plus fx:, described by a PDF/A extension schema (Factur-X 1.0 values)", () => {
    const namespaces = new Set([...xmp.matchAll(/xmlns:([A-Za-z]+)="([^"]+)"/g)].map((m) => `${m[1]}=${m[2]}`));
    expect([...namespaces].sort()).toEqual(
      [
        "dc=http://purl.org/dc/elements/1.1/",
        `fx=${FACTURX_NAMESPACE}`,
        "pdf=http://ns.adobe.com/pdf/1.3/",
        "pdfaExtension=http://www.aiim.org/pdfa/ns/extension/",
        "pdfaProperty=http://www.aiim.org/pdfa/ns/property#",
        "pdfaSchema=http://www.aiim.org/pdfa/ns/schema#",
        "pdfaid=http://www.aiim.org/pdfa/ns/id/",
        "rdf=http://www.w3.org/1999/02/22-rdf-syntax-ns#",
        "x=adobe:ns:meta/",
        "xmp=http://ns.adobe.com/xap/1.0/",
        "xmpMM=http://ns.adobe.com/xap/1.0/mm/",
      ].sort(),
    );
    expect(FACTURX_NAMESPACE).toBe("urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#");
    expect(xmpValue(/<fx:DocumentType>([^<]*)</)).toBe("INVOICE");
    expect(xmpValue(/<fx:DocumentFileName>([^<]*)</)).toBe("factur-x.xml");
    expect(xmpValue(/<fx:Version>([^<]*)</)).toBe("1.0");
    expect(xmpValue(/<fx:ConformanceLevel>([^<]*)</)).toBe("EN 16931");
    expect(xmpValue(/<pdfaSchema:prefix>([^<]*)</)).toBe("fx");
    const described = [...xmp.matchAll(/<pdfaProperty:name>([^<]*)</g)].map((m) => m[1]).sort();
    const used = [...new Set([...xmp.matchAll(/<fx:([A-Za-z]+)>/g)].map((m) => m[1]))].sort();
    expect(described).toEqual(used);
  });
});
