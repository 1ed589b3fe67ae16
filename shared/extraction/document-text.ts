/**
 * The one shape every reader produces and every extractor reads: lines of positioned text segments.
 *
 * A segment is a run of text with no wide gap inside (one table cell, one "label: value" run). x0/x1
 * are in the page's own units (PDF points for text PDFs and OCR, column numbers for spreadsheets); the
 * extractors only compare positions within one document, so the unit never matters.
 */
import { median } from "./median.ts";
export type InputSource = "pdf-text" | "pdf-ocr" | "image-ocr" | "spreadsheet";

export interface TextSegment {
  text: string;
  x0: number;
  x1: number;
  /** 1 for a text layer or a cell; the OCR engine's word confidence (0–1) otherwise. */
  confidence: number;
  /** Spreadsheet cells keep their typed number, so no locale guessing is needed. */
  number?: number;
}

export interface TextLine {
  /** Page (or sheet) number, from 1. */
  page: number;
  /** Top of the line, growing downwards, in the page's units (rows for spreadsheets). */
  y: number;
  height: number;
  segments: TextSegment[];
}

export interface DocumentText {
  source: InputSource;
  pageCount: number;
  lines: TextLine[];
  /**
   * The same document read again where it was OCR'd, at another resolution (text-layer pages as in
   * `lines`): the extractor reads it too, and a value both readings give is better founded
   * (second-reading.ts). Absent when no page was OCR'd or the image could not be decoded for it.
   */
  secondReading?: TextLine[];
  /** A third reading of the OCR'd pages, smaller again and left grey: the tie-breaker (second-reading.ts). */
  thirdReading?: TextLine[];
  /** Files embedded in a PDF (a Factur-X/ZUGFeRD invoice's XML among them). */
  attachments?: { name: string; bytes: Uint8Array }[];
}

/** A word or text run with its box (top-down y), as a PDF text layer or an OCR engine reports it. */
export interface PositionedWord {
  page: number;
  text: string;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  confidence: number;
  /**
   * An OCR word: its box fits the ink and its line's height is the glyphs' (a line in capitals is
   * shorter than its font), so a word space is judged by the width of its letters (buildLines).
   */
  ink?: boolean;
}

export function lineText(line: TextLine): string {
  return line.segments.map((s) => s.text).join("  ");
}

/**
 * Groups words into lines (vertical overlap) and lines into segments (a gap wider than `gapFactor`
 * times the line height starts a new segment: a word space is about 0.3 of the font size, the space
 * between two table cells more).
 */
export function buildLines(words: PositionedWord[], gapFactor = 0.5): TextLine[] {
  const cleaned = words.filter((w) => w.text.trim() !== "" && w.y1 > w.y0);
  const byPage = new Map<number, PositionedWord[]>();
  for (const w of cleaned) byPage.set(w.page, [...(byPage.get(w.page) ?? []), w]);
  const lines: TextLine[] = [];
  for (const page of [...byPage.keys()].sort((a, b) => a - b)) {
    const sorted = byPage.get(page)!.sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2 || a.x0 - b.x0);
    const groups: { y0: number; y1: number; words: PositionedWord[] }[] = [];
    for (const w of sorted) {
      const mid = (w.y0 + w.y1) / 2;
      const h = w.y1 - w.y0;
      const g = groups.find((g) => mid > g.y0 && mid < g.y1 && Math.abs(g.y1 - g.y0 - h) < Math.max(h, g.y1 - g.y0));
      if (g) {
        g.words.push(w);
        g.y0 = Math.min(g.y0, w.y0);
        g.y1 = Math.max(g.y1, w.y1);
      } else groups.push({ y0: w.y0, y1: w.y1, words: [w] });
    }
    groups.sort((a, b) => a.y0 - b.y0);
    for (const g of groups) {
      const ws = g.words.sort((a, b) => a.x0 - b.x0);
      const height = Math.max(1, median(ws.map((w) => w.y1 - w.y0)));
      const segments: TextSegment[] = [];
      let current: { parts: PositionedWord[] } | null = null;
      for (const w of ws) {
        const last = current?.parts[current.parts.length - 1];
        if (current && last && (w.x0 - last.x1 <= gapFactor * height || wordSpace(last, w))) current.parts.push(w);
        else {
          if (current) segments.push(toSegment(current.parts));
          current = { parts: [w] };
        }
      }
      if (current) segments.push(toSegment(current.parts));
      lines.push({ page, y: g.y0, height, segments });
    }
  }
  return lines;
}

/**
 * A word space between two OCR words: at most WORD_SPACE letters wide (one space reads about 1.2–1.7 of
 * the letters' mean width between inked boxes; the two or more spaces between table cells, more).
 */
const WORD_SPACE = 1.8;
function wordSpace(a: PositionedWord, b: PositionedWord): boolean {
  if (!a.ink || !b.ink) return false;
  const letter = (a.x1 - a.x0 + b.x1 - b.x0) / Math.max(1, a.text.length + b.text.length);
  return b.x0 - a.x1 <= WORD_SPACE * letter;
}

function toSegment(parts: PositionedWord[]): TextSegment {
  let text = "";
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const gap = i === 0 ? 0 : p.x0 - parts[i - 1].x1;
    const joiner = i === 0 ? "" : gap > 0.1 * (p.y1 - p.y0) || /\s$/.test(text) ? " " : "";
    text += joiner + p.text;
  }
  const weights = parts.map((p) => Math.max(1, p.text.length));
  const total = weights.reduce((a, b) => a + b, 0);
  const confidence = parts.reduce((sum, p, i) => sum + p.confidence * weights[i], 0) / total;
  return { text: text.replace(/\s+/g, " ").trim(), x0: parts[0].x0, x1: Math.max(...parts.map((p) => p.x1)), confidence };
}

/**
 * A text run drawn in one piece may still hold several cells separated by runs of spaces
 * ("Qty   Unit price"); split it, placing each part proportionally to its characters.
 */
export function splitOnWideSpaces(word: PositionedWord): PositionedWord[] {
  const text = word.text;
  if (!/\S {3,}\S/.test(text)) return [word];
  const perChar = (word.x1 - word.x0) / Math.max(1, text.length);
  const out: PositionedWord[] = [];
  const re = /\S+(?: {1,2}\S+)*/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push({ ...word, text: m[0], x0: word.x0 + m.index * perChar, x1: word.x0 + (m.index + m[0].length) * perChar });
  }
  return out;
}
