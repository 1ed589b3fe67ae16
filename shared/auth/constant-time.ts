import { sha256 } from "../hashing/sha256.ts";

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
    for (const digest of await digests) {
      let diff = 0;
      for (let i = 0; i < digest.length; i++) diff |= digest[i] ^ wanted[i];
      matched |= diff === 0 ? 1 : 0;
    }
    return matched === 1;
  };
}
