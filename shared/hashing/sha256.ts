/**
 * SHA-256 and HMAC-SHA256 through Web Crypto (`crypto.subtle`): the same code on Node, Deno and
 * Supabase Edge. Text is hashed as its UTF-8 bytes.
 */
import { bytesToHex } from "./bytes-to-hex.ts";

const encoder = new TextEncoder();

function bytesOf(data: string | Uint8Array): Uint8Array<ArrayBuffer> {
  return (typeof data === "string" ? encoder.encode(data) : data) as Uint8Array<ArrayBuffer>;
}

export async function sha256(data: string | Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytesOf(data)));
}

/** The digest as 64 lowercase hex digits. */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  return bytesToHex(await sha256(data));
}

export async function hmacSha256(key: string | Uint8Array, message: string | Uint8Array): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey("raw", bytesOf(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, bytesOf(message)));
}
