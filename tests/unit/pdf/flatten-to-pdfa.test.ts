/**
 * flattenToPdfA: a 3-page generated packing list carrying its credential (as generation embeds it), filled
 * with pdftk (Latin, Cyrillic and CJK values), flattened as flatten-document does it: a hash stamp and the
 * credential moved into the XMP metadata. Every PDF/A-2b clause the flattener implements is checked on the
 * output with qpdf, poppler, xmllint, python's XML parser and pdf-lib's low-level objects (the clause table
 * is in docs/pdf-round-trip.md). Plus the other fill styles, non-text fields, annotations and actions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  StandardFonts,
} from "pdf-lib";
import { flattenToPdfA, flattenToPdfAWithReport, type FlattenResult } from "../../../shared/pdf/flatten-to-pdfa.ts";
import { PdfProblemError } from "../../../shared/pdf/pdf-problem.ts";
import { TDS_XMP_NAMESPACE } from "../../../shared/pdf/xmp.ts";
import { readSystemSrgbProfile, srgbIccProfile } from "../../../shared/pdf/srgb-icc.ts";
import { SAMPLE_META } from "../../support/sample-shipments.ts";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { attachFile } from "../../../shared/pdf/attach-file.ts";
import { credentialAttachment } from "../../../shared/credentials/credential-attachment.ts";
import { CREDENTIAL_XMP_NAMESPACE, credentialXmpSchema } from "../../../shared/credentials/credential-xmp.ts";
import { readPdfCredential } from "../../../shared/credentials/read-pdf-credential.ts";
import { verifyWithPython } from "../../support/credential-checks.ts";
import { checkExtensionSchemas, xmllint, xmpByPdfinfo } from "../../support/xmp-checks.ts";
import { pdffonts } from "../../support/pdf-tools.ts";
import {
  fillNeedAppearances,
  fillWithPdfLib,
  fillWithPdftk,
  pageText,
  PdfWorkspace,
  qdfText,
  renderForm,
  requireTools,
  run,
  sparseShipment,
  threePageShipment,
} from "./pdf-fixtures.ts";

const TIMEOUT = { timeout: 10_000 };
const NOW = new Date("2025-04-01T12:34:56.789Z");
const STAMP = "sha256:9f2c6a1e4b7d03c85e21a9f04d6b7c3e8a15f2d9c0b4e7a61d3f8c2b5a9e0d174";
const VALUES = {
  "exporter.address": "ul. Piotrkowska 148/150, Łódź",
  "invoiceData.invoiceNumber": "Привет-2025/17",
  "route.vesselName": "東京 Maru",
  "goods.lineItems.66.hsCode": "9403601000",
  "goods.lineItems.0.netWeightKg": "1 234,5",
};

const ws = new PdfWorkspace();
let input: Uint8Array;
let result: FlattenResult;
let file: string;
let out: PDFDocument;
let qdf: string;
let xmp: string;
/** A real ES256 credential JWS (the shape does not matter here, its signature does) and its public key. */
let jwt: string;
let publicJwk: object;
const PAGE = "https://docs.example.test/verify/sha256:9f2c";
const options = () => ({ now: NOW, hashStamp: STAMP, xmpExtensions: [credentialXmpSchema(jwt, PAGE)] });

beforeAll(async () => {
  requireTools();
  const keys = await generateKeyPair("ES256", { extractable: true });
  publicJwk = await exportJWK(keys.publicKey);
  jwt = await new SignJWT({ id: "urn:uuid:6f1c2b1e-0000-4000-8000-000000000001", credentialSubject: { validationHash: STAMP } })
    .setProtectedHeader({ alg: "ES256", typ: "vc+jwt", kid: "did:web:docs.example.test#k1" })
    .sign(keys.privateKey);
  const form = await renderForm("PACKING_LIST", threePageShipment(), {
    attach: (doc) => attachFile(doc, credentialAttachment({ jwt, issued_at: "2025-04-01T10:00:00Z" }, PAGE)),
  });
  input = fillWithPdftk(ws, form, VALUES, "three-page");
  result = await flattenToPdfAWithReport(input, options());
  file = ws.write(result.bytes, "flattened");
  out = await PDFDocument.load(result.bytes, { updateMetadata: false });
  qdf = qdfText(ws, file);
  const metadata = out.context.lookup(out.catalog.get(PDFName.of("Metadata"))) as PDFRawStream;
  xmp = new TextDecoder().decode(metadata.contents);
}, 60_000);
afterAll(() => ws.cleanup());

// ---------------------------------------------------------------------------------------------------------
// Helpers over the output

function lookup(object: PDFObject | undefined): PDFObject | undefined {
  return object instanceof PDFRef ? out.context.lookup(object) : object;
}

function dict(object: PDFObject | undefined): PDFDict | undefined {
  const value = lookup(object);
  return value instanceof PDFDict ? value : value instanceof PDFStream ? value.dict : undefined;
}

