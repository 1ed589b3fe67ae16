/** A cross-reference stream: a valid /W, entries (/Index or /Size) within the object limit, and data that decompresses. */
import { pdfProblem } from "../pdf-problem.ts";
import { decodeStream } from "./decode-stream.ts";
import type { Dict } from "./pdf-values.ts";
import { Abort, type ScanState } from "./scan-state.ts";

export function checkXrefStream(dict: Dict, data: Uint8Array, state: ScanState): void {
  const widths = dict.get("W");
  if (!Array.isArray(widths) || widths.length < 3 || widths.some((w) => typeof w !== "number" || w < 0 || w > 8 || !Number.isInteger(w))) {
    throw new Abort(pdfProblem("corrupt", "The PDF is damaged: a cross-reference stream has an invalid /W entry."));
  }
  const index = dict.get("Index");
  const size = dict.get("Size");
  let entries = 0;
  if (Array.isArray(index)) {
    for (let i = 1; i < index.length; i += 2) {
      const count = index[i];
      if (typeof count !== "number" || count < 0)
        throw new Abort(pdfProblem("corrupt", "The PDF is damaged: a cross-reference stream has an invalid /Index entry."));
      entries += count;
    }
  } else if (typeof size === "number") {
    entries = size;
  }
  if (entries > state.limits.maxObjects) {
    throw new Abort(
      pdfProblem(
        "too_complex",
        `The PDF's cross-reference stream declares ${entries} entries; at most ${state.limits.maxObjects} are accepted.`,
      ),
    );
  }
  decodeStream(dict, data, "cross-reference stream", state);
}
