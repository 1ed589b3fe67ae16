import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";

/** A signing key as Supabase's Auth server holds it: an asymmetric key pair with a `kid`. */
export interface SigningKey {
  kid: string;
  alg: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function makeSigningKey(kid: string, alg: "ES256" | "RS256" | "EdDSA" = "ES256"): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { kid, alg, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: "sig" } };
}

/** A project key JWT (anon or service_role) signed with the key; `expiresIn` like jose's ("1h", or a past timestamp). */
export function signRoleJwt(key: SigningKey, role: string, options: { exp?: number | string; kid?: string } = {}): Promise<string> {
  return new SignJWT({ role, iss: "supabase" })
    .setProtectedHeader({ alg: key.alg, kid: options.kid ?? key.kid, typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime(options.exp ?? "1h")
    .sign(key.privateKey);
}

/**
 * Serves a JWKS on 127.0.0.1 at /auth/v1/.well-known/jwks.json (Supabase's path) and counts the fetches.
 * `publish` replaces the served keys: a rotation.
 */
export async function startJwksServer(keys: SigningKey[]): Promise<{
  url: string;
  jwksUrl: string;
  fetches(): number;
  publish(keys: SigningKey[]): void;
  close(): Promise<void>;
}> {
  let served = keys;
  let count = 0;
  const server = createServer((req, res) => {
    if (req.url !== "/auth/v1/.well-known/jwks.json") {
      res.writeHead(404).end();
      return;
    }
    count++;
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: served.map((k) => k.publicJwk) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    jwksUrl: `${url}/auth/v1/.well-known/jwks.json`,
    fetches: () => count,
    publish: (next) => (served = next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
