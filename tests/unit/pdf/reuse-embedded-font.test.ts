/**
 * reuseEmbeddedFont: the renderer's own DejaVu Sans subset, read from the PDF objects, measures and encodes
 * like DejaVu Sans itself (checked against fontkit), is used only when it has every character to draw, and
 * a damaged font of that name is never used.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type PDFArray, type PDFDict, PDFDocument, PDFName, PDFRef } from "pdf-lib";
import { fontkit, loadFontBytes, SHAPING_FEATURES } from "../../../shared/pdf/fonts.ts";
import { reuseEmbeddedFont } from "../../../shared/pdf/flatten/reuse-embedded-font.ts";
import { collectPages } from "../../../shared/pdf/pdf-objects.ts";
import { renderForm } from "./pdf-fixtures.ts";

const codePoints = (text: string) => new Set([...text].map((ch) => ch.codePointAt(0) ?? 0));
const SAMPLE = "Fabryka Mebli Łódzkich, Привет 2025/17 · 1 234,5 €";

let form: Uint8Array;
beforeAll(async () => {
  form = await renderForm();
});

async function load(bytes = form) {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return { doc, pages: collectPages(doc.context, doc.catalog, 100) };
}

/** The renderer's regular font dictionary (the one the flattener may reuse). */
function regularFont(doc: PDFDocument): PDFDict {
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const dict = object as PDFDict;
    if (dict.get?.(PDFName.of("Subtype")) === PDFName.of("Type0") && /\+DejaVuSans$/.test(String(dict.get(PDFName.of("BaseFont")))))
      return dict;
  }
  throw new Error("the rendered form has no DejaVu Sans font");
}

describe("reuseEmbeddedFont", () => {
  it("reuses the document's DejaVu Sans subset by reference when it has every character", async () => {
    const { doc, pages } = await load();
    const reused = reuseEmbeddedFont(doc, pages, codePoints(SAMPLE));
    expect(reused).toBeDefined();
    expect(reused?.pending).toEqual([]);
    expect(doc.context.lookup(reused?.font.ref as PDFRef)).toBe(regularFont(doc));
    for (const cp of codePoints(SAMPLE)) expect(reused?.charset.has(cp)).toBe(true);
  });

  it("measures, sizes and encodes like DejaVu Sans itself (fontkit), with the subset's own glyph ids", async () => {
    const { doc, pages } = await load();
    const reused = reuseEmbeddedFont(doc, pages, codePoints(SAMPLE))?.font;
    if (!reused) throw new Error("the font was not reused");
    const reference = await PDFDocument.create();
    reference.registerFontkit(fontkit as never);
    const dejavu = await reference.embedFont((await loadFontBytes()).regular, { subset: true, features: SHAPING_FEATURES });
    for (const size of [3, 8.2, 10]) {
      expect(reused.widthOfTextAtSize(SAMPLE, size)).toBeCloseTo(dejavu.widthOfTextAtSize(SAMPLE, size), 9);
      expect(reused.heightAtSize(size)).toBeCloseTo(dejavu.heightAtSize(size), 9);
      expect(reused.heightAtSize(size, { descender: false })).toBeCloseTo(dejavu.heightAtSize(size, { descender: false }), 9);
    }
    expect(reused.sizeAtHeight(12)).toBeCloseTo(dejavu.sizeAtHeight(12), 9);
    const hex = reused.encodeText("Łódź").asString();
    expect(hex).toMatch(/^[0-9A-F]{16}$/);
    expect(hex).not.toMatch(/^(?:....)*0000/); // no .notdef
    expect(reused.name).toBe(dejavu.name); // field DA strings name the font as before
  });

  it("is not used when a character is missing from the subset (CJK, or one DejaVu has but the subset lacks)", async () => {
    const { doc, pages } = await load();
    expect(reuseEmbeddedFont(doc, pages, codePoints(`${SAMPLE} 東京`))).toBeUndefined();
    expect(reuseEmbeddedFont(doc, pages, codePoints("∰"))).toBeUndefined();
    expect(reuseEmbeddedFont(doc, pages, new Set([-1]))).toBeUndefined();
  });

  it("ignores a font of that name whose widths, ToUnicode map, program or CID mapping is missing or wrong", async () => {
    for (const damage of [
      (font: PDFDict, doc: PDFDocument) => cidFont(font, doc).delete(PDFName.of("CIDToGIDMap")),
      (font: PDFDict) => font.delete(PDFName.of("ToUnicode")),
      (font: PDFDict, doc: PDFDocument) => cidFont(font, doc).set(PDFName.of("W"), doc.context.obj([1, "x"])),
      (font: PDFDict, doc: PDFDocument) =>
        (doc.context.lookup(cidFont(font, doc).get(PDFName.of("FontDescriptor"))) as PDFDict).delete(PDFName.of("FontFile2")),
      (font: PDFDict) => font.set(PDFName.of("Encoding"), PDFName.of("WinAnsiEncoding")),
      // /W that disagrees with the program's advance widths (viewers would draw other widths than laid out)
      (font: PDFDict, doc: PDFDocument) => cidFont(font, doc).set(PDFName.of("W"), doc.context.obj([1, 2000, 600])),
    ]) {
      const { doc, pages } = await load();
      damage(regularFont(doc), doc);
      const reused = reuseEmbeddedFont(doc, pages, codePoints("Invoice"));
      // The bold subset is not DejaVu Sans regular: nothing else qualifies.
      expect(reused, damage.toString()).toBeUndefined();
    }
  });
});

function cidFont(font: PDFDict, doc: PDFDocument): PDFDict {
  const descendants = font.get(PDFName.of("DescendantFonts"));
  const array = (descendants instanceof PDFRef ? doc.context.lookup(descendants) : descendants) as PDFArray;
  return doc.context.lookup(array.get(0)) as PDFDict;
}
