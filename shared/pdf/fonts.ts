/**
 * DejaVu Sans (regular and bold), version 2.37, kept beside this module in `fonts/` with its licence
 * (Bitstream Vera / Arev licence: free to redistribute with the fonts), read once per process with
 * node:fs/promises (works under Node and Deno). They are files of the repository, not of node_modules,
 * because a deployed edge function has no node_modules: supabase/config.toml ships them to the functions
 * that render as `static_files`, at the same place relative to this module. Embedded with subsetting:
 * DejaVu covers Latin (Łódź, Müller), Greek and Cyrillic, and its subsets render cleanly.
 *
 * `fontkit` wraps @pdf-lib/fontkit so each font file is parsed once per process instead of once per
 * document (pdf-lib calls `create` for every embed); the parsed font is only read, each document builds
 * its own subset.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import fontkitModule from "@pdf-lib/fontkit";

/** The two faces documents are set in. */
export type FontRole = "regular" | "bold";

/** The font files, relative to this module (also listed in supabase/config.toml and scripts/check-edge.ts). */
export const FONT_FILES: Record<FontRole, string> = {
  regular: "fonts/DejaVuSans.ttf",
  bold: "fonts/DejaVuSans-Bold.ttf",
};

const fontPath = (file: string): string => fileURLToPath(new URL(`./${file}`, import.meta.url));

let loading: Promise<Record<FontRole, Uint8Array>> | null = null;

/** The font files' bytes, read once and shared. */
export function loadFontBytes(): Promise<Record<FontRole, Uint8Array>> {
  if (!loading) {
    loading = (async () => {
      const [regular, bold] = await Promise.all([readFile(fontPath(FONT_FILES.regular)), readFile(fontPath(FONT_FILES.bold))]);
      return { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
    })();
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

type Fontkit = { create(data: Uint8Array, postscriptName?: string): unknown };
type LayoutFn = (text: string, features?: unknown, ...rest: unknown[]) => unknown;
const baseFontkit = ((fontkitModule as unknown as { default?: Fontkit }).default ?? fontkitModule) as unknown as Fontkit;
const parsed = new WeakMap<Uint8Array, unknown>();
const LAYOUT_CACHE_LIMIT = 20_000;

/**
 * Memoizes `font.layout(text)` for the renderer's fixed feature set. Shaping a string is the costliest
 * step of drawing and measuring text (fontkit builds a shaping plan per call); the result depends only on
 * the font, the text and the features, and pdf-lib only reads the returned glyph run.
 */
function memoizeLayout(font: { layout: LayoutFn }): void {
  const original = font.layout.bind(font);
  const cache = new Map<string, unknown>();
  font.layout = (text: string, features?: unknown, ...rest: unknown[]) => {
    if (features !== SHAPING_FEATURES || rest.some((r) => r !== undefined) || typeof text !== "string")
      return original(text, features, ...rest);
    let run = cache.get(text);
    if (run === undefined) {
      run = original(text, features);
      if (cache.size >= LAYOUT_CACHE_LIMIT) cache.clear();
      cache.set(text, run);
    }
    return run;
  };
}

/** @pdf-lib/fontkit with a per-process parse cache keyed by the (shared) font bytes. */
export const fontkit: Fontkit = {
  create(data: Uint8Array, postscriptName?: string) {
    if (postscriptName !== undefined) return baseFontkit.create(data, postscriptName);
    let font = parsed.get(data);
    if (font === undefined) {
      font = baseFontkit.create(data);
      memoizeLayout(font as { layout: LayoutFn });
      parsed.set(data, font);
    }
    return font;
  },
};

/**
 * Characters added to the font subset of documents that have fillable fields, so a viewer can show
 * typed text in the embedded font: ASCII, Latin-1, Latin Extended-A, Greek and basic Cyrillic letters.
 */
export const FORM_CHARSET: string = (() => {
  const ranges: [number, number][] = [
    [0x20, 0x7e],
    [0xa0, 0xff],
    [0x100, 0x17f],
    [0x391, 0x3c9],
    [0x401, 0x45f],
    [0x2013, 0x2014],
    [0x2018, 0x201e],
    [0x20ac, 0x20ac],
  ];
  let out = "";
  for (const [from, to] of ranges) for (let c = from; c <= to; c++) out += String.fromCodePoint(c);
  return out;
})();

/**
 * OpenType features switched off when shaping: pdf-lib draws glyph advances only (it ignores GPOS
 * positioning), so kerning / mark positioning cost time without changing the output, and ligatures
 * would make extracted text ("ﬁ") differ from the data. Glyph composition (ccmp) and localized forms
 * (locl) stay on.
 */
export const SHAPING_FEATURES: Record<string, boolean> = Object.fromEntries(
  ["kern", "liga", "clig", "calt", "rlig", "rclt", "curs", "mark", "mkmk", "frac", "numr", "dnom", "ltra", "ltrm", "rvrn"].map((f) => [
    f,
    false,
  ]),
);
