/**
 * Random tokens (Web Crypto, so the same on Node, Deno and Supabase Edge), base64url without padding
 * by jose: API keys, session cookies, invitation tokens. Where a token is a credential only its SHA-256
 * is stored, so a database read does not give a usable one.
 */
import { base64url } from "jose";

/** `bytes` random bytes, base64url (32 bytes: 43 characters). */
export function randomToken(bytes = 32): string {
  return base64url.encode(crypto.getRandomValues(new Uint8Array(bytes)));
}
