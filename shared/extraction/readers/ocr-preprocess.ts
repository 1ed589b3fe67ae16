/**
 * Page clean-up before OCR, on an 8-bit grey raster: remove ruled lines (a table's grid), scale (so
 * text lines are as tall as the recogniser was trained on), deskew (the angle whose horizontal ink profile is sharpest) and
 * binarise (Sauvola: a threshold from each pixel's neighbourhood, so shadows, stains and a receipt's
 * fading print do not swallow characters the way one global threshold does). Pure functions.
 *
 * Kept by hand rather than taken from an image library: the four steps are ~200 lines on a plain
 * Uint8Array, and the npm image libraries that do them (opencv.js, sharp) weigh 10–30 MB each.
 */

export interface GrayImage {
  width: number;
  height: number;
  /** Row-major, 0 = black, 255 = white. */
  data: Uint8Array;
}

/** Line height (px) the LSTM recogniser reads best; tesseract's docs ask for capitals of ~20–30 px. */
export const TARGET_LINE_HEIGHT = 32;
/**
 * Binarise only text at least this tall (px, before enlarging). Sauvola's local threshold rescues
 * pages with shaded boxes and uneven light, but on small, faint print (a receipt at 150 dpi, strokes
 * one or two pixels wide) it breaks strokes the recogniser reads better in grey.
 */
export const BINARISE_MIN_LINE_HEIGHT = 24;
/** Never enlarge more than this (memory and time grow with the square). */
const MAX_UPSCALE = 2.5;

/** Otsu's threshold of a grey raster (the split that best separates two classes of grey). */
export function otsuThreshold(img: GrayImage): number {
  const hist = new Float64Array(256);
  for (const v of img.data) hist[v]++;
  const total = img.data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t];
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/**
 * Median height of the text lines: runs of rows holding ink (under Otsu's threshold), ignoring runs
 * of one or two rows (rules, specks). null when no line is found.
 */
export function medianLineHeight(img: GrayImage): number | null {
  const t = otsuThreshold(img);
  const { width, height, data } = img;
  const runs: number[] = [];
  let run = 0;
  for (let y = 0; y < height; y++) {
    let ink = 0;
    for (let x = 0, i = y * width; x < width; x++, i++) if (data[i] <= t) ink++;
    // A row is "text" when more than 0.5 % of it is ink (a lone speck does not count).
    if (ink > width * 0.005) run++;
    else {
      if (run > 2) runs.push(run);
      run = 0;
    }
  }
  if (run > 2) runs.push(run);
  if (runs.length === 0) return null;
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)];
}

/**
 * A ruled line is an ink run at least this many times longer than it is thick (a letter's strokes are
 * a few times longer than thick, a table's rules tens or hundreds) …
 */
export const RULE_ELONGATION = 12;
/**
 * … and longer than a character: horizontally this many text-line heights (no letter is wider than
 * about one), vertically RULE_MIN_HEIGHT (the tallest glyphs, | and brackets, are about one). Both tests
 * are needed: a receipt's tall thin print has strokes as elongated as a rule.
 */
export const RULE_MIN_WIDTH = 5;
export const RULE_MIN_HEIGHT = 2.5;

/**
 * The page with its ruled lines whitened: the horizontal and vertical ink runs (under Otsu's threshold)
 * RULE_ELONGATION times longer than their median thickness (the ink run across them; the median, since
 * where two rules cross, or a letter touches one, the run across is long) and long beside the text
 * lines, with the pixel on each side (a rule's anti-aliased edge, left grey, still reads as a stroke).
 * The line height is measured with the elongated runs gone: a table's vertical rules put ink in every
 * row between its text lines, which would count as one line. A table's grid otherwise makes tesseract's
 * layout analysis take its cells for a picture and drop the rows (an invoice's item table), or read
 * the borders as "|" and "l" inside the values.
 */
