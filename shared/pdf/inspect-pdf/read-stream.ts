/**
 * A stream's data: its end found by the declared /Length (checked against "endstream") or by searching,
 * its length checked against the limit, and object and cross-reference streams looked into. Other
 * streams (content, fonts, images) are skipped without being decoded.
 */
import { pdfProblem } from "../pdf-problem.ts";
import { checkXrefStream } from "./check-xref-stream.ts";
import { indexOfAscii } from "./find-ascii.ts";
import { type Dict, nameOf } from "./pdf-values.ts";
import type { Cursor } from "./read-token.ts";
import { scanObjectStream } from "./scan-object-stream.ts";
import { Abort, formatBytes, type ScanState, type SkippedStream } from "./scan-state.ts";

/** `cur.pos` is just after the "stream" keyword; leaves it after "endstream". */
export function readStream(cur: Cursor, dict: Dict, state: ScanState): void {
  const { buf, end } = cur;
  const { maxStreamLength } = state.limits;
  if (buf[cur.pos] === 0x0d && buf[cur.pos + 1] === 0x0a) cur.pos += 2;
  else if (buf[cur.pos] === 0x0a || buf[cur.pos] === 0x0d) cur.pos += 1;
  const start = cur.pos;
  const declared = dict.get("Length");
  if (typeof declared === "number" && declared > maxStreamLength) {
    throw new Abort(
      pdfProblem(
        "too_large",
        `A stream declares ${formatBytes(declared)}; at most ${formatBytes(maxStreamLength)} per stream are accepted.`,
      ),
    );
  }
  let dataEnd = -1;
  if (typeof declared === "number" && declared >= 0 && start + declared <= end) {
    const probe = indexOfAscii(buf, "endstream", start + declared, Math.min(end, start + declared + 64));
    if (probe !== -1) dataEnd = start + declared;
  }
  let after: number;
  if (dataEnd === -1) {
    const found = indexOfAscii(buf, "endstream", start, end);
    if (found === -1) throw new Abort(pdfProblem("corrupt", "The PDF is damaged: a stream has no end (the file may be truncated)."));
    dataEnd = found;
    after = found + 9;
  } else {
    after = indexOfAscii(buf, "endstream", dataEnd, end) + 9;
  }
  if (dataEnd - start > maxStreamLength) {
    throw new Abort(
      pdfProblem(
        "too_large",
        `A stream holds ${formatBytes(dataEnd - start)}; at most ${formatBytes(maxStreamLength)} per stream are accepted.`,
      ),
    );
  }
  cur.pos = after;
  const type = nameOf(dict.get("Type"));
  if (type === "ObjStm") scanObjectStream(dict, buf.subarray(start, dataEnd), state);
  else if (type === "XRef") checkXrefStream(dict, buf.subarray(start, dataEnd), state);
  else if (state.limits.listStreams) state.streams.push(skippedStream(dict, start, dataEnd));
}

function skippedStream(dict: Dict, start: number, end: number): SkippedStream {
  const filter = dict.get("Filter");
  const filters = (Array.isArray(filter) ? filter.map(nameOf) : filter === undefined ? [] : [nameOf(filter)]).map((f) => f ?? "?");
  const width = dict.get("Width") ?? dict.get("W");
  const height = dict.get("Height") ?? dict.get("H");
  const pixels = typeof width === "number" && typeof height === "number" ? Math.abs(width) * Math.abs(height) : undefined;
  return { start, end, filters, ...(pixels !== undefined ? { pixels } : {}) };
}
