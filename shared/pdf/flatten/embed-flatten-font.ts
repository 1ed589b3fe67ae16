import type { PDFDocument } from "pdf-lib";
import { FLATTEN_FONT_NAME, type FlattenFont } from "./flatten-types.ts";

/**
 * Embeds DejaVu Sans (subset, fixed subset tag) for field values and the stamp, when the document has no
 * font to reuse (reuse-embedded-font.ts). The subset is written by `font.embed()` once every glyph is known;
 * until then the font's reference is pending. fontkit and the font file are imported here, on this path
 * only: loading fontkit alone costs a cold edge function ~0.1 s of CPU.
 */
export async function embedFlattenFont(doc: PDFDocument): Promise<FlattenFont> {
  const { fontkit, loadFontBytes, SHAPING_FEATURES } = await import("../fonts.ts");
  doc.registerFontkit(fontkit as never);
  const fontBytes = await loadFontBytes();
  const font = await doc.embedFont(fontBytes.regular, { subset: true, features: SHAPING_FEATURES, customName: FLATTEN_FONT_NAME });
  return { font, charset: new Set(font.getCharacterSet()), pending: [font.ref] };
}