export function removeRules(img: GrayImage): GrayImage {
  const t = otsuThreshold(img);
  const { width, height, data } = img;
  const rows: Axis = { lines: height, length: width, lineStep: width, step: 1 };
  const columns: Axis = { lines: width, length: height, lineStep: 1, step: width };
  const across = runLengths(data, t, rows);
  const down = runLengths(data, t, columns);
  const flat = elongatedRuns(across, down, rows);
  const tall = elongatedRuns(down, across, columns);
  if (flat.length === 0 && tall.length === 0) return img;
  const out = Uint8Array.from(data);
  whiten(out, flat, rows, 0, 0);
  whiten(out, tall, columns, 0, 0);
  const lineHeight = medianLineHeight({ width, height, data: out });
  if (lineHeight === null) return img;
  out.set(data);
  const found = whiten(out, flat, rows, lineHeight * RULE_MIN_WIDTH, 1) + whiten(out, tall, columns, lineHeight * RULE_MIN_HEIGHT, 1) > 0;
  return found ? { width, height, data: out } : img;
}

/** A raster read along one axis: `lines` lines of `length` pixels; pixel i of line l is at l·lineStep + i·step. */
interface Axis {
  lines: number;
  length: number;
  lineStep: number;
  step: number;
}

/** Per pixel, the length of the ink run through it along one axis (0: paper). */
function runLengths(data: Uint8Array, t: number, { lines, length, lineStep, step }: Axis): Uint16Array {
  const runs = new Uint16Array(data.length);
  for (let l = 0; l < lines; l++) {
    const base = l * lineStep;
    let start = -1;
    for (let i = 0; i <= length; i++) {
      const ink = i < length && data[base + i * step] <= t;
      if (ink && start < 0) start = i;
      else if (!ink && start >= 0) {
        const n = Math.min(65535, i - start);
        for (let k = start; k < i; k++) runs[base + k * step] = n;
        start = -1;
      }
    }
  }
  return runs;
}

/**
 * The runs along an axis RULE_ELONGATION times longer than their median thickness (the run across
 * them), as [line, first position, length] triples.
 */
function elongatedRuns(along: Uint16Array, across: Uint16Array, { lines, length, lineStep, step }: Axis): number[] {
  const out: number[] = [];
  for (let l = 0; l < lines; l++) {
    const base = l * lineStep;
    for (let i = 0; i < length; ) {
      const n = along[base + i * step];
      if (n === 0) {
        i++;
        continue;
      }
      let thin = 0;
      for (let k = i; k < i + n; k++) if (across[base + k * step] * RULE_ELONGATION <= n) thin++;
      if (thin * 2 >= n && n >= RULE_ELONGATION) out.push(l, i, n);
      i += n;
    }
  }
  return out;
}

/** Whitens the runs at least `min` long, with `spread` lines on each side; returns how many. */
function whiten(data: Uint8Array, runs: readonly number[], { lines, lineStep, step }: Axis, min: number, spread: number): number {
  let count = 0;
  for (let r = 0; r < runs.length; r += 3) {
    const [line, first, n] = [runs[r], runs[r + 1], runs[r + 2]];
    if (n < min) continue;
    for (let l = Math.max(0, line - spread); l <= Math.min(lines - 1, line + spread); l++)
      for (let k = first; k < first + n; k++) data[l * lineStep + k * step] = 255;
    count++;
  }
  return count;
}

