import { sha256 } from "./sha256.ts";

/** The one constant-time comparison: every byte is compared, whatever the first difference (length is not secret). */
export function timingSafeEqualBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/** Two strings compared in constant time, UTF-16 code unit by code unit (length is not secret here). */
export function timingSafeEqualText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * A set of configured keys that a candidate is compared with in constant time: both sides are hashed
 * to 32 bytes first (so neither the length nor a common prefix shows in the timing), and every
 * configured key is compared in full, without stopping at a match.
 */
export function createKeyMatcher(keys: readonly string[]): (candidate: string) => Promise<boolean> {
  const digests = Promise.all(keys.map(sha256));
  return async (candidate) => {
    const wanted = await sha256(candidate);
    let matched = 0;
    for (const digest of await digests) matched |= timingSafeEqualBytes(digest, wanted) ? 1 : 0;
    return matched === 1;
  };
}
