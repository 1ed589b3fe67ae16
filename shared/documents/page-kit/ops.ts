/** Positioned drawing operations (top-left origin, points) produced by the flow engine and frame. */
import type { Align } from "./model.ts";
import type { FontRole } from "../../pdf/fonts.ts";

export interface TextOp {
  op: "text";
  x: number;
  /** Baseline, measured from the page top. */
  y: number;
  text: string;
  font: FontRole;
  size: number;
  gray: number;
}

export interface RectOp {
  op: "rect";
  x: number;
  /** Top edge, from the page top. */
  y: number;
  w: number;
  h: number;
  fill?: number | readonly [number, number, number];
  stroke?: number;
  lineWidth?: number;
}

export interface LineOp {
  op: "line";
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  gray: number;
  width: number;
}

export interface FieldOp {
  op: "field";
  /** camelCase form path, the field's fully qualified name. */
  name: string;
  x: number;
  /** Top edge, from the page top. */
  y: number;
  w: number;
  h: number;
  size: number;
  multiline: boolean;
  align: Align;
}

/** An SVG path (y down) drawn at (x, y) with a uniform scale, filled. */
export interface PathOp {
  op: "path";
  x: number;
  y: number;
  path: string;
  scale: number;
  gray: number;
}

export type Op = TextOp | RectOp | LineOp | FieldOp | PathOp;
