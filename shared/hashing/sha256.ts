/**
 * SHA-256 and HMAC-SHA256 through `node:crypto` (Node, Deno and Supabase Edge all provide it). Text is
 * hashed as its UTF-8 bytes. The hashes are computed synchronously: Web Crypto's `crypto.subtle.digest`
 * gives the same bytes but queues each call as a job and copies its input, which cost about 6 % of a
 * validation request's CPU (two digests: the API key and the validation hash; docs/benchmarks.md). The
 * functions stay async so that callers need not change if a runtime ever lacks node:crypto.
 */
import { createHash, createHmac } from "node:crypto";

export function sha256Sync(data: string | Uint8Array): Uint8Array {
  return new Uint8Array(createHash("sha256").update(data).digest());
}

/** The digest as 64 lowercase hex digits (node:crypto writes the hex itself: no bytes-to-text loop). */
export function sha256HexSync(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

export async function sha256(data: string | Uint8Array): Promise<Uint8Array> {
  return sha256Sync(data);
}

/** The digest as 64 lowercase hex digits. */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  return sha256HexSync(data);
}

export async function hmacSha256(key: string | Uint8Array, message: string | Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(createHmac("sha256", key).update(message).digest());
}
