/**
 * Values from tokens: integers followed by "gen R" become references, arrays and dictionaries are read
 * to the nesting limit, and each dictionary is inspected as soon as it is complete.
 */
import { pdfProblem } from "../pdf-problem.ts";
import { inspectDictionary } from "./inspect-dictionary.ts";
import type { Dict, Value } from "./pdf-values.ts";
import { type Cursor, nextToken, type Token } from "./read-token.ts";
import { Abort, type ScanState } from "./scan-state.ts";

/** Parses one value starting with `token`. */
export function readValue(cur: Cursor, token: Token, state: ScanState): Value {
  switch (token.k) {
    case "num": {
      if (token.int && token.v >= 0) {
        const save = cur.pos;
        const gen = nextToken(cur);
        if (gen.k === "num" && gen.int) {
          const r = nextToken(cur);
          if (r.k === "kw" && r.v === "R") return { k: "ref" };
        }
        cur.pos = save;
      }
      return token.v;
    }
    case "name":
      return { k: "name", v: token.v };
    case "kw":
      return { k: "kw", v: token.v };
    case "str":
    case "eof":
      return { k: "str" };
    case "punct":
      if (token.v === "<<") return readDict(cur, state);
      if (token.v === "[") return readArray(cur, state);
      return { k: "kw", v: token.v };
  }
}

function enter(cur: Cursor, state: ScanState): void {
  cur.depth++;
  if (cur.depth > state.limits.maxDepth) {
    throw new Abort(pdfProblem("too_complex", `The PDF nests arrays or dictionaries more than ${state.limits.maxDepth} levels deep.`));
  }
}

function readArray(cur: Cursor, state: ScanState): Value[] {
  enter(cur, state);
  const items: Value[] = [];
  for (;;) {
    const token = nextToken(cur);
    if (token.k === "eof") break;
    if (token.k === "punct" && token.v === "]") break;
    if (token.k === "punct" && token.v === ">>") continue; // tolerate junk
    // Keep small arrays (/W, /Index, /Filter); drop the contents of large ones.
    const item = readValue(cur, token, state);
    if (items.length < 64) items.push(item);
  }
  cur.depth--;
  return items;
}

function readDict(cur: Cursor, state: ScanState): Dict {
  enter(cur, state);
  const dict: Dict = new Map();
  for (;;) {
    const token = nextToken(cur);
    if (token.k === "eof") break;
    if (token.k === "punct" && token.v === ">>") break;
    if (token.k !== "name") {
      // Not a key: skip the value-like junk so nesting stays balanced.
      readValue(cur, token, state);
      continue;
    }
    const valueToken = nextToken(cur);
    if (valueToken.k === "punct" && valueToken.v === ">>") {
      dict.set(token.v, { k: "kw", v: "null" });
      break;
    }
    dict.set(token.v, readValue(cur, valueToken, state));
  }
  cur.depth--;
  inspectDictionary(dict, state);
  return dict;
}
