/**
 * QR code as vector squares: the module matrix comes from `qrcode` (QRCode.create, error correction M);
 * dark modules are merged into horizontal runs and emitted as one SVG path (one fill, no seams between
 * modules when rasterised). Pure.
 */
import QRCode from "qrcode";

export interface QrMatrix {
  /** Modules per side (without quiet zone). */
  size: number;
  isDark(row: number, col: number): boolean;
}

const recent = new Map<string, QrMatrix>();

/**
 * Module matrix of `text` at error correction level M. The few most recent are memoized: the documents
 * of one generation share one verification URL, and choosing the mask pattern is the costly part.
 */
export function qrMatrix(text: string): QrMatrix {
  const cached = recent.get(text);
  if (cached) return cached;
  const code = QRCode.create(text, { errorCorrectionLevel: "M" });
  const modules = code.modules;
  const size = modules.size;
  const dark = Uint8Array.from({ length: size * size }, (_, i) => (modules.get(Math.floor(i / size), i % size) ? 1 : 0));
  const matrix: QrMatrix = { size, isDark: (row, col) => dark[row * size + col] === 1 };
  if (recent.size >= 32) recent.delete(recent.keys().next().value as string);
  recent.set(text, matrix);
  return matrix;
}

/** SVG path (unit = one module, y down, origin at the top-left module) of the dark modules. */
export function qrPath(matrix: QrMatrix): string {
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.isDark(row, col)) col++;
      parts.push(`M${start} ${row}h${col - start}v1h${start - col}z`);
    }
  }
  return parts.join("");
}

/** Quiet zone the QR specification asks for, in modules, on every side. */
export const QR_QUIET_ZONE = 4;
