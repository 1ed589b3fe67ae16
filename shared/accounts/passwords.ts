import { randomBytes, scrypt } from "node:crypto";
import { timingSafeEqualBytes } from "../hashing/constant-time.ts";

/**
 * Password hashing with scrypt from node:crypto: memory-hard, built into Node, Deno (node:crypto) and the
 * Supabase Edge Runtime, so no native addon or wasm. N=2^15, r=8, p=1 uses 32 MiB per hash and takes
 * ~50–100 ms on one core (OWASP's minimum for scrypt is N=2^17 with r=8 p=1 *or* equivalent trade-offs;
 * see docs/dashboard.md for why these values). The stored form names its parameters, so they can be
 * raised later: a hash with older parameters is re-hashed at the next sign-in.
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;
const MAXMEM = 128 * SCRYPT_PARAMS.N * SCRYPT_PARAMS.r * 2;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, keyLength, { N, r, p, maxmem: Math.max(MAXMEM, 128 * N * r * 2) }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength, saltLength } = SCRYPT_PARAMS;
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, N, r, p, keyLength);
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

/** Checks a password against a stored hash; `rehash` says the hash uses weaker parameters than today's. */
export async function verifyPassword(password: string, stored: string): Promise<{ ok: boolean; rehash: boolean }> {
  const m = stored.match(/^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/);
  if (!m) return { ok: false, rehash: false };
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const salt = Buffer.from(m[4], "base64");
  const expected = Buffer.from(m[5], "base64");
  const key = await derive(password, salt, N, r, p, expected.length);
  const ok = timingSafeEqualBytes(key, expected);
  return { ok, rehash: ok && (N < SCRYPT_PARAMS.N || r < SCRYPT_PARAMS.r) };
}

/** A hash of a random password: compared against when the email is unknown, so timing does not tell. */
let dummy: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString("hex"));
  return dummy;
}

/** Why a new password is refused, in words, or null. */
export function passwordProblem(password: string, email: string | null): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `The password needs at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `The password may have at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (email && password.toLowerCase().includes(email.toLowerCase().split("@")[0]) && email.split("@")[0].length >= 4) {
    return "The password must not contain your email address.";
  }
  if (new Set(password).size < 5) return "The password repeats too few different characters.";
  return null;
}