function allObjects(): PDFObject[] {
  const found: PDFObject[] = [];
  const stack: PDFObject[] = out.context.enumerateIndirectObjects().map(([, o]) => o);
  stack.push(out.context.trailerInfo.ID as PDFObject);
  while (stack.length > 0) {
    const o = stack.pop()!;
    found.push(o);
    if (o instanceof PDFArray) stack.push(...o.asArray());
    else if (o instanceof PDFDict) stack.push(...o.values());
    else if (o instanceof PDFStream) stack.push(o.dict);
  }
  return found;
}

function decoded(stream: PDFObject | undefined): string {
  const s = lookup(stream);
  if (!(s instanceof PDFRawStream)) return "";
  return Buffer.from(decodePDFRawStream(s).decode()).toString("latin1");
}

/** q/Q nesting depth of a content stream (strings removed first). */
function maxNesting(content: string, start = 0): number {
  const tokens = content
    .replace(/\((?:\\.|[^\\)])*\)/g, " ")
    .replace(/<[0-9A-Fa-f\s]*>/g, " ")
    .split(/\s+/);
  let depth = start;
  let max = start;
  for (const t of tokens) {
    if (t === "q") max = Math.max(max, ++depth);
    else if (t === "Q") depth--;
  }
  return max;
}

function xmpValue(pattern: RegExp): string | undefined {
  const m = xmp.match(pattern);
  return m?.[1]
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

// ---------------------------------------------------------------------------------------------------------

describe("the flattened 3-page document", () => {
  it("is a 3-page document with the field values drawn and the hash stamp on every page", () => {
    expect(out.getPageCount()).toBe(3);
    expect(result.report).toMatchObject({ pages: 3, substitutedCharacters: ["京", "東"], needAppearances: false });
    expect(result.report.widgetsDrawn).toBeGreaterThan(40);
    const text = pageText(file);
    expect(text.stderr).toBe("");
    for (const value of ["ul. Piotrkowska 148/150, Łódź", "Привет-2025/17", "9403601000", "1 234,5"])
      expect(text.stdout, value).toContain(value);
    expect(text.stdout).toContain("\uFFFD\uFFFD Maru"); // CJK has no glyph in DejaVu: U+FFFD, never .notdef
    for (let page = 1; page <= 3; page++) expect(pageText(file, page).stdout.replace(/\s+/g, " ")).toContain(`hash ${STAMP}`);
  });

  it("passes qpdf --check without warnings; pdfinfo, pdftotext and pdffonts print nothing on stderr", () => {
    const check = run("qpdf", ["--check", file]);
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(`${check.stdout}${check.stderr}`).not.toMatch(/warning/i);
    expect(check.stdout).toContain("No syntax or stream encoding errors found");
    expect(check.stderr).toBe("");
    for (const [tool, args] of [
      ["pdfinfo", [file]],
      ["pdftotext", [file, "-"]],
      ["pdffonts", [file]],
    ] as const) {
      const r = run(tool, [...args]);
      expect(r.status, tool).toBe(0);
      expect(r.stderr, tool).toBe("");
    }
  });

  it("hides the identity fields: their values are neither drawn nor stored", () => {
    expect(pageText(file).stdout).not.toContain(SAMPLE_META.shipmentId);
    expect(pageText(file).stdout).not.toContain("PACKING_LIST");
    expect(qdf).not.toContain("_service_");
    expect(qdf).not.toContain(SAMPLE_META.shipmentId);
    expect(qdf.toLowerCase()).not.toContain(PDFHexString.fromText(SAMPLE_META.shipmentId).asString().slice(4).toLowerCase());
    expect(result.report.widgetsDropped).toBe(3);
  });

  it("is deterministic given `now`, and differs for another `now`", async () => {
    const again = await flattenToPdfA(input, options());
    expect(Buffer.compare(Buffer.from(again), Buffer.from(result.bytes))).toBe(0);
    const later = await flattenToPdfA(input, { ...options(), now: new Date("2025-04-02T00:00:00Z") });
    expect(Buffer.compare(Buffer.from(later), Buffer.from(result.bytes))).not.toBe(0);
  });
});

describe("PDF/A-2b clauses (ISO 19005-2)", () => {
  it("6.1.2 header: %PDF-1.7, then a comment with four bytes above 127", () => {
    const b = result.bytes;
    expect(Buffer.from(b.subarray(0, 9)).toString("latin1")).toBe("%PDF-1.7\n");
    expect(b[9]).toBe(0x25);
    for (let i = 10; i < 14; i++) expect(b[i]).toBeGreaterThan(127);
  });

  it("6.1.3 trailer: /ID of two 16-byte strings, no /Encrypt, nothing after %%EOF", () => {
    const id = out.context.trailerInfo.ID;
    expect(id).toBeInstanceOf(PDFArray);
    const parts = (id as PDFArray).asArray();
    expect(parts).toHaveLength(2);
    for (const part of parts) expect((part as PDFHexString).asBytes()).toHaveLength(16);
    expect(out.context.trailerInfo.Encrypt).toBeUndefined();
    const tail = Buffer.from(result.bytes.subarray(result.bytes.length - 10)).toString("latin1");
    expect(tail).toMatch(/%%EOF\n?$/);
    const raw = Buffer.from(result.bytes).toString("latin1");
    expect(raw).toMatch(/trailer\n<<[\s\S]*\/ID \[ <[0-9A-F]{32}> <[0-9A-F]{32}> \][\s\S]*>>\n+startxref\n\d+\n%%EOF$/);
    expect(raw).not.toContain("/Encrypt");
  });

  it("6.1.4 cross-reference table: 'xref' and the subsection header separated by one EOL", () => {
    const raw = Buffer.from(result.bytes).toString("latin1");
    expect(raw).toMatch(/\nxref\n0 \d+\n0000000000 65535 f \n/);
  });

  it("6.1.6 / 6.1.7 / 6.1.9 strings, streams and objects: even hex strings, exact /Length, EOL around keywords, no F/FFilter/FDecodeParms, no LZW", () => {
    const raw = Buffer.from(result.bytes).toString("latin1");
    // Every "stream" keyword is followed by LF and every "endstream" preceded by an EOL; lengths are exact.
    const re = /\/Length (\d+)[\s\S]*?>>\nstream\n/g;
    let m: RegExpExecArray | null;
    let streams = 0;
    while ((m = re.exec(raw)) !== null) {
      const start = m.index + m[0].length;
      expect(raw.slice(start + Number(m[1]), start + Number(m[1]) + 10)).toBe("\nendstream");
      streams++;
      re.lastIndex = start + Number(m[1]);
    }
    expect(streams).toBeGreaterThan(10);
    expect(raw.match(/\d+ 0 obj/g)!.length).toBe(raw.match(/\n\d+ 0 obj\n/g)!.length);
    expect(raw.match(/endobj/g)!.length).toBe(raw.match(/\nendobj\n/g)!.length);
    for (const o of allObjects()) {
      if (o instanceof PDFHexString) expect(o.asString().replace(/\s/g, "").length % 2).toBe(0);
      if (o instanceof PDFStream) for (const key of ["F", "FFilter", "FDecodeParms"]) expect(o.dict.has(PDFName.of(key))).toBe(false);
    }
    expect(qdf).not.toMatch(/\/LZWDecode/);
  });

  it("6.1.13 implementation limits: integers, reals, strings ≤ 32767 bytes, names ≤ 127 bytes, q/Q nesting ≤ 28", () => {
    for (const o of allObjects()) {
      if (o instanceof PDFString || o instanceof PDFHexString) expect(o.asBytes().length).toBeLessThanOrEqual(32767);
      if (o instanceof PDFName) expect(new TextEncoder().encode(o.decodeText()).length).toBeLessThanOrEqual(127);
      if (o instanceof PDFNumber) {
        const n = o.asNumber();
        if (Number.isInteger(n)) expect(Math.abs(n)).toBeLessThanOrEqual(2147483647);
        else expect(Math.abs(n)).toBeLessThan(3.403e38);
      }
    }
    for (const page of out.getPages()) {
      const contents = dict(page.node.get(PDFName.of("Contents")))
        ? [page.node.get(PDFName.of("Contents"))]
        : (lookup(page.node.get(PDFName.of("Contents"))) as PDFArray).asArray();
      const joined = contents.map((c) => decoded(c)).join("\n");
      const pageDepth = maxNesting(joined);
      expect(pageDepth).toBeLessThanOrEqual(28);
      const xobjects = dict(dict(page.node.get(PDFName.of("Resources")))?.get(PDFName.of("XObject")));
      for (const [, xo] of xobjects?.entries() ?? []) expect(pageDepth + maxNesting(decoded(xo))).toBeLessThanOrEqual(28);
    }
  });

  it("6.2.2 every page has its own /Resources; form XObjects that draw text name their resources", () => {
    for (const page of out.getPages()) {
      expect(page.node.get(PDFName.of("Resources"))).toBeDefined();
      const xobjects = dict(dict(page.node.get(PDFName.of("Resources")))?.get(PDFName.of("XObject")));
      for (const [, xo] of xobjects?.entries() ?? []) {
        if (/\bTf\b/.test(decoded(xo))) expect(dict(dict(xo)?.get(PDFName.of("Resources")))?.has(PDFName.of("Font"))).toBe(true);
      }
    }
  });

  it("6.2.3 one PDF/A OutputIntent (/S /GTS_PDFA1) with an RGB ICC profile stream, /N 3, header version < 5", () => {
    const intents = lookup(out.catalog.get(PDFName.of("OutputIntents"))) as PDFArray;
    expect(intents.size()).toBe(1);
    const intent = dict(intents.get(0))!;
    expect(intent.get(PDFName.of("S"))).toBe(PDFName.of("GTS_PDFA1"));
    expect((lookup(intent.get(PDFName.of("OutputConditionIdentifier"))) as PDFString).decodeText()).toBe("sRGB IEC61966-2.1");
    const profile = lookup(intent.get(PDFName.of("DestOutputProfile"))) as PDFRawStream;
    expect(profile.dict.get(PDFName.of("N"))).toEqual(PDFNumber.of(3));
    const icc = decodePDFRawStream(profile).decode();
    const ascii = (at: number) => Buffer.from(icc.subarray(at, at + 4)).toString("latin1");
    expect([ascii(12), ascii(16), ascii(36)]).toEqual(["mntr", "RGB ", "acsp"]);
    expect(icc[8]).toBeLessThan(5);
    expect(Buffer.compare(Buffer.from(icc), Buffer.from(srgbIccProfile()))).toBe(0);
  });

  it("6.2.4.3 only DeviceRGB / DeviceGray colour (covered by the RGB OutputIntent), no CMYK", () => {
    expect(qdf).not.toContain("/DeviceCMYK");
    const contents = out.getPages().flatMap((p) => {
      const c = lookup(p.node.get(PDFName.of("Contents")));
      return c instanceof PDFArray ? c.asArray() : [p.node.get(PDFName.of("Contents"))];
    });
    const xobjects = out
      .getPages()
      .flatMap((p) => dict(dict(p.node.get(PDFName.of("Resources")))?.get(PDFName.of("XObject")))?.values() ?? []);
    for (const stream of [...contents, ...xobjects]) expect(decoded(stream)).not.toMatch(/(?:^|\s)(?:-?[\d.]+\s+){4}[kK](?=\s|$)/);
  });

  it("6.2.5 / 6.2.8 / 6.2.9 / 6.2.10 no transfer functions or halftones, no interpolated images or alternates, no PostScript or reference XObjects, standard blend modes", () => {
    for (const key of ["/TR ", "/TR2", "/HTP", "/Interpolate true", "/Alternates", "/OPI", "/PS ", "/Subtype /PS", "/Ref "])
      expect(qdf, key).not.toContain(key);
    expect(qdf).not.toMatch(
      /\/BM \/(?!Normal|Compatible|Multiply|Screen|Overlay|Darken|Lighten|ColorDodge|ColorBurn|HardLight|SoftLight|Difference|Exclusion|Hue|Saturation|Color|Luminosity)/,
    );
  });

  it("6.2.11.4 every font is embedded (pdffonts), DejaVu only, the flattener's own subset included", () => {
    const fonts = pdffonts(file);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.embedded, font.name).toBe(true);
      expect(font.name).toMatch(/^[A-Z]{6}\+DejaVuSans/);
    }
    expect(fonts.map((f) => f.name)).toContain("TDSFLT+DejaVuSans");
    expect(qdf).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier|ZapfDingbats|Symbol)/);
  });

  it("6.2.11.3 composite fonts: Identity-H with a CIDToGIDMap on every CIDFontType2", () => {
    for (const o of out.context.enumerateIndirectObjects().map(([, x]) => x)) {
      if (!(o instanceof PDFDict)) continue;
      if (o.get(PDFName.of("Subtype")) === PDFName.of("Type0")) expect(o.get(PDFName.of("Encoding"))).toBe(PDFName.of("Identity-H"));
      if (o.get(PDFName.of("Subtype")) === PDFName.of("CIDFontType2")) expect(o.has(PDFName.of("CIDToGIDMap"))).toBe(true);
    }
  });

  it("6.2.11.8 no text operator references the .notdef glyph (CID 0)", () => {
    const shows = [...qdf.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj/g)].map((m) => m[1].replace(/\s/g, ""));
    expect(shows.length).toBeGreaterThan(50);
    for (const hex of shows) {
      expect(hex.length % 4).toBe(0);
      for (let i = 0; i < hex.length; i += 4) expect(hex.slice(i, i + 4), hex).not.toBe("0000");
    }
  });

  it("6.3 / 6.4.1 no widget annotations, no annotations with more than /N appearances, no /A or /AA", () => {
    for (const page of out.getPages()) {
      const annots = lookup(page.node.get(PDFName.of("Annots")));
      for (const a of annots instanceof PDFArray ? annots.asArray() : []) {
        const annot = dict(a)!;
        expect(annot.get(PDFName.of("Subtype"))).not.toBe(PDFName.of("Widget"));
        const ap = dict(annot.get(PDFName.of("AP")));
        if (ap) expect(ap.keys().map((k) => k.decodeText())).toEqual(["N"]);
      }
    }
    expect(qdf).not.toContain("/Widget");
    expect(qdf).not.toMatch(/\/AA\b/);
  });

  it("6.4.1 / 6.4.2 no AcroForm (no fields left), no NeedAppearances, no XFA, no NeedsRendering", () => {
    expect(out.catalog.has(PDFName.of("AcroForm"))).toBe(false);
    for (const key of ["/AcroForm", "/NeedAppearances", "/XFA", "/NeedsRendering", "/FT /Tx", "/Fields"])
      expect(qdf, key).not.toContain(key);
    expect(run("pdfinfo", [file]).stdout).toMatch(/Form:\s+none/);
  });

  it("6.5 no JavaScript, OpenAction or additional actions anywhere", () => {
    for (const key of ["/JS", "/JavaScript", "/OpenAction", "/AA ", "/Launch"]) expect(qdf, key).not.toContain(key);
    expect(run("pdfinfo", [file]).stdout).toMatch(/JavaScript:\s+no/);
  });

  it("6.6.2.1 catalog /Metadata: an unfiltered XML metadata stream, well-formed UTF-8 XMP, no bytes/encoding attributes", () => {
    const metadata = lookup(out.catalog.get(PDFName.of("Metadata"))) as PDFRawStream;
    expect(metadata.dict.get(PDFName.of("Type"))).toBe(PDFName.of("Metadata"));
    expect(metadata.dict.get(PDFName.of("Subtype"))).toBe(PDFName.of("XML"));
    expect(metadata.dict.has(PDFName.of("Filter"))).toBe(false);
    expect(new TextDecoder("utf-8", { fatal: true }).decode(metadata.contents)).toBe(xmp);
    const header = xmp.slice(0, xmp.indexOf("?>") + 2);
    expect(header).toMatch(/^<\?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"\?>$/);
    expect(header).not.toMatch(/bytes=|encoding=/);
    expect(xmp.endsWith('<?xpacket end="w"?>')).toBe(true);
    const parse = run(
      "python3",
      ["-c", "import sys, xml.dom.minidom; d = xml.dom.minidom.parseString(sys.stdin.buffer.read()); print(d.documentElement.tagName)"],
      xmp,
    );
    expect(parse.stderr).toBe("");
    expect(parse.stdout.trim()).toBe("x:xmpmeta");
  });

  it("6.6.2.3 only predefined schemas, plus tds:hashStamp and tdsvc:credential declared in a PDF/A extension schema", () => {
    const namespaces = new Set([...xmp.matchAll(/xmlns:([A-Za-z]+)="([^"]+)"/g)].map((m) => `${m[1]}=${m[2]}`));
    expect([...namespaces].sort()).toEqual(
      [
        "dc=http://purl.org/dc/elements/1.1/",
        "pdf=http://ns.adobe.com/pdf/1.3/",
        "pdfaExtension=http://www.aiim.org/pdfa/ns/extension/",
        "pdfaProperty=http://www.aiim.org/pdfa/ns/property#",
        "pdfaSchema=http://www.aiim.org/pdfa/ns/schema#",
        "pdfaid=http://www.aiim.org/pdfa/ns/id/",
        "rdf=http://www.w3.org/1999/02/22-rdf-syntax-ns#",
        `tds=${TDS_XMP_NAMESPACE}`,
        `tdsvc=${CREDENTIAL_XMP_NAMESPACE}`,
        "x=adobe:ns:meta/",
        "xmp=http://ns.adobe.com/xap/1.0/",
        "xmpMM=http://ns.adobe.com/xap/1.0/mm/",
      ].sort(),
    );
    // The packet as poppler reads it out of the file, parsed by python (namespaces resolved): every
    // property outside the predefined schemas is described, with its prefix, value type and category.
    const check = checkExtensionSchemas(xmpByPdfinfo(file));
    expect(check.problems).toEqual([]);
    expect(check.declared.sort()).toEqual([TDS_XMP_NAMESPACE, CREDENTIAL_XMP_NAMESPACE].sort());
    expect(Object.keys(check.values).sort()).toEqual([`${TDS_XMP_NAMESPACE}hashStamp`, `${CREDENTIAL_XMP_NAMESPACE}credential`].sort());
    const used = new Set([...xmp.matchAll(/<(tds|tdsvc):([A-Za-z]+)>/g)].map((m) => `${m[1]}:${m[2]}`));
    expect([...used].sort()).toEqual(["tds:hashStamp", "tdsvc:credential"]);
  });

  it("6.6.2.3 the checker can fail: an undescribed property, a wrong prefix, a missing value type", () => {
    const undescribed = xmp.replace(
      "</rdf:RDF>",
      '<rdf:Description rdf:about="" xmlns:zz="urn:x:1#"><zz:a>1</zz:a></rdf:Description></rdf:RDF>',
    );
    expect(checkExtensionSchemas(undescribed).problems).toEqual(["namespace urn:x:1# is not described by an extension schema"]);
    const prefix = xmp.replace("<pdfaSchema:prefix>tdsvc<", "<pdfaSchema:prefix>other<");
    expect(checkExtensionSchemas(prefix).problems).toEqual([
      `namespace ${CREDENTIAL_XMP_NAMESPACE} is written with another prefix than its schema declares`,
    ]);
    const valueType = xmp.replace("<pdfaProperty:valueType>Text</pdfaProperty:valueType>", "");
    expect(checkExtensionSchemas(valueType).problems).toEqual(["hashStamp: valueType None"]);
  });

  it("the credential survives in the XMP, exactly, and verifies with PyJWT and jwcrypto; no embedded file is left (6.8)", async () => {
    const packet = xmpByPdfinfo(file);
    expect(xmllint(packet)).toEqual({ status: 0, stderr: "" });
    const fromXmp = checkExtensionSchemas(packet).values[`${CREDENTIAL_XMP_NAMESPACE}credential`];
    expect(fromXmp).toBe(jwt);
    const python = verifyWithPython(fromXmp, publicJwk);
    expect(python.pyjwt.ok, python.pyjwt.error).toBe(true);
    expect(python.jwcrypto.ok, python.jwcrypto.error).toBe(true);
    expect(run("qpdf", ["--list-attachments", file]).stdout).toMatch(/has no embedded files/);
    expect(qdf).not.toContain("/EmbeddedFile");
    expect(await readPdfCredential(result.bytes)).toEqual({ jwt, source: "XMP metadata" });
    // The input carried it as the embedded file credential.jwt: read from there first.
    expect(await readPdfCredential(input)).toEqual({ jwt, source: "embedded file" });
  });

  it("6.6.4 version identification: pdfaid:part 2, pdfaid:conformance B", () => {
    expect(xmpValue(/<pdfaid:part>([^<]*)</)).toBe("2");
    expect(xmpValue(/<pdfaid:conformance>([^<]*)</)).toBe("B");
  });

  it("the hash stamp is in the XMP and the Info dictionary matches the XMP", () => {
    expect(xmpValue(/<tds:hashStamp>([^<]*)</)).toBe(STAMP);
    expect(out.getTitle()).toBe(xmpValue(/<dc:title><rdf:Alt><rdf:li xml:lang="x-default">([^<]*)</));
    expect(out.getTitle()).toBe(`Packing List – ${SAMPLE_META.shipmentRef}`);
    expect(out.getAuthor()).toBe(xmpValue(/<dc:creator><rdf:Seq><rdf:li>([^<]*)</));
    expect(out.getSubject()).toBe(xmpValue(/<dc:description><rdf:Alt><rdf:li xml:lang="x-default">([^<]*)</));
    expect(out.getKeywords()).toBe(xmpValue(/<pdf:Keywords>([^<]*)</));
    expect(out.getCreator()).toBe(xmpValue(/<xmp:CreatorTool>([^<]*)</));
    expect(out.getProducer()).toBe(xmpValue(/<pdf:Producer>([^<]*)</));
    expect(out.getCreationDate()?.toISOString().replace(".000", "")).toBe(xmpValue(/<xmp:CreateDate>([^<]*)</));
    expect(out.getModificationDate()?.toISOString().replace(".000", "")).toBe(xmpValue(/<xmp:ModifyDate>([^<]*)</));
    expect(xmpValue(/<xmp:CreateDate>([^<]*)</)).toBe("2025-03-11T09:30:00Z");
    expect(xmpValue(/<xmp:ModifyDate>([^<]*)</)).toBe("2025-04-01T12:34:56Z");
    expect(xmpValue(/<xmpMM:DocumentID>([^<]*)</)).toMatch(/^uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe("other fills, field types, annotations and actions", () => {
  it("NeedAppearances fill: values drawn from /V, the flag gone, a custom title", TIMEOUT, async () => {
    const filled = await fillNeedAppearances(await renderForm(), { "exporter.address": "Привет, Łódź", "route.vesselName": "MSC Wisła" });
    const { bytes, report } = await flattenToPdfAWithReport(filled, { now: NOW, title: "Archived invoice" });
    expect(report.needAppearances).toBe(true);
    const f = ws.write(bytes, "need-appearances");
    expect(run("qpdf", ["--check", f]).status).toBe(0);
    const text = pageText(f).stdout;
    expect(text).toContain("Привет, Łódź");
    expect(text).toContain("MSC Wisła");
    expect(text).not.toContain("archival copy"); // no stamp requested
    const q = qdfText(ws, f);
    expect(q).not.toContain("/NeedAppearances");
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getTitle()).toBe("Archived invoice");
    expect(pdffonts(f).every((font) => font.embedded)).toBe(true);
  });

  it("a 100,000-character value is drawn cut (reported), quickly", TIMEOUT, async () => {
    const filled = await fillNeedAppearances(await renderForm(), { "exporter.address": "Łódź ".repeat(20_000) });
    const { bytes, report } = await flattenToPdfAWithReport(filled, { now: NOW });
    expect(report.truncatedFields).toEqual(["exporter.address"]);
    expect(run("qpdf", ["--check", ws.write(bytes, "long-value")]).status).toBe(0);
  });

  it("values the document's own DejaVu subset covers are drawn in it: no second font program, same layout", TIMEOUT, async () => {
    const values = { "exporter.address": "ul. Piotrkowska 148/150, Łódź", "invoiceData.invoiceNumber": "Привет-2025/17" };
    const filled = fillWithPdftk(ws, await renderForm(), values, "own-font");
    const own = await flattenToPdfAWithReport(filled, { now: NOW, hashStamp: STAMP });
    // A stamp character the subset lacks (DejaVu has it) makes the flattener embed its own subset instead.
    const embedded = await flattenToPdfAWithReport(filled, { now: NOW, hashStamp: `${STAMP} ∰` });
    const ownFile = ws.write(own.bytes, "own-font-flat");
    const embeddedFile = ws.write(embedded.bytes, "embedded-font-flat");
    expect(own.report.substitutedCharacters).toEqual([]);
    expect(embedded.report.substitutedCharacters).toEqual([]);
    expect(pdffonts(ownFile).map((f) => f.name)).not.toContain("TDSFLT+DejaVuSans");
    expect(pdffonts(embeddedFile).map((f) => f.name)).toContain("TDSFLT+DejaVuSans");
    expect(own.bytes.length).toBeLessThan(embedded.bytes.length);
    for (const font of pdffonts(ownFile)) expect(font.embedded, font.name).toBe(true);
    const check = run("qpdf", ["--check", ownFile]);
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(`${check.stdout}${check.stderr}`).not.toMatch(/warning/i);
    const text = pageText(ownFile).stdout;
    for (const value of Object.values(values)) expect(text).toContain(value);
    expect(text.replace(/\s+/g, " ")).toContain(`hash ${STAMP}`);
    for (const m of qdfText(ws, ownFile).matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj/g)) {
      const hex = m[1].replace(/\s/g, "");
      for (let i = 0; i < hex.length; i += 4) expect(hex.slice(i, i + 4), hex).not.toBe("0000");
    }
    // The values sit where DejaVu Sans itself puts them: same words, same boxes, in both outputs.
    const boxes = (file: string) =>
      [
        ...run("pdftotext", ["-bbox", file, "-"]).stdout.matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g,
        ),
      ]
        .filter((m) => ["Piotrkowska", "Łódź", "Привет-2025/17"].includes(m[5]))
        .map((m) => m.slice(1).join(" "));
    expect(boxes(ownFile).length).toBeGreaterThanOrEqual(3);
    expect(boxes(ownFile)).toEqual(boxes(embeddedFile));
  });

  it("pdf-lib fill with Helvetica appearances: replaced by embedded DejaVu", TIMEOUT, async () => {
    const filled = await fillWithPdfLib(
      await renderForm(),
      { "exporter.address": "Main Street 1", "route.vesselName": "Ever Given" },
      { helvetica: true },
    );
    const f = ws.write(await flattenToPdfA(filled, { now: NOW, hashStamp: STAMP }), "helvetica");
    expect(pdffonts(f).map((font) => font.name)).not.toContain("Helvetica");
    expect(pdffonts(f).every((font) => font.embedded)).toBe(true);
    expect(pageText(f).stdout).toContain("Ever Given");
  });

  it("checkboxes, radio buttons and dropdowns are drawn without non-embedded fonts; hidden widgets are not", TIMEOUT, async () => {
    const doc = await PDFDocument.load(await renderForm());
    const form = doc.getForm();
    const page = doc.getPage(0);
    const box = form.createCheckBox("extras.insured");
    box.addToPage(page, { x: 40, y: 30, width: 12, height: 12 });
    box.check();
    const radio = form.createRadioGroup("extras.priority");
    radio.addOptionToPage("high", page, { x: 60, y: 30, width: 12, height: 12 });
    radio.select("high");
    const dropdown = form.createDropdown("extras.carrier");
    dropdown.addOptions(["Maersk", "Hapag-Lloyd"]);
    dropdown.select("Hapag-Lloyd");
    dropdown.addToPage(page, { x: 80, y: 30, width: 90, height: 14 });
    const secret = form.createTextField("extras.secret");
    secret.setText("TOP-SECRET-VALUE");
    secret.addToPage(page, { x: 200, y: 30, width: 90, height: 14, hidden: true });
    const bytes = await doc.save(); // pdf-lib's default appearances (Helvetica) for the new fields
    const f = ws.write(await flattenToPdfA(bytes, { now: NOW }), "extras");
    expect(run("qpdf", ["--check", f]).status).toBe(0);
    const fonts = pdffonts(f);
    expect(fonts.every((font) => font.embedded && font.name.includes("DejaVuSans"))).toBe(true);
    const text = pageText(f).stdout;
    expect(text).toContain("Hapag-Lloyd");
    expect(text).not.toContain("TOP-SECRET-VALUE");
    expect(qdfText(ws, f)).not.toContain("/Widget");
  });

  it("removes JavaScript, OpenAction, embedded files and forbidden annotations; keeps a clean link", TIMEOUT, async () => {
    const doc = await PDFDocument.load(await renderForm());
    doc.addJavaScript("hello", "app.alert('hi');");
    await doc.attach(new TextEncoder().encode("<invoice/>"), "invoice.xml", { mimeType: "application/xml" });
    const ctx = doc.context;
    const js = ctx.obj({ S: "JavaScript", JS: PDFString.of("app.alert('open')") });
    doc.catalog.set(PDFName.of("OpenAction"), ctx.register(js));
    doc.catalog.set(PDFName.of("AA"), ctx.obj({ WC: ctx.register(ctx.obj({ S: "JavaScript", JS: PDFString.of("1") })) }));
    const page = doc.getPage(0);
    const link = ctx.register(
      ctx.obj({
        Type: "Annot",
        Subtype: "Link",
        Rect: [50, 50, 150, 70],
        Border: [0, 0, 0],
        A: { S: "URI", URI: PDFString.of("https://example.org") },
      }),
    );
    const jsLink = ctx.register(
      ctx.obj({ Type: "Annot", Subtype: "Link", Rect: [50, 80, 150, 100], A: { S: "JavaScript", JS: PDFString.of("evil()") } }),
    );
    const hiddenNote = ctx.register(
      ctx.obj({ Type: "Annot", Subtype: "Text", Rect: [10, 10, 30, 30], F: 2, Contents: PDFString.of("hidden note") }),
    );
    const movie = ctx.register(ctx.obj({ Type: "Annot", Subtype: "Movie", Rect: [10, 40, 30, 60] }));
    page.node.addAnnot(link);
    page.node.addAnnot(jsLink);
    page.node.addAnnot(hiddenNote);
    page.node.addAnnot(movie);
    page.node.set(PDFName.of("AA"), ctx.obj({ O: js }));
    const { bytes, report } = await flattenToPdfAWithReport(await doc.save(), { now: NOW });
    expect(report.annotationsRemoved).toBe(2);
    const f = ws.write(bytes, "actions");
    expect(run("qpdf", ["--check", f]).status).toBe(0);
    const q = qdfText(ws, f);
    for (const key of ["/JavaScript", "/JS", "/OpenAction", "/AA", "/Movie", "hidden note", "/EmbeddedFile", "invoice.xml"])
      expect(q, key).not.toContain(key);
    const out2 = await PDFDocument.load(bytes);
    const annots = out2
      .getPage(0)
      .node.Annots()!
      .asArray()
      .map((a) => out2.context.lookup(a) as PDFDict);
    expect(annots).toHaveLength(2); // both links stay, the JavaScript one without its action
    expect(annots.map((a) => a.has(PDFName.of("A")))).toEqual([true, false]);
    for (const a of annots) expect((a.get(PDFName.of("F")) as PDFNumber).asNumber() & 4).toBe(4);
  });

  it("refuses page content in fonts that are not embedded (not_archivable)", TIMEOUT, async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    page.drawText("Helvetica is not embedded", { font: await doc.embedFont(StandardFonts.Helvetica) });
    const error = await flattenToPdfA(await doc.save(), { now: NOW }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PdfProblemError);
    expect((error as PdfProblemError).code).toBe("not_archivable");
  });

  it("stamps rotated pages upright, inside the visible area", TIMEOUT, async () => {
    const doc = await PDFDocument.load(await renderForm("COMMERCIAL_INVOICE", sparseShipment(), { finalDoc: true }));
    doc.getPage(0).node.set(PDFName.of("Rotate"), PDFNumber.of(90));
    const f = ws.write(await flattenToPdfA(await doc.save(), { now: NOW, hashStamp: STAMP }), "rotated");
    expect(pageText(f).stdout.replace(/\s+/g, " ")).toContain(`hash ${STAMP}`);
    const bbox = run("pdftotext", ["-bbox", f, "-"]).stdout;
    const word = bbox.split("\n").find((l) => l.includes(">archival</word>"))!;
    const [xMin, yMin, xMax, yMax] = ["xMin", "yMin", "xMax", "yMax"].map((k) => Number(word.match(new RegExp(`${k}="([\\d.]+)"`))![1]));
    // Displayed page is 841.89 × 595.28 (landscape; poppler gives rotated word coordinates): the stamp runs
    // horizontally along the displayed bottom edge.
    expect(xMax - xMin).toBeGreaterThan(yMax - yMin);
    expect(yMin).toBeGreaterThan(595.28 - 20);
    expect(yMax).toBeLessThanOrEqual(595.28);
  });

  it("accepts Debian's sRGB profile instead of the generated one, and rejects a non-RGB profile", TIMEOUT, async () => {
    const system = await readSystemSrgbProfile().catch(() => null);
    const form = await renderForm();
    if (system) {
      const bytes = await flattenToPdfA(form, { now: NOW, iccProfile: system });
      expect(run("qpdf", ["--check", ws.write(bytes, "debian-icc")]).status).toBe(0);
    }
    await expect(flattenToPdfA(form, { now: NOW, iccProfile: new Uint8Array(200) })).rejects.toThrow(/RGB/);
    await expect(readSystemSrgbProfile("/nonexistent/sRGB.icc")).rejects.toThrow(/icc-profiles-free/);
  });

  it("validates its options", async () => {
    const form = await renderForm();
    await expect(flattenToPdfA(form, { now: new Date("nope") })).rejects.toThrow(TypeError);
    await expect(flattenToPdfA(form, { now: NOW, hashStamp: "x".repeat(300) })).rejects.toThrow(TypeError);
    await expect(flattenToPdfA(form, { now: NOW, hashStamp: "line\nbreak" })).rejects.toThrow(TypeError);
  });
});
