/** The top level of a file: indirect objects (with their streams), xref tables and trailers. */
import { pdfProblem } from "../pdf-problem.ts";
import { isDict } from "./pdf-values.ts";
import { type Cursor, EOF_TOKEN, nextToken } from "./read-token.ts";
import { readStream } from "./read-stream.ts";
import { readValue } from "./read-value.ts";
import { Abort, countObjects, type ScanState } from "./scan-state.ts";

export function scanObjects(cur: Cursor, state: ScanState): void {
  for (;;) {
    const token = nextToken(cur);
    if (token.k === "eof") return;
    if (token.k === "num" && token.int) {
      const save = cur.pos;
      const gen = nextToken(cur);
      const kw = gen.k === "num" ? nextToken(cur) : EOF_TOKEN;
      if (kw.k !== "kw" || kw.v !== "obj") {
        cur.pos = save;
        continue;
      }
      countObjects(state, 1);
      const object = readValue(cur, nextToken(cur), state);
      const save2 = cur.pos;
      const after = nextToken(cur);
      if (after.k === "kw" && after.v === "stream") {
        readStream(cur, isDict(object) ? object : new Map(), state);
      } else {
        cur.pos = save2;
      }
    } else if (token.k === "kw" && token.v === "trailer") {
      const trailer = readValue(cur, nextToken(cur), state);
      if (isDict(trailer) && trailer.has("Encrypt")) {
        throw new Abort(pdfProblem("encrypted", "The PDF is encrypted or password-protected."));
      }
    } else if (token.k === "kw" && token.v === "stream") {
      // A stream without a preceding "n g obj" (broken file): skip its data.
      readStream(cur, new Map(), state);
    }
  }
}
