/**
 * Decompresses an object or cross-reference stream (FlateDecode only, native zlib) within what is left
 * of the run's decoded-bytes budget.
 */
import { constants as zlibConstants, inflateSync } from "node:zlib";
import { pdfProblem } from "../pdf-problem.ts";
import { type Dict, nameOf } from "./pdf-values.ts";
import { Abort, formatBytes, type ScanState } from "./scan-state.ts";

/** The decoded bytes, or null for a damaged stream (recorded in state.deferred). */
export function decodeStream(dict: Dict, data: Uint8Array, what: string, state: ScanState): Uint8Array | null {
  const filter = dict.get("Filter");
  const filters = Array.isArray(filter) ? filter.map(nameOf) : filter === undefined ? [] : [nameOf(filter)];
  if (filters.length === 0) return data;
  if (filters.length !== 1 || (filters[0] !== "FlateDecode" && filters[0] !== "Fl")) {
    throw new Abort(
      pdfProblem("too_complex", `The PDF compresses a ${what} with ${filters.join(", ")}; only FlateDecode is accepted there.`),
    );
  }
  const budget = state.limits.maxDecodedBytes - state.decodedBytes;
  try {
    const out = inflateSync(data, { maxOutputLength: Math.max(1, budget), finishFlush: zlibConstants.Z_SYNC_FLUSH });
    state.decodedBytes += out.length;
    return new Uint8Array(out.buffer, out.byteOffset, out.length);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError) {
      throw new Abort(
        pdfProblem("too_large", `The PDF's compressed ${what}s expand to more than ${formatBytes(state.limits.maxDecodedBytes)}.`),
      );
    }
    // Encrypted files have undecodable streams too: keep scanning for /Encrypt, report at the end.
    state.deferred ??= pdfProblem("corrupt", `The PDF is damaged: a compressed ${what} cannot be decompressed.`);
    return null;
  }
}
