import type { PDFDocument } from "pdf-lib";
import { fontkit, loadFontBytes, SHAPING_FEATURES } from "../../documents/fonts.ts";
import { FLATTEN_FONT_NAME, type FlattenContext } from "./flatten-types.ts";

/**
 * Embeds DejaVu Sans (subset, fixed subset tag) for field values and the stamp and starts the document's
 * flattening state. The subset is written by `font.embed()` once every glyph is known; until then the font's
 * reference is `pending`.
 */
export async function embedFlattenFont(doc: PDFDocument): Promise<FlattenContext> {
  doc.registerFontkit(fontkit as never);
  const fontBytes = await loadFontBytes();
  const font = await doc.embedFont(fontBytes.regular, { subset: true, features: SHAPING_FEATURES, customName: FLATTEN_FONT_NAME });
  return {
    doc,
    context: doc.context,
    font,
    charset: new Set(font.getCharacterSet()),
    substituted: new Set(),
    truncated: [],
    pending: new Set([font.ref]),
  };
}
