/**
 * The keys that sign credentials. A key set is a JSON Web Key Set of P-256 keys: the first, with its
 * private part, signs; the others are earlier keys, kept (public part only) so that did.json still
 * lists them while the credentials they signed are valid. A deployment sets TDS_CREDENTIAL_KEYS
 * (refused at start when missing, production-secrets.ts); local development makes a key on first use
 * and keeps it in the data folder. Rotation (`npm run credentials:rotate-key`) puts a new key first.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JSONWebKeySet, type JWK } from "jose";
import type { Config } from "../runtime/config.ts";

export const CREDENTIAL_ALG = "ES256";
export const LOCAL_KEY_FILE = "credential-keys.json";

export interface CredentialKeySet {
  keys: JWK[];
}

export interface SigningKey {
  /** The JWK thumbprint (RFC 7638): the fragment of the key's DID URL. */
  thumbprint: string;
  key: CryptoKey;
}

/** A new P-256 key pair as a private JWK (with `alg`, for readers that need it). */
export async function generateCredentialKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(CREDENTIAL_ALG, { extractable: true });
  return { ...(await exportJWK(privateKey)), alg: CREDENTIAL_ALG };
}

/** The public part of a key: what did.json shows and what an earlier key keeps after a rotation. */
export function publicJwk(jwk: JWK): JWK {
  const { kty, crv, x, y } = jwk;
  return { kty, crv, x, y, alg: CREDENTIAL_ALG };
}

/** The new key first; every earlier key keeps only its public part (it never signs again). */
export function rotateKeySet(current: CredentialKeySet | null, next: JWK): CredentialKeySet {
  const earlier = (current?.keys ?? []).map(publicJwk);
  return { keys: [next, ...earlier] };
}

export function parseKeySet(text: string): CredentialKeySet {
  const parsed = JSON.parse(text) as { keys?: unknown };
  if (!parsed || !Array.isArray(parsed.keys) || parsed.keys.length === 0) throw new Error('not a key set: expected {"keys": [...]}');
  const keys = parsed.keys as JWK[];
  if (!keys.every((k) => k.kty === "EC" && k.crv === "P-256" && k.x && k.y))
    throw new Error("every credential key must be an EC P-256 JWK");
  if (!keys[0].d) throw new Error('the first key signs, so it needs its private part "d"');
  return { keys };
}

export function thumbprintOf(jwk: JWK): Promise<string> {
  return calculateJwkThumbprint({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, "sha256");
}

async function localKeySet(dataDir: string): Promise<CredentialKeySet> {
  const { link, mkdir, readFile, unlink, writeFile } = await import("node:fs/promises");
  const { join } = await import("node:path");
  const file = join(dataDir, LOCAL_KEY_FILE);
  try {
    return parseKeySet(await readFile(file, "utf8"));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw new Error(`${file}: ${(e as Error).message}`);
  }
  const set = rotateKeySet(null, await generateCredentialKey());
  await mkdir(dataDir, { recursive: true });
  // Written whole under a temporary name, then linked to its own: a process killed mid-write leaves no
  // truncated key file behind, and link fails with EEXIST when another process's file came first.
  const tmp = `${file}.${crypto.randomUUID()}.tmp`;
  await writeFile(tmp, `${JSON.stringify(set, null, 2)}\n`, { mode: 0o600 });
  try {
    await link(tmp, file);
    return set;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    return parseKeySet(await readFile(file, "utf8"));
  } finally {
    await unlink(tmp).catch(() => {});
  }
}

/** Where the key set of this configuration is: the secret, else (local development) the data folder. */
export async function readKeySet(config: Pick<Config, "credentialKeys" | "localDevelopment" | "dataDir">): Promise<CredentialKeySet> {
  if (config.credentialKeys) return { keys: (config.credentialKeys as JSONWebKeySet).keys as JWK[] };
  if (!config.localDevelopment) throw new Error("TDS_CREDENTIAL_KEYS is not set: a deployment signs credentials with its own key");
  return localKeySet(config.dataDir);
}

export interface LoadedKeys {
  signing: SigningKey;
  /** Every key's public JWK with its thumbprint, the signing key first (did.json). */
  published: { thumbprint: string; jwk: JWK }[];
}

const loaded = new WeakMap<object, Promise<LoadedKeys>>();

/** The keys of a configuration, read and imported once per process. */
export function credentialKeys(config: Pick<Config, "credentialKeys" | "localDevelopment" | "dataDir">): Promise<LoadedKeys> {
  let keys = loaded.get(config);
  if (!keys) {
    keys = (async () => {
      const set = await readKeySet(config);
      const published = await Promise.all(set.keys.map(async (k) => ({ thumbprint: await thumbprintOf(k), jwk: publicJwk(k) })));
      const key = (await importJWK({ ...set.keys[0], alg: CREDENTIAL_ALG }, CREDENTIAL_ALG)) as CryptoKey;
      return { signing: { thumbprint: published[0].thumbprint, key }, published };
    })();
    keys.catch(() => loaded.delete(config));
    loaded.set(config, keys);
  }
  return keys;
}

/**
 * Rotation of the local key file (local development): a new key signs from the next start on; the
 * earlier ones stay in the file and in did.json, public part only. Returns the new key set.
 */
export async function rotateLocalKeyFile(dataDir: string): Promise<CredentialKeySet> {
  const { mkdir, readFile, rename, writeFile } = await import("node:fs/promises");
  const { join } = await import("node:path");
  const file = join(dataDir, LOCAL_KEY_FILE);
  let current: CredentialKeySet | null = null;
  try {
    current = parseKeySet(await readFile(file, "utf8"));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw new Error(`${file}: ${(e as Error).message}`);
  }
  const next = rotateKeySet(current, await generateCredentialKey());
  await mkdir(dataDir, { recursive: true });
  // Written beside and renamed over: a crash never leaves a half-written key file.
  await writeFile(`${file}.tmp`, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  await rename(`${file}.tmp`, file);
  return next;
}
