/** Standard padded base64 (RFC 4648 §4) of bytes, on every runtime (btoa/atob); base64url is jose's `base64url`. */
export function bytesToBase64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/** The bytes of standard base64; throws on text that is not base64. */
export function base64ToBytes(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