/** Bilinear resize. */
export function resize(img: GrayImage, factor: number): GrayImage {
  const width = Math.max(1, Math.round(img.width * factor));
  const height = Math.max(1, Math.round(img.height * factor));
  const out = new Uint8Array(width * height);
  const src = img.data;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(img.height - 1, (y + 0.5) / factor - 0.5);
    const y0 = Math.max(0, Math.floor(sy));
    const y1 = Math.min(img.height - 1, y0 + 1);
    const fy = Math.max(0, sy - y0);
    for (let x = 0; x < width; x++) {
      const sx = Math.min(img.width - 1, (x + 0.5) / factor - 0.5);
      const x0 = Math.max(0, Math.floor(sx));
      const x1 = Math.min(img.width - 1, x0 + 1);
      const fx = Math.max(0, sx - x0);
      const top = src[y0 * img.width + x0] * (1 - fx) + src[y0 * img.width + x1] * fx;
      const bottom = src[y1 * img.width + x0] * (1 - fx) + src[y1 * img.width + x1] * fx;
      out[y * width + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return { width, height, data: out };
}

/**
 * The skew angle (degrees, within ±maxDegrees) at which the rows' ink counts vary most: text lines
 * lying flat give sharp peaks and empty gaps. Measured on ink pixels only (a random sample of about
 * 60,000), so it costs little even on a large page.
 */
export function estimateSkew(img: GrayImage, maxDegrees = 5, step = 0.25): number {
  const t = otsuThreshold(img);
  const xs: number[] = [];
  const ys: number[] = [];
  const { width, height, data } = img;
  let inkCount = 0;
  for (const v of data) if (v <= t) inkCount++;
  const every = Math.max(1, Math.ceil(inkCount / 60000));
  // A pseudo-random sample (xorshift32, fixed seed: the same page gives the same angle), not every n-th
  // ink pixel in reading order: that sample is a lattice, and at some shear its points fall into the
  // same rows, so an enlarged straight page looked tilted by 4–5° and OCR merged its lines.
  let seed = 2463534242;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (data[y * width + x] > t) continue;
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      seed >>>= 0;
      if (seed % every !== 0) continue;
      xs.push(x);
      ys.push(y);
    }
  if (xs.length < 200) return 0;
  const bins = new Float64Array(height * 2 + width);
  let bestAngle = 0;
  let bestScore = -1;
  for (let a = -maxDegrees; a <= maxDegrees + 1e-9; a += step) {
    const tan = Math.tan((a * Math.PI) / 180);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) {
      const row = Math.round(ys[i] - xs[i] * tan) + width;
      if (row >= 0 && row < bins.length) bins[row]++;
    }
    let score = 0;
    for (let i = 1; i < bins.length; i++) score += (bins[i] - bins[i - 1]) ** 2;
    // Prefer no rotation unless another angle is clearly sharper (noise must not turn a straight page).
    if (score > bestScore * (a === 0 ? 1 : 1.02) || (a === 0 && score >= bestScore)) {
      bestScore = score;
      bestAngle = a;
    }
  }
  return bestAngle;
}

/** Rotates by `degrees` (positive: the text was tilted down to the right) around the centre; new pixels are white. */
export function rotate(img: GrayImage, degrees: number): GrayImage {
  if (degrees === 0) return img;
  const r = (degrees * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  const { width, height, data } = img;
  const out = new Uint8Array(width * height).fill(255);
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Inverse mapping: where in the source does this output pixel come from?
      const dx = x - cx;
      const dy = y - cy;
      const sx = Math.round(cx + dx * cos - dy * sin);
      const sy = Math.round(cy + dx * sin + dy * cos);
      if (sx >= 0 && sx < width && sy >= 0 && sy < height) out[y * width + x] = data[sy * width + sx];
    }
  }
  return { width, height, data: out };
}

/**
 * Sauvola binarisation: T = m · (1 + k · (s / R − 1)) over a window × window neighbourhood (mean m,
 * standard deviation s, R = 128), computed with integral images in O(pixels).
 */
export function sauvola(img: GrayImage, window: number, k = 0.2): GrayImage {
  const { width, height, data } = img;
  const w1 = width + 1;
  const sum = new Float64Array(w1 * (height + 1));
  const sq = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let rs = 0;
    let rq = 0;
    for (let x = 0; x < width; x++) {
      const v = data[y * width + x];
      rs += v;
      rq += v * v;
      sum[(y + 1) * w1 + x + 1] = sum[y * w1 + x + 1] + rs;
      sq[(y + 1) * w1 + x + 1] = sq[y * w1 + x + 1] + rq;
    }
  }
  const half = Math.max(1, Math.floor(window / 2));
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const ya = Math.max(0, y - half);
    const yb = Math.min(height, y + half + 1);
    for (let x = 0; x < width; x++) {
      const xa = Math.max(0, x - half);
      const xb = Math.min(width, x + half + 1);
      const n = (yb - ya) * (xb - xa);
      const s = sum[yb * w1 + xb] - sum[ya * w1 + xb] - sum[yb * w1 + xa] + sum[ya * w1 + xa];
      const q = sq[yb * w1 + xb] - sq[ya * w1 + xb] - sq[yb * w1 + xa] + sq[ya * w1 + xa];
      const mean = s / n;
      const sd = Math.sqrt(Math.max(0, q / n - mean * mean));
      const t = mean * (1 + k * (sd / 128 - 1));
      out[y * width + x] = data[y * width + x] <= t ? 0 : 255;
    }
  }
  return { width, height, data: out };
}

