/**
 * attachFile writes what PDF/A-3 and Factur-X ask of an embedded file — read back with qpdf (--json and
 * --show-attachment), not with pdf-lib; and buildXmp's part 3 and extension schemas.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFArray, PDFDocument, PDFName } from "pdf-lib";
import { attachFile } from "../../../shared/pdf/attach-file.ts";
import { buildXmp } from "../../../shared/pdf/xmp.ts";
import { PdfWorkspace, qpdfCheck } from "../../support/pdf-tools.ts";

const ws = new PdfWorkspace();
afterAll(() => ws.cleanup());

const XML = new TextEncoder().encode('<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice/>');
const MODIFIED = new Date("2026-03-11T09:30:00Z");

type QpdfObjects = Record<string, { value?: Record<string, unknown>; stream?: { dict: Record<string, unknown> } }>;

let file: string;
let objects: QpdfObjects;

function lookup(ref: unknown): Record<string, unknown> {
  const entry = objects[`obj:${ref as string}`];
  return (entry?.value ?? entry?.stream?.dict) as Record<string, unknown>;
}

beforeAll(async () => {
  if (spawnSync("sh", ["-c", "command -v qpdf"]).status !== 0) throw new Error("qpdf missing — apt-get install -y qpdf");
  const doc = await PDFDocument.create();
  doc.addPage();
  attachFile(doc, {
    name: "z-notes.txt",
    bytes: new TextEncoder().encode("notes"),
    mimeType: "text/plain",
    description: "Notes",
    relationship: "Supplement",
    modified: MODIFIED,
  });
  attachFile(doc, {
    name: "factur-x.xml",
    bytes: XML,
    mimeType: "text/xml",
    description: "Factur-X Invoice",
    relationship: "Alternative",
    modified: MODIFIED,
  });
  file = ws.write(await doc.save({ useObjectStreams: false }), "attached");
  const json = spawnSync("qpdf", ["--json=2", "--json-key=qpdf", file], { encoding: "utf8" });
  expect(json.status, json.stderr).toBe(0);
  objects = JSON.parse(json.stdout).qpdf[1] as QpdfObjects;
});

describe("attachFile", () => {
  it("writes a file qpdf checks without complaint and whose attachment it extracts byte for byte", () => {
    expect(qpdfCheck(file).status).toBe(0);
    const shown = spawnSync("qpdf", ["--show-attachment=factur-x.xml", file]);
    expect(shown.status, String(shown.stderr)).toBe(0);
    expect(Buffer.compare(shown.stdout, Buffer.from(XML))).toBe(0);
  });

  it("lists both files in a sorted /EmbeddedFiles name tree and in the catalog /AF array", () => {
    const trailer = objects.trailer.value as Record<string, unknown>;
    const catalog = lookup(trailer["/Root"]);
    const names = lookup(catalog["/Names"]);
    const tree = lookup(names["/EmbeddedFiles"]);
    const leaf = tree["/Names"] as string[];
    expect(leaf.filter((_, i) => i % 2 === 0)).toEqual(["u:factur-x.xml", "u:z-notes.txt"]);
    expect(catalog["/AF"]).toHaveLength(2);
    expect(new Set(catalog["/AF"] as string[])).toEqual(new Set([leaf[1], leaf[3]]));
  });

  it("gives the filespec /F, /UF, /Desc, /AFRelationship and the stream its MIME subtype and /Params", () => {
    const catalog = lookup((objects.trailer.value as Record<string, unknown>)["/Root"]);
    const leaf = lookup(lookup(catalog["/Names"])["/EmbeddedFiles"])["/Names"] as string[];
    const spec = lookup(leaf[1]);
    expect(spec["/Type"]).toBe("/Filespec");
    expect(spec["/F"]).toBe("u:factur-x.xml");
    expect(spec["/UF"]).toBe("u:factur-x.xml");
    expect(spec["/Desc"]).toBe("u:Factur-X Invoice");
    expect(spec["/AFRelationship"]).toBe("/Alternative");
    const ef = spec["/EF"] as Record<string, string>;
    const stream = lookup(ef["/F"]);
    expect(stream["/Type"]).toBe("/EmbeddedFile");
    expect(stream["/Subtype"]).toBe("/text/xml"); // qpdf decodes the name; in the file "/" is escaped:
    expect(readFileSync(file, "latin1")).toMatch(/\/Subtype \/text#2[Ff]xml/);
    const params = stream["/Params"] as Record<string, unknown>;
    expect(params["/Size"]).toBe(XML.length);
    expect(params["/ModDate"]).toBe("u:D:20260311093000Z");
  });

  it("replaces a file of the same name instead of listing it twice", async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const base = { mimeType: "text/xml", description: "x", relationship: "Data" as const, modified: MODIFIED };
    attachFile(doc, { ...base, name: "factur-x.xml", bytes: new TextEncoder().encode("<a/>") });
    attachFile(doc, { ...base, name: "factur-x.xml", bytes: XML });
    const again = ws.write(await doc.save(), "replaced");
    const list = spawnSync("qpdf", ["--list-attachments", again], { encoding: "utf8" });
    expect(
      list.stdout
        .trim()
        .split("\n")
        .filter((l) => l.includes("->")),
    ).toHaveLength(1);
    const af = doc.catalog.lookup(PDFName.of("AF"), PDFArray);
    expect(af.size()).toBe(1);
  });
});

describe("buildXmp part and extension schemas", () => {
  const base = { producer: "p", createDate: MODIFIED, modifyDate: MODIFIED, documentId: "uuid:a", instanceId: "uuid:b" };

  it("says part 2 by default and part 3 when asked", () => {
    expect(buildXmp(base)).toContain("<pdfaid:part>2</pdfaid:part>");
    expect(buildXmp({ ...base, part: 3 })).toContain("<pdfaid:part>3</pdfaid:part>");
  });

  it("writes each extension's values and describes every custom schema in one extension bag", () => {
    const xmp = buildXmp({
      ...base,
      part: 3,
      hashStamp: "sha256:abc",
      extensions: [
        {
          schema: "Factur-X PDFA Extension Schema",
          namespaceURI: "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#",
          prefix: "fx",
          properties: [
            { name: "DocumentType", valueType: "Text", category: "external", description: "INVOICE", value: "INVOICE" },
            { name: "ConformanceLevel", valueType: "Text", category: "external", description: "level", value: "EN 16931" },
          ],
        },
      ],
    });
    expect(xmp).toContain("<fx:DocumentType>INVOICE</fx:DocumentType>");
    expect(xmp).toContain("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>");
    expect(xmp).toContain("<tds:hashStamp>sha256:abc</tds:hashStamp>");
    expect(xmp.match(/<pdfaExtension:schemas>/g)).toHaveLength(1);
    expect([...xmp.matchAll(/<pdfaSchema:prefix>([^<]*)</g)].map((m) => m[1])).toEqual(["tds", "fx"]);
    expect([...xmp.matchAll(/<pdfaProperty:name>([^<]*)</g)].map((m) => m[1])).toEqual(["hashStamp", "DocumentType", "ConformanceLevel"]);
    const parse = spawnSync("xmllint", ["--noout", "-"], { input: xmp, encoding: "utf8" });
    expect(parse.status, parse.stderr).toBe(0);
  });
});
