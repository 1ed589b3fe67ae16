/** Page geometry, text styles and colours shared by the engine, frame and painter. */
import type { FontRole } from "../../pdf/fonts.ts";
import type { StyleName } from "./model.ts";

export const PAGE = {
  width: 595.28, // A4 portrait
  height: 841.89,
  marginX: 32,
  marginTop: 28,
  marginBottom: 22,
  headerHeight: 50,
  footerHeight: 80,
} as const;

export const CONTENT = {
  left: PAGE.marginX,
  right: PAGE.width - PAGE.marginX,
  width: PAGE.width - 2 * PAGE.marginX,
  top: PAGE.marginTop + PAGE.headerHeight,
  /** Ends 8 pt above the footer rule so a full page never touches the footer. */
  bottom: PAGE.height - PAGE.marginBottom - PAGE.footerHeight - 5,
} as const;

export interface TextStyle {
  font: FontRole;
  size: number;
  /** Grey level 0 (black) … 1 (white). */
  gray: number;
}

export const STYLES: Readonly<Record<StyleName, TextStyle>> = {
  body: { font: "regular", size: 8.2, gray: 0 },
  bold: { font: "bold", size: 8.2, gray: 0 },
  small: { font: "regular", size: 7, gray: 0 },
  smallBold: { font: "bold", size: 7, gray: 0 },
  fine: { font: "regular", size: 6.4, gray: 0.2 },
  heading: { font: "bold", size: 9.5, gray: 0 },
  large: { font: "bold", size: 11, gray: 0 },
};

/** Box label band: number in bold, text in regular, both small and dark grey. */
export const LABEL = { size: 6, gray: 0.3, numberGray: 0 } as const;
export const TABLE_HEADER_STYLE: TextStyle = { font: "bold", size: 6.6, gray: 0 };

export const LEADING = 1.22;
export const MIN_SHRINK_SIZE = 5;

export const BOX = {
  padX: 3.5,
  padTop: 2.5,
  padBottom: 3,
  labelGap: 1.5,
  border: 0.6,
  borderGray: 0.25,
  shadeGray: 0.94,
} as const;

export const TABLE = {
  padX: 3,
  padY: 2.2,
  headerGray: 0.9,
  ruleGray: 0.7,
  ruleWidth: 0.35,
} as const;

/** Fillable field look: light blue fill, no border (the box border frames it). */
export const FIELD = { fill: [0.89, 0.93, 1] as const, padY: 1 } as const;

export function lineHeight(size: number): number {
  return size * LEADING;
}
