/** API keys: `tds_` + 40 characters of base64url randomness (240 bits). Only the SHA-256 is stored. */
import { sha256Hex } from "../hashing/sha256.ts";
import { randomToken } from "./random-token.ts";

export const API_KEY_PREFIX = "tds_";
const SHOWN_PREFIX_LENGTH = 12;

export function generateApiKey(): { key: string; prefix: string } {
  const key = API_KEY_PREFIX + randomToken(30);
  return { key, prefix: key.slice(0, SHOWN_PREFIX_LENGTH) };
}

export function looksLikeApiKey(value: string): boolean {
  return /^tds_[A-Za-z0-9_-]{40}$/.test(value);
}

/** A fast hash is right here: keys carry 240 random bits, so there is nothing to brute-force. */
export function hashApiKey(key: string): Promise<string> {
  return sha256Hex(key);
}
