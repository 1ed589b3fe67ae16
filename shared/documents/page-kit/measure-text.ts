/**
 * Text measurement and wrapping. Widths come from the embedded DejaVu fonts (pdf-lib + fontkit glyph
 * advances, which is exactly what pdf-lib draws: it applies no kerning). Word widths are cached per font
 * role at size 1, so long tables measure each distinct word once.
 */
import type { FontRole } from "../../pdf/fonts.ts";
import type { TextStyle } from "./styles.ts";
import { MIN_SHRINK_SIZE } from "./styles.ts";

export interface WidthSource {
  widthOfTextAtSize(text: string, size: number): number;
}

export interface Measurer {
  width(text: string, font: FontRole, size: number): number;
}

const CACHE_LIMIT = 100_000;
const unitWidths: Record<FontRole, Map<string, number>> = { regular: new Map(), bold: new Map() };

/** Measurer over the document's fonts; the cache is shared because every render embeds the same files. */
export function createMeasurer(fonts: Record<FontRole, WidthSource>): Measurer {
  return {
    width(text, role, size) {
      if (text.length === 0) return 0;
      const cache = unitWidths[role];
      let unit = cache.get(text);
      if (unit === undefined) {
        unit = fonts[role].widthOfTextAtSize(text, 1000) / 1000;
        if (cache.size >= CACHE_LIMIT) cache.clear();
        cache.set(text, unit);
      }
      return unit * size;
    },
  };
}

/** Replaces characters the fonts cannot shape sensibly (tabs, control characters) and trims line ends. */
export function cleanText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      .replace(/\t/g, " ")
      // deno-lint-ignore no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, "")
  );
}

function breakWord(word: string, style: TextStyle, maxWidth: number, m: Measurer): string[] {
  const parts: string[] = [];
  let current = "";
  for (const ch of Array.from(word)) {
    const candidate = current + ch;
    if (current.length > 0 && m.width(candidate, style.font, style.size) > maxWidth) {
      parts.push(current);
      current = ch;
    } else {
      current = candidate;
    }
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/** Greedy word wrap; explicit newlines are kept; words longer than the width are broken by character. */
export function wrapText(text: string, style: TextStyle, maxWidth: number, m: Measurer): string[] {
  const lines: string[] = [];
  const space = m.width(" ", style.font, style.size);
  for (const paragraph of cleanText(text).split("\n")) {
    const words = paragraph.split(/ +/).filter((w) => w.length > 0);
    if (words.length === 0) {
      lines.push("");
      continue;
    }
    let current = "";
    let currentWidth = 0;
    // A line begins with this word: whole when it fits, else broken by character (its last part goes on).
    const startLine = (word: string, w: number) => {
      if (w <= maxWidth) {
        current = word;
        currentWidth = w;
      } else {
        const parts = breakWord(word, style, maxWidth, m);
        lines.push(...parts.slice(0, -1));
        current = parts[parts.length - 1] ?? "";
        currentWidth = m.width(current, style.font, style.size);
      }
    };
    for (const word of words) {
      const w = m.width(word, style.font, style.size);
      if (current.length === 0) {
        startLine(word, w);
      } else if (currentWidth + space + w <= maxWidth) {
        current += ` ${word}`;
        currentWidth += space + w;
      } else {
        lines.push(current);
        startLine(word, w);
      }
    }
    lines.push(current);
  }
  return lines;
}

/** Width of a single line (no wrapping) at the style's size. */
export function lineWidth(text: string, style: TextStyle, m: Measurer): number {
  return m.width(text, style.font, style.size);
}

/**
 * For text that must stay on one line: the largest size ≤ style.size (down to MIN_SHRINK_SIZE) at which
 * it fits, or null when it does not fit even then (the caller wraps by character).
 */
export function shrinkToFit(text: string, style: TextStyle, maxWidth: number, m: Measurer): number | null {
  const full = m.width(text, style.font, style.size);
  if (full <= maxWidth) return style.size;
  const size = Math.floor(((style.size * maxWidth) / full) * 10) / 10;
  return size >= MIN_SHRINK_SIZE ? size : null;
}
