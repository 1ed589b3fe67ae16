/**
 * PDF/A requires every font that renders to be embedded (ISO 19005-2 6.2.11.4.1); this module does not
 * re-embed fonts, so a non-embedded one makes the document `not_archivable`.
 */
import { decodePDFRawStream, type PDFContext, type PDFDict, PDFName, type PDFObject, PDFRawStream, PDFRef, PDFStream } from "pdf-lib";
import { arrayOf, dictOf, nameOf, type PageEntry } from "../pdf-objects.ts";
import { pdfProblem, PdfProblemError } from "../pdf-problem.ts";

function isFontEmbedded(context: PDFContext, fontObject: PDFObject | undefined, pending: Set<PDFRef>): boolean {
  if (fontObject instanceof PDFRef && pending.has(fontObject)) return true;
  const font = dictOf(context, fontObject);
  if (!font) return true; // dangling: removed later, renders nothing
  const subtype = nameOf(context, font.get(PDFName.of("Subtype")));
  if (subtype === "Type3") return true;
  let descriptorOwner: PDFDict | undefined = font;
  if (subtype === "Type0") {
    const descendants = arrayOf(context, font.get(PDFName.of("DescendantFonts")));
    descriptorOwner = descendants && descendants.size() > 0 ? dictOf(context, descendants.get(0)) : undefined;
  }
  const descriptor = descriptorOwner ? dictOf(context, descriptorOwner.get(PDFName.of("FontDescriptor"))) : undefined;
  if (!descriptor) return false;
  return ["FontFile", "FontFile2", "FontFile3"].some((key) => descriptor.has(PDFName.of(key)));
}

/** Names of non-embedded fonts reachable from a resource dictionary (forms, patterns, Type 3 fonts). */
export function nonEmbeddedFonts(
  context: PDFContext,
  resources: PDFObject | undefined,
  pending: Set<PDFRef>,
  seen = new Set<PDFDict>(),
): string[] {
  const out: string[] = [];
  const stack: (PDFObject | undefined)[] = [resources];
  while (stack.length > 0) {
    const dict = dictOf(context, stack.pop());
    if (!dict || seen.has(dict)) continue;
    seen.add(dict);
    const fonts = dictOf(context, dict.get(PDFName.of("Font")));
    if (fonts) {
      for (const [, fontObject] of fonts.entries()) {
        if (!isFontEmbedded(context, fontObject, pending)) {
          const font = dictOf(context, fontObject);
          out.push(nameOf(context, font?.get(PDFName.of("BaseFont"))) ?? "unnamed font");
        }
        const font = dictOf(context, fontObject);
        if (font && nameOf(context, font.get(PDFName.of("Subtype"))) === "Type3") stack.push(font.get(PDFName.of("Resources")));
      }
    }
    for (const key of ["XObject", "Pattern"]) {
      const group = dictOf(context, dict.get(PDFName.of(key)));
      if (!group) continue;
      for (const [, child] of group.entries()) {
        const childDict = dictOf(context, child);
        if (childDict) stack.push(childDict.get(PDFName.of("Resources")));
      }
    }
  }
  return out;
}

/** An appearance stream that can be drawn as is: its fonts are embedded and it names its resources. */
export function appearanceUsable(context: PDFContext, stream: PDFObject | undefined, pending: Set<PDFRef>): boolean {
  const value = stream instanceof PDFRef ? context.lookup(stream) : stream;
  if (!(value instanceof PDFStream)) return false;
  const resources = value.dict.get(PDFName.of("Resources"));
  if (nonEmbeddedFonts(context, resources, pending).length > 0) return false;
  if (!dictOf(context, resources)?.has(PDFName.of("Font")) && value instanceof PDFRawStream) {
    // Text drawn with a font taken from the AcroForm /DR (not allowed once the form is gone).
    try {
      const content = decodePDFRawStream(value).getBytes(256 * 1024);
      for (let i = 0; i + 1 < content.length; i++) if (content[i] === 0x54 && content[i + 1] === 0x66) return false; // "Tf"
    } catch {
      return false;
    }
  }
  return true;
}

/** Throws `not_archivable` when anything the pages draw uses a font that is not embedded. */
export function requireEmbeddedFonts(context: PDFContext, pages: readonly PageEntry[], pending: Set<PDFRef>): void {
  const missing = new Set<string>();
  const fontsSeen = new Set<PDFDict>();
  for (const { dict: page } of pages)
    for (const name of nonEmbeddedFonts(context, page.get(PDFName.of("Resources")), pending, fontsSeen)) missing.add(name);
  if (missing.size > 0) {
    throw new PdfProblemError(
      pdfProblem(
        "not_archivable",
        `The PDF uses fonts that are not embedded (${[...missing].slice(0, 5).join(", ")}); PDF/A requires embedded fonts.`,
      ),
    );
  }
}
