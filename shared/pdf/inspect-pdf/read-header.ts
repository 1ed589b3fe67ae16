/** The "%PDF-n.m" header (readers tolerate up to 1 KB of junk before it) and the "%%EOF" marker near the end. */
import { indexOfAscii, lastIndexOfAscii } from "./find-ascii.ts";

const HEADER_WINDOW = 1024;
const EOF_WINDOW = 1024;

export function findHeader(bytes: Uint8Array): { offset: number; version: string } | null {
  const limit = Math.min(bytes.length, HEADER_WINDOW + 8);
  const offset = indexOfAscii(bytes, "%PDF-", 0, limit);
  if (offset === -1 || offset > HEADER_WINDOW) return null;
  let version = "";
  for (let i = offset + 5; i < Math.min(bytes.length, offset + 9); i++) {
    const c = bytes[i];
    if ((c >= 0x30 && c <= 0x39) || c === 0x2e) version += String.fromCharCode(c);
    else break;
  }
  return { offset, version };
}

/** False for a truncated file: no "%%EOF" within its last 1 KB. */
export function hasEofMarker(bytes: Uint8Array): boolean {
  return lastIndexOfAscii(bytes, "%%EOF", Math.max(0, bytes.length - EOF_WINDOW)) !== -1;
}
