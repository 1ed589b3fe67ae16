/**
 * Bitstring Status List v1.0 (W3C Recommendation): a list of LIST_SIZE bits, bit i set when the
 * credential at index i is revoked; GZIP-compressed and multibase-encoded (base64url, prefix "u").
 * Bit 0 is the most significant bit of the first byte (the Recommendation's order).
 */
import { gunzipSync, gzipSync } from "fflate";
import { base64url } from "jose";

/** The Recommendation's minimum, which gives each credential herd privacy among 131,072 entries. */
export const LIST_SIZE = 131_072;

export function encodeStatusList(setIndexes: Iterable<number>, size = LIST_SIZE): string {
  const bits = new Uint8Array(size / 8);
  for (const i of setIndexes) {
    if (!Number.isInteger(i) || i < 0 || i >= size) throw new RangeError(`status index ${i} is outside the list`);
    bits[i >> 3] |= 0x80 >> (i & 7);
  }
  // mtime 0: the same revocations always give the same list.
  return `u${base64url.encode(gzipSync(bits, { mtime: 0 }))}`;
}

/** The bit at index of an encoded list; throws on a list that is not multibase base64url GZIP. */
export function readStatusBit(encodedList: string, index: number): boolean {
  if (!encodedList.startsWith("u")) throw new Error("encodedList is not multibase base64url (no leading u)");
  const bits = gunzipSync(base64url.decode(encodedList.slice(1)));
  if (bits.length * 8 < LIST_SIZE) throw new Error(`the status list has ${bits.length * 8} entries, fewer than ${LIST_SIZE}`);
  if (!Number.isInteger(index) || index < 0 || index >= bits.length * 8) throw new RangeError(`status index ${index} is outside the list`);
  return (bits[index >> 3] & (0x80 >> (index & 7))) !== 0;
}
