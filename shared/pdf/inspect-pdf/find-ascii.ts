/** Searches for ASCII markers ("%PDF-", "endstream", "%%EOF") in bytes, without decoding them to text. */

/** Index of `needle` (ASCII) in `buf` at or after `from`, or -1. */
export function indexOfAscii(buf: Uint8Array, needle: string, from: number, to = buf.length): number {
  const first = needle.charCodeAt(0);
  const last = to - needle.length;
  for (let i = buf.indexOf(first, from); i !== -1 && i <= last; i = buf.indexOf(first, i + 1)) {
    let match = true;
    for (let j = 1; j < needle.length; j++) {
      if (buf[i + j] !== needle.charCodeAt(j)) {
        match = false;
        break;
      }
    }
    if (match) return i;
  }
  return -1;
}

/** Index of the last `needle` (ASCII) in `buf` that starts at or after `from`, or -1. */
export function lastIndexOfAscii(buf: Uint8Array, needle: string, from: number): number {
  for (let i = buf.length - needle.length; i >= from; i--) {
    let match = true;
    for (let j = 0; j < needle.length; j++) {
      if (buf[i + j] !== needle.charCodeAt(j)) {
        match = false;
        break;
      }
    }
    if (match) return i;
  }
  return -1;
}
