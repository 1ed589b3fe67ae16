/**
 * Webhook secrets: format, signatures and encryption at rest (WebCrypto only, so it runs on Node, Deno
 * and the Supabase Edge Runtime alike).
 *
 * A secret is `whsec_` + standard base64 of 24–64 random bytes (generated ones: 32 bytes), the Standard
 * Webhooks format. One string serves both signatures:
 * - `X-Service-Signature: sha256=<hex>`: HMAC-SHA256 of the raw body keyed with the whole secret string
 *   as UTF-8 (what GitHub-style verifiers such as @octokit/webhooks-methods `verify(secret, …)` do);
 * - `webhook-signature: v1,<base64>`: HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed with
 *   the base64-decoded bytes after `whsec_`, signed by the Standard Webhooks library itself (`Webhook.sign`
 *   with the key bytes this module has checked), so the format is the reference implementation's.
 */
import { base64url } from "jose";
import { Webhook } from "standardwebhooks";
import { base64ToBytes, bytesToBase64 } from "../hashing/base64.ts";
import { bytesToHex } from "../hashing/bytes-to-hex.ts";
import { hmacSha256 } from "../hashing/sha256.ts";

export const SECRET_PREFIX = "whsec_";
const GENERATED_SECRET_BYTES = 32;
export const MIN_SECRET_BYTES = 24;
export const MAX_SECRET_BYTES = 64;

const encoder = new TextEncoder();

export function generateWebhookSecret(): string {
  return SECRET_PREFIX + bytesToBase64(crypto.getRandomValues(new Uint8Array(GENERATED_SECRET_BYTES)));
}

/** The key bytes of a well-formed secret, or null: canonical padded base64 of 24–64 bytes after `whsec_`. */
export function secretKeyBytes(secret: string): Uint8Array | null {
  if (!secret.startsWith(SECRET_PREFIX)) return null;
  const b64 = secret.slice(SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 !== 0) return null;
  let bytes: Uint8Array;
  try {
    bytes = base64ToBytes(b64);
  } catch {
    return null;
  }
  if (bytes.length < MIN_SECRET_BYTES || bytes.length > MAX_SECRET_BYTES) return null;
  return bytesToBase64(bytes) === b64 ? bytes : null;
}

export function isValidWebhookSecret(secret: string): boolean {
  return secretKeyBytes(secret) !== null;
}

/** What lists show instead of the secret: `whsec_` and the next 4 characters. */
export function secretPrefix(secret: string): string {
  return secret.slice(0, SECRET_PREFIX.length + 4);
}

/** `sha256=<lowercase hex>` over the raw body, keyed with the secret string (UTF-8). */
export async function serviceSignature(secret: string, body: string): Promise<string> {
  return `sha256=${bytesToHex(await hmacSha256(secret, body))}`;
}

/** `v1,<base64>` over `{id}.{timestamp}.{body}`, keyed with the decoded secret (Standard Webhooks). */
export function standardSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = secretKeyBytes(secret);
  if (!key) throw new Error("malformed webhook secret");
  return new Webhook(key, { format: "raw" }).sign(id, new Date(timestampSeconds * 1000), body);
}

export interface SignedHeaders {
  "content-type": string;
  "x-service-signature": string;
  "x-service-timestamp": string;
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/**
 * Every signature header of one attempt. `extraSecrets` (a previous secret during its rotation grace
 * period) add further space-separated `webhook-signature` values; X-Service-Signature has room for one.
 */
export async function signDelivery(
  secret: string,
  input: { id: string; timestampSeconds: number; body: string; extraSecrets?: string[] },
): Promise<SignedHeaders> {
  const ts = input.timestampSeconds;
  const signatures = [secret, ...(input.extraSecrets ?? [])].map((s) => standardSignature(s, input.id, ts, input.body));
  return {
    "content-type": "application/json",
    "x-service-signature": await serviceSignature(secret, input.body),
    "x-service-timestamp": String(ts),
    "webhook-id": input.id,
    "webhook-timestamp": String(ts),
    "webhook-signature": signatures.join(" "),
  };
}

// ---- Encryption at rest -------------------------------------------------------------------------

const keyCache = new Map<string, Promise<CryptoKey>>();

/** AES-256-GCM key derived with HKDF-SHA256 from the configured key material. */
function encryptionKey(material: string): Promise<CryptoKey> {
  let key = keyCache.get(material);
  if (!key) {
    key = (async () => {
      const ikm = await crypto.subtle.importKey("raw", encoder.encode(material), "HKDF", false, ["deriveKey"]);
      return crypto.subtle.deriveKey(
        { name: "HKDF", hash: "SHA-256", salt: encoder.encode("tds-webhook-secrets"), info: encoder.encode("v1") },
        ikm,
        { name: "AES-GCM", length: 256 },
        false,
        ["encrypt", "decrypt"],
      );
    })();
    keyCache.set(material, key);
  }
  return key;
}

/** `v1.<iv>.<ciphertext+tag>` (base64url); the subscription id is bound as additional data. */
export async function encryptSecret(material: string, subscriptionId: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(subscriptionId) },
    await encryptionKey(material),
    encoder.encode(secret),
  );
  return `v1.${base64url.encode(iv)}.${base64url.encode(new Uint8Array(ct))}`;
}

/** The secret, or null when it cannot be read (another key, another row, or tampered with). */
export async function decryptSecret(material: string, subscriptionId: string, stored: string): Promise<string | null> {
  const parts = stored.split(".");
  if (parts.length !== 3 || parts[0] !== "v1") return null;
  try {
    const pt = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: base64url.decode(parts[1]) as BufferSource, additionalData: encoder.encode(subscriptionId) },
      await encryptionKey(material),
      base64url.decode(parts[2]) as BufferSource,
    );
    return new TextDecoder().decode(pt);
  } catch {
    return null;
  }
}
