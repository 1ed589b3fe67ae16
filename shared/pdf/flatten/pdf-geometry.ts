/** Small geometry, number-formatting and dictionary helpers the flattening steps share. */
import { type PDFContext, type PDFDict, PDFName, type PDFObject } from "pdf-lib";
import { arrayOf, dictOf, numberOf } from "../pdf-objects.ts";

export type Matrix = [number, number, number, number, number, number];

/** A number for a content stream: at most 4 decimals, never "-0". */
export function num(v: number): string {
  const rounded = Math.round(v * 10000) / 10000;
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

/** The first `count` numbers of an array object, or undefined when it has fewer or a non-finite one. */
export function numbers(context: PDFContext, object: PDFObject | undefined, count: number): number[] | undefined {
  const array = arrayOf(context, object);
  if (!array || array.size() < count) return undefined;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const n = numberOf(context, array.get(i));
    if (n === undefined || !Number.isFinite(n)) return undefined;
    out.push(n);
  }
  return out;
}

export function normalizedRect(r: number[]): [number, number, number, number] {
  return [Math.min(r[0], r[2]), Math.min(r[1], r[3]), Math.max(r[0], r[2]), Math.max(r[1], r[3])];
}

function transformPoint(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The matrix that maps an appearance (BBox transformed by its Matrix) onto the annotation Rect. */
export function appearanceMatrix(
  rect: [number, number, number, number],
  bbox: [number, number, number, number],
  matrix: Matrix,
): Matrix | null {
  const corners = [
    transformPoint(matrix, bbox[0], bbox[1]),
    transformPoint(matrix, bbox[2], bbox[1]),
    transformPoint(matrix, bbox[0], bbox[3]),
    transformPoint(matrix, bbox[2], bbox[3]),
  ];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const [tx1, ty1, tx2, ty2] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const tw = tx2 - tx1;
  const th = ty2 - ty1;
  const rw = rect[2] - rect[0];
  const rh = rect[3] - rect[1];
  if (tw <= 0 || th <= 0 || rw <= 0 || rh <= 0) return null;
  const sx = rw / tw;
  const sy = rh / th;
  return [sx, 0, 0, sy, rect[0] - tx1 * sx, rect[1] - ty1 * sy];
}

/** A page attribute, looked up through the page tree (Resources, MediaBox, CropBox, Rotate). */
export function inherited(context: PDFContext, page: PDFDict, key: string): PDFObject | undefined {
  let node: PDFDict | undefined = page;
  for (let depth = 0; node && depth < 64; depth++) {
    const value = node.get(PDFName.of(key));
    if (value !== undefined) return value;
    node = dictOf(context, node.get(PDFName.of("Parent")));
  }
  return undefined;
}

/** The first `<prefix><n>` name not yet in the dictionary. */
export function uniqueKey(dict: PDFDict, prefix: string): PDFName {
  for (let i = 0; ; i++) {
    const name = PDFName.of(`${prefix}${i}`);
    if (!dict.has(name)) return name;
  }
}

export function shallowCopy(context: PDFContext, dict: PDFDict | undefined): PDFDict {
  const copy = context.obj({});
  if (dict) for (const [key, value] of dict.entries()) copy.set(key, value);
  return copy;
}

/** The sub-dictionary under `key`, created when missing. */
export function subDict(context: PDFContext, dict: PDFDict, key: string): PDFDict {
  let sub = dictOf(context, dict.get(PDFName.of(key)));
  if (!sub) {
    sub = context.obj({});
    dict.set(PDFName.of(key), sub);
  }
  return sub;
}
