/**
 * The PDF/A copy of a document that carries its verifiable credential: the credential stays attached as an
 * associated file and the copy declares PDF/A-3b (ISO 19005-3: pdfaid:part 3; 6.8 embedded files with
 * their MIME type, /Params /ModDate, /AFRelationship, listed in the catalog's /AF). Without attachments the
 * copy stays PDF/A-2b with no embedded file (the PDF/A-2b clause checks are flatten-to-pdfa.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flattenToPdfA } from "../../../shared/pdf/flatten-to-pdfa.ts";
import { attachFile, type AttachedFile } from "../../../shared/pdf/attach-file.ts";
import { PdfWorkspace } from "../../support/pdf-tools.ts";
import { qdfText, renderForm, requireTools, run, threePageShipment } from "./pdf-fixtures.ts";

const NOW = new Date("2025-04-01T12:34:56.789Z");
const STAMP = "sha256:9f2c6a1e4b7d03c85e21a9f04d6b7c3e8a15f2d9c0b4e7a61d3f8c2b5a9e0d174";
const JWT = "eyJhbGciOiJFUzI1NiJ9.eyJpZCI6InVybjp0ZXN0In0.c2lnbmF0dXJl";
const CREDENTIAL: AttachedFile = {
  name: "credential.jwt",
  bytes: new TextEncoder().encode(JWT),
  mimeType: "application/vc+jwt",
  description: "W3C Verifiable Credential of this document's data",
  relationship: "Data",
  modified: new Date("2025-04-01T10:00:00Z"),
};

const ws = new PdfWorkspace();
let withFile: string;
let withoutFile: string;

beforeAll(async () => {
  requireTools();
  // The renderer's document already carries the credential; the flattener removes every input file and
  // writes the ones it is given.
  const form = await renderForm("PACKING_LIST", threePageShipment(), { attach: (doc) => attachFile(doc, CREDENTIAL) });
  withFile = ws.write(await flattenToPdfA(form, { now: NOW, hashStamp: STAMP, pdfa3: { attachments: [CREDENTIAL] } }), "pdfa3");
  withoutFile = ws.write(await flattenToPdfA(form, { now: NOW, hashStamp: STAMP }), "pdfa2");
}, 60_000);
afterAll(() => ws.cleanup());

const xmpOf = (file: string) => {
  const m = /<x:xmpmeta[\s\S]*?<\/x:xmpmeta>/.exec(qdfText(ws, file));
  if (!m) throw new Error("no XMP packet");
  return m[0];
};

describe("the PDF/A copy of a document with its credential", () => {
  it("passes qpdf --check and declares PDF/A-3b in well-formed XMP", () => {
    const check = run("qpdf", ["--check", withFile]);
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout + check.stderr).not.toMatch(/WARNING/);
    const xmp = xmpOf(withFile);
    expect(xmp).toContain("<pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>");
    const parsed = run(
      "/usr/bin/python3",
      ["-c", "import sys, xml.dom.minidom; xml.dom.minidom.parseString(sys.stdin.read().encode('utf-8'))"],
      xmp,
    );
    expect(parsed.status, parsed.stderr).toBe(0);
  });

  it("keeps exactly the credential, byte for byte, as an associated file (6.8)", () => {
    expect(run("qpdf", ["--show-attachment=credential.jwt", withFile]).stdout).toBe(JWT);
    const listed = run("qpdf", ["--list-attachments", "--verbose", withFile]).stdout;
    expect(listed.match(/^\S.* -> \d+,0$/gm)?.map((line) => line.split(" -> ")[0])).toEqual(["credential.jwt"]);
    expect(listed).toContain("mime type: application/vc+jwt");
    expect(listed).toContain("modification date: D:20250401100000Z");
    const qdf = qdfText(ws, withFile);
    expect(qdf).toMatch(/\/AF \[\s*\d+ 0 R\s*\]/);
    expect(qdf).toContain("/AFRelationship /Data");
    expect(qdf).toMatch(/\/Type \/EmbeddedFile/);
    expect(qdf).toMatch(/\/Params <<[^>]*\/ModDate/);
  });

  it("without attachments: PDF/A-2b, and the input's embedded file is removed", () => {
    expect(xmpOf(withoutFile)).toContain("<pdfaid:part>2</pdfaid:part>");
    expect(run("qpdf", ["--list-attachments", withoutFile]).stdout).toMatch(/has no embedded files/);
    expect(qdfText(ws, withoutFile)).not.toContain("/AFRelationship");
  });

  it("refuses an attachment without a MIME type", async () => {
    const form = await renderForm("COMMERCIAL_INVOICE");
    await expect(flattenToPdfA(form, { now: NOW, pdfa3: { attachments: [{ ...CREDENTIAL, mimeType: "" }] } })).rejects.toThrow(
      /pdfa3.attachments/,
    );
  });
});
