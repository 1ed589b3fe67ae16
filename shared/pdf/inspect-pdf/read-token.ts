/**
 * The pre-flight's tokenizer: just enough of PDF's lexical rules to find the dictionaries that matter.
 * A Cursor is the position in one buffer (the file, or a decompressed object stream); reading a token
 * moves it. No recursion, and nothing allocated in proportion to the input beyond a bounded name or keyword.
 */

export type Token =
  | { k: "num"; v: number; int: boolean }
  | { k: "name"; v: string }
  | { k: "kw"; v: string }
  | { k: "str" }
  | { k: "punct"; v: "<<" | ">>" | "[" | "]" | "{" | "}" }
  | { k: "eof" };

export const EOF_TOKEN: Token = { k: "eof" };
const STR_TOKEN: Token = { k: "str" };
/** The one-byte punctuation: array and procedure brackets. */
const BRACKETS = { 0x5b: "[", 0x5d: "]", 0x7b: "{", 0x7d: "}" } as const;

/** A position in a buffer, and how deep arrays and dictionaries are nested there. */
export interface Cursor {
  readonly buf: Uint8Array;
  readonly end: number;
  pos: number;
  depth: number;
}

export function cursorAt(buf: Uint8Array, start: number, end: number = buf.length): Cursor {
  return { buf, end, pos: start, depth: 0 };
}

// Character classes: 1 whitespace, 2 delimiter, 0 regular.
const CLASS = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[c] = 1;
for (const c of "()<>[]{}/%") CLASS[c.charCodeAt(0)] = 2;

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

function skipSpaceAndComments(cur: Cursor): void {
  const { buf, end } = cur;
  while (cur.pos < end) {
    const c = buf[cur.pos];
    if (CLASS[c] === 1) {
      cur.pos++;
    } else if (c === 0x25 /* % */) {
      while (cur.pos < end && buf[cur.pos] !== 0x0a && buf[cur.pos] !== 0x0d) cur.pos++;
    } else {
      return;
    }
  }
}

export function nextToken(cur: Cursor): Token {
  // Stray ">" and ")" are skipped in a loop (never by recursion: a megabyte of them must not overflow the stack).
  for (;;) {
    const token = readToken(cur);
    if (token !== null) return token;
  }
}

/** One token, or null for a stray delimiter that was skipped. */
function readToken(cur: Cursor): Token | null {
  skipSpaceAndComments(cur);
  const { buf, end } = cur;
  if (cur.pos >= end) return EOF_TOKEN;
  const c = buf[cur.pos];
  switch (c) {
    case 0x28 /* ( */:
      {
        // Literal string: balanced parentheses, backslash escapes the next byte.
        let nesting = 1;
        cur.pos++;
        while (cur.pos < end && nesting > 0) {
          const b = buf[cur.pos++];
          if (b === 0x5c /* \ */) cur.pos++;
          else if (b === 0x28) nesting++;
          else if (b === 0x29) nesting--;
        }
        return STR_TOKEN;
      }
    case 0x3c /* < */:
      {
        if (buf[cur.pos + 1] === 0x3c) {
          cur.pos += 2;
          return { k: "punct", v: "<<" };
        }
        const close = buf.indexOf(0x3e, cur.pos + 1);
        cur.pos = close === -1 ? end : close + 1;
        return STR_TOKEN;
      }
    case 0x3e /* > */:
      if (buf[cur.pos + 1] === 0x3e) {
        cur.pos += 2;
        return { k: "punct", v: ">>" };
      }
      cur.pos++;
      return null;
    case 0x5b:
    case 0x5d:
    case 0x7b:
    case 0x7d:
      cur.pos++;
      return { k: "punct", v: BRACKETS[c as keyof typeof BRACKETS] };
    case 0x29 /* stray ) */:
      cur.pos++;
      return null;
    case 0x2f /* / */:
      return readName(cur);
    default:
      return readNumberOrKeyword(cur);
  }
}

/** `cur.pos` is at "/". */
function readName(cur: Cursor): Token {
  const { buf, end } = cur;
  cur.pos++;
  let name = "";
  while (cur.pos < end && CLASS[buf[cur.pos]] === 0) {
    const b = buf[cur.pos];
    if (b === 0x23 /* # */ && cur.pos + 2 < end) {
      const hi = hexValue(buf[cur.pos + 1]);
      const lo = hexValue(buf[cur.pos + 2]);
      if (hi >= 0 && lo >= 0) {
        name += String.fromCharCode(hi * 16 + lo);
        cur.pos += 3;
        continue;
      }
    }
    name += String.fromCharCode(b);
    cur.pos++;
    if (name.length > 256) break; // names are at most 127 bytes; do not build megabyte strings
  }
  return { k: "name", v: name };
}

/** A run of regular characters: a number when it reads as one, else a keyword (cut to 64 characters). */
function readNumberOrKeyword(cur: Cursor): Token | null {
  const { buf, end } = cur;
  const start = cur.pos;
  while (cur.pos < end && CLASS[buf[cur.pos]] === 0) cur.pos++;
  if (cur.pos === start) {
    cur.pos++;
    return null;
  }
  let numeric = true;
  let dot = false;
  for (let i = start; i < cur.pos; i++) {
    const b = buf[i];
    if (b >= 0x30 && b <= 0x39) continue;
    if (b === 0x2e && !dot) {
      dot = true;
      continue;
    }
    if ((b === 0x2b || b === 0x2d) && i === start) continue;
    numeric = false;
    break;
  }
  const length = Math.min(cur.pos - start, 64);
  let text = "";
  for (let i = start; i < start + length; i++) text += String.fromCharCode(buf[i]);
  if (numeric) {
    const v = Number(text);
    if (Number.isFinite(v)) return { k: "num", v, int: !dot };
  }
  return { k: "kw", v: text };
}
