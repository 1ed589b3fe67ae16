/**
 * Random tokens of the dashboard (Web Crypto: the same on Node, Deno and Supabase Edge). Tokens are
 * stored only as their SHA-256 (sha256Hex of hashing/sha256.ts), so a database read does not give a
 * usable session or invitation.
 */

export function base64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** 32 random bytes, base64url (43 characters): session cookies, invitation tokens. */
export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Constant-time comparison of two strings (length is not secret here). */
export function timingSafeEqualText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