export interface PreparedPage {
  image: GrayImage;
  /** The input with its rules removed (removeRules), at its own size: the other readings start from it. */
  input: GrayImage;
  /** Output pixels per input pixel (divide OCR boxes by it to get back to the input's pixels). */
  scale: number;
  skewDegrees: number;
  /** The input's median text-line height in pixels (null: no text lines found). */
  lineHeight: number | null;
}

export interface PrepareOptions {
  scale?: boolean;
  deskew?: boolean;
  binarise?: boolean;
  rules?: boolean;
}

/**
 * Remove rules, scale (small text only), deskew, binarise (large text only) — each step can be switched
 * off for measuring. The line height is measured without the rules: a table's vertical rules put ink in
 * every row between its text lines, and its text lines would count as one.
 */
export function preparePage(img: GrayImage, options: PrepareOptions = {}): PreparedPage {
  const { scale = true, deskew = true, binarise = true, rules = true } = options;
  // Rules only on a straight page: a tilted rule is a staircase of short runs, and removing the long
  // ones leaves the rest as dashes and bars beside the text (worse than the whole rule).
  const input = rules && !(deskew && Math.abs(estimateSkew(img)) >= 0.5) ? removeRules(img) : img;
  let out = input;
  let factor = 1;
  const lineHeight = medianLineHeight(input);
  if (scale && lineHeight !== null && lineHeight < TARGET_LINE_HEIGHT * 0.75) {
    factor = Math.min(MAX_UPSCALE, TARGET_LINE_HEIGHT / lineHeight);
    out = resize(out, factor);
  }
  let skewDegrees = 0;
  if (deskew) {
    skewDegrees = estimateSkew(out);
    if (Math.abs(skewDegrees) >= 0.5) out = rotate(out, skewDegrees);
    else skewDegrees = 0;
  }
  if (binarise && (lineHeight ?? 0) >= BINARISE_MIN_LINE_HEIGHT) {
    const h = (lineHeight ?? 20) * factor;
    out = sauvola(out, Math.max(15, Math.round(h * 2) | 1));
  }
  return { image: out, input, scale: factor, skewDegrees, lineHeight };
}

/**
 * The page for a second, independent reading: the same clean-up at another resolution — the input's own
 * size when the first reading enlarged it, three quarters of it otherwise. The LSTM misreads different
 * letters at different sizes, so a value both readings give is less likely a misread; both sizes are
 * no larger than the first, so the second reading costs less than the first. The skew angle is the
 * first reading's (measured once).
 */
export function prepareSecondReading(first: PreparedPage): PreparedPage {
  const img = first.input;
  const factor = first.scale > 1 ? 1 : 0.75;
  let out = factor === 1 ? img : resize(img, factor);
  if (first.skewDegrees !== 0) out = rotate(out, first.skewDegrees);
  if ((first.lineHeight ?? 0) >= BINARISE_MIN_LINE_HEIGHT) {
    out = sauvola(out, Math.max(15, Math.round((first.lineHeight ?? 20) * factor * 2) | 1));
  }
  return { image: out, input: img, scale: factor, skewDegrees: first.skewDegrees, lineHeight: first.lineHeight };
}

/**
 * The page for a third reading, the tie-breaker when the first two give different values: smaller
 * again (0.6 of the first reading's size) and left grey, so it differs from both in resolution and
 * clean-up; at about a third of the first's pixels it costs little. The skew angle is the first's.
 */
export function prepareThirdReading(first: PreparedPage): PreparedPage {
  const img = first.input;
  const factor = first.scale * THIRD_READING_SIZE;
  let out = resize(img, factor);
  if (first.skewDegrees !== 0) out = rotate(out, first.skewDegrees);
  return { image: out, input: img, scale: factor, skewDegrees: first.skewDegrees, lineHeight: first.lineHeight };
}

/** The third reading's size as a share of the first's. */
export const THIRD_READING_SIZE = 0.6;
