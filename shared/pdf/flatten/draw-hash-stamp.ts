import type { PDFDict } from "pdf-lib";
import { numberOf } from "../pdf-objects.ts";
import type { FlattenContext, FlattenOptions } from "./flatten-types.ts";
import { inherited, type Matrix, normalizedRect, num, numbers, subDict, uniqueKey } from "./pdf-geometry.ts";
import { sanitizeText } from "./sanitize-field-text.ts";

const STAMP_FONT_SIZE = 6;
const STAMP_BASELINE = 8;

/** The line drawn on every page, or undefined without a hash stamp. */
export function hashStampText(options: FlattenOptions): string | undefined {
  return options.hashStamp !== undefined
    ? `PDF/A-2b archival copy · hash ${options.hashStamp} · flattened ${options.now.toISOString().slice(0, 16).replace("T", " ")} UTC`
    : undefined;
}

/**
 * The operators that draw the stamp centred in the page's bottom margin (the visible box: MediaBox cut by
 * CropBox), upright as displayed on rotated pages, shrunk to fit the width; the font goes into `resources`.
 */
export function drawHashStamp(ctx: FlattenContext, page: PDFDict, resources: PDFDict, text: string): string {
  const { context, font } = ctx;
  const media = numbers(context, inherited(context, page, "MediaBox"), 4) ?? [0, 0, 595.28, 841.89];
  const crop = numbers(context, inherited(context, page, "CropBox"), 4);
  let [x0, y0, x1, y1] = normalizedRect(media);
  if (crop) {
    const c = normalizedRect(crop);
    [x0, y0, x1, y1] = [Math.max(x0, c[0]), Math.max(y0, c[1]), Math.min(x1, c[2]), Math.min(y1, c[3])];
    if (x1 <= x0 || y1 <= y0) [x0, y0, x1, y1] = normalizedRect(media);
  }
  const rotate = (((numberOf(context, inherited(context, page, "Rotate")) ?? 0) % 360) + 360) % 360;
  const quarter = Math.round(rotate / 90) % 4;
  // Visual coordinates (origin at the displayed bottom-left) -> user space.
  const transforms: Matrix[] = [
    [1, 0, 0, 1, x0, y0],
    [0, 1, -1, 0, x1, y0],
    [-1, 0, 0, -1, x1, y1],
    [0, -1, 1, 0, x0, y1],
  ];
  const width = quarter % 2 === 0 ? x1 - x0 : y1 - y0;
  const safe = sanitizeText(ctx, text).replace(/\n/g, " ");
  let size = STAMP_FONT_SIZE;
  const textWidth = (s: number) => font.widthOfTextAtSize(safe, s);
  while (size > 2 && textWidth(size) > width - 24) size -= 0.5;
  const x = Math.max(4, (width - textWidth(size)) / 2);
  const fonts = subDict(context, resources, "Font");
  const key = uniqueKey(fonts, "TDSStamp");
  fonts.set(key, font.ref);
  return `q ${transforms[quarter].map(num).join(" ")} cm BT ${key.toString()} ${num(size)} Tf 0.3 g ${num(x)} ${num(STAMP_BASELINE)} Td ${font.encodeText(safe).toString()} Tj ET Q`;
}
