import { describe, expect, it } from "vitest";
import {
  estimateSkew,
  type GrayImage,
  medianLineHeight,
  otsuThreshold,
  preparePage,
  prepareSecondReading,
  prepareThirdReading,
  removeRules,
  resize,
  rotate,
  sauvola,
} from "../../../shared/extraction/readers/ocr-preprocess.ts";

/** A white page with dark bars standing in for text lines: `lines` bars of `lineHeight` rows. */
function page(width: number, height: number, lineHeight: number, lines: number, ink = 20, paper = 235): GrayImage {
  const data = new Uint8Array(width * height).fill(paper);
  for (let l = 0; l < lines; l++) {
    const top = 20 + l * lineHeight * 2;
    for (let y = top; y < top + lineHeight && y < height; y++)
      for (let x = 20; x < width - 20; x++) if (x % 7 !== 0) data[y * width + x] = ink;
  }
  return { width, height, data };
}

describe("page clean-up before OCR", () => {
  it("finds the threshold between ink and paper", () => {
    const t = otsuThreshold(page(200, 200, 10, 5));
    expect(t).toBeGreaterThanOrEqual(20);
    expect(t).toBeLessThan(235);
  });

  it("measures the height of text lines", () => {
    expect(medianLineHeight(page(300, 400, 12, 8))).toBe(12);
    expect(medianLineHeight({ width: 50, height: 50, data: new Uint8Array(2500).fill(255) })).toBeNull();
  });

  it("enlarges small text towards the recogniser's line height and leaves large text alone", () => {
    const small = preparePage(page(300, 400, 12, 8), { deskew: false, binarise: false });
    expect(small.scale).toBeGreaterThan(2);
    expect(small.image.width).toBe(Math.round(300 * small.scale));
    const large = preparePage(page(300, 800, 40, 5), { deskew: false, binarise: false });
    expect(large.scale).toBe(1);
  });

  it("prepares the second reading at another resolution: the input's size after an enlargement, three quarters otherwise", () => {
    const smallPage = page(300, 400, 12, 8);
    const small = preparePage(smallPage, { deskew: false, binarise: false });
    const second = prepareSecondReading(small);
    expect(second.scale).toBe(1);
    expect(second.image.width).toBe(300);
    const largePage = page(300, 800, 40, 5);
    const large = preparePage(largePage);
    const other = prepareSecondReading(large);
    expect(other.scale).toBe(0.75);
    expect(other.image.width).toBe(225);
    // Large text is binarised in both readings.
    expect(new Set(other.image.data)).toEqual(new Set([0, 255]));
  });

  it("prepares the third reading at 0.6 of the first's size and leaves it grey", () => {
    const largePage = page(300, 800, 40, 5);
    const large = preparePage(largePage);
    const third = prepareThirdReading(large);
    expect(third.scale).toBe(0.6);
    expect(third.image.width).toBe(180);
    expect(new Set(third.image.data).size).toBeGreaterThan(2);
    const smallPage = page(300, 400, 12, 8);
    const small = preparePage(smallPage, { deskew: false, binarise: false });
    expect(prepareThirdReading(small).scale).toBeCloseTo(small.scale * 0.6);
  });

  it("finds the skew of a tilted page and undoes it", () => {
    const straight = page(600, 600, 10, 12);
    expect(estimateSkew(straight)).toBe(0);
    const tilted = rotate(straight, -2);
    const angle = estimateSkew(tilted);
    expect(Math.abs(angle - 2)).toBeLessThanOrEqual(0.5);
    expect(estimateSkew(rotate(tilted, angle))).toBe(0);
  });

  it("keeps an enlarged straight page straight (the ink sample is random, not a lattice that lines up at some shear)", () => {
    for (const factor of [1.88, 2, 2.5]) expect(estimateSkew(resize(page(800, 1000, 12, 30), factor))).toBe(0);
  });

  it("whitens a table's rules, with their grey edges, and leaves the text alone", () => {
    const img = page(600, 400, 10, 8);
    const { width, data } = img;
    const inkOf = (im: GrayImage) => im.data.reduce((n, v) => n + (v < 128 ? 1 : 0), 0);
    const textInk = inkOf(img);
    // A grid: two horizontal rules across the text (2 px, a grey row beside each) and a vertical rule
    // through every line of it, crossing both.
    for (const y of [15, 200]) {
      for (let x = 10; x < 590; x++) {
        data[(y - 1) * width + x] = 150;
        data[y * width + x] = 30;
        data[(y + 1) * width + x] = 30;
      }
    }
    for (let y = 10; y < 380; y++) data[y * width + 300] = data[y * width + 301] = 30;
    const cleaned = removeRules(img);
    for (const [x, y] of [
      [100, 15],
      [100, 16],
      [100, 14],
      [300, 350],
      [301, 120],
    ])
      expect(cleaned.data[y * width + x]).toBe(255);
    // The text lines' bars keep their ink but for the columns the vertical rule crossed.
    expect(inkOf(cleaned)).toBeGreaterThan(textInk * 0.98);
    expect(inkOf(cleaned)).toBeLessThanOrEqual(textInk);
    // A receipt's tall, thin print: strokes as elongated as a rule, but no taller than a line of text.
    const print = page(600, 400, 36, 5);
    for (let l = 0; l < 5; l++)
      for (let y = 20 + l * 72; y < 56 + l * 72; y++) for (let x = 20; x < 580; x++) print.data[y * 600 + x] = x % 12 < 3 ? 20 : 235;
    expect(removeRules(print)).toBe(print);
    // A tilted page keeps its rules (a tilted rule is a staircase of runs; removing the long ones would
    // leave the rest as dashes); a straight one loses them.
    expect(preparePage(rotate(img, 2)).input.data.reduce((n, v) => n + (v < 128 ? 1 : 0), 0)).toBeGreaterThan(textInk);
    expect(preparePage(img).input).toEqual(cleaned);
    // A page without rules comes back as it was.
    const plain = page(600, 400, 10, 8);
    expect(removeRules(plain)).toBe(plain);
  });

  it("binarises against the neighbourhood, so text on a dark shadow survives", () => {
    // Left half in shadow (paper 120, ink 40), right half bright (paper 240, ink 110).
    const img = page(200, 100, 10, 3, 40, 120);
    for (let y = 0; y < 100; y++) for (let x = 100; x < 200; x++) img.data[y * 200 + x] = img.data[y * 200 + x] === 40 ? 110 : 240;
    const out = sauvola(img, 31);
    expect(new Set(out.data)).toEqual(new Set([0, 255]));
    const at = (x: number, y: number) => out.data[y * 200 + x];
    expect(at(50, 25)).toBe(0); // ink in the shadow
    expect(at(50, 15)).toBe(255); // paper in the shadow, darker than the bright half's ink
    expect(at(150, 25)).toBe(0);
    expect(at(150, 15)).toBe(255);
  });
});
