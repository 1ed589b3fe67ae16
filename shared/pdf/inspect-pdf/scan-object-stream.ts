/** An object stream: its /N objects counted, its decompressed contents scanned like the file's own objects. */
import { decodeStream } from "./decode-stream.ts";
import type { Dict } from "./pdf-values.ts";
import { cursorAt, nextToken } from "./read-token.ts";
import { readValue } from "./read-value.ts";
import { countObjects, type ScanState } from "./scan-state.ts";

export function scanObjectStream(dict: Dict, data: Uint8Array, state: ScanState): void {
  state.objectStreams++;
  const n = dict.get("N");
  if (typeof n === "number") countObjects(state, n);
  const decoded = decodeStream(dict, data, "object stream", state);
  if (decoded === null) return;
  const inner = cursorAt(decoded, 0);
  for (;;) {
    const token = nextToken(inner);
    if (token.k === "eof") break;
    readValue(inner, token, state);
  }
}
