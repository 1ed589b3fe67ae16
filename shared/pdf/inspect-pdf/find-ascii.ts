/** Searches for ASCII markers ("%PDF-", "endstream", "%%EOF") in bytes, without decoding them to text. */

/** Index of `needle` (ASCII) in `buf` at or after `from`, or -1. */
export function indexOfAscii(buf: Uint8Array, needle: string, from: number, to = buf.length): number {
  const first = needle.charCodeAt(0);
  const last = to - needle.length;
  for (let i = buf.indexOf(first, from); i !== -1 && i <= last; i = buf.indexOf(first, i + 1)) {
    if (matchesAt(buf, i, needle, 1)) return i;
  }
  return -1;
}

/** Index of the last `needle` (ASCII) in `buf` that starts at or after `from`, or -1. */
export function lastIndexOfAscii(buf: Uint8Array, needle: string, from: number): number {
  for (let i = buf.length - needle.length; i >= from; i--) {
    if (matchesAt(buf, i, needle, 0)) return i;
  }
  return -1;
}

/** Whether `needle` (ASCII) stands in `buf` at `i`; its characters before `start` are known to match. */
function matchesAt(buf: Uint8Array, i: number, needle: string, start: number): boolean {
  for (let j = start; j < needle.length; j++) if (buf[i + j] !== needle.charCodeAt(j)) return false;
  return true;
}
