/**
 * did:web (W3C CCG did:web method): the issuer's DID is derived from PUBLIC_BASE_URL, and its DID
 * document is the file the service serves at the matching address:
 *   https://docs.example.com        → did:web:docs.example.com            → /.well-known/did.json
 *   https://example.com/tds         → did:web:example.com:tds             → /tds/did.json
 *   http://127.0.0.1:54321 (local)  → did:web:127.0.0.1%3A54321           → /.well-known/did.json
 * The method resolves over HTTPS only; a loopback host (local development) is resolved over HTTP.
 */
import type { JWK } from "jose";
import { isLoopbackHost } from "../runtime/production-secrets.ts";

export function didWebFor(publicBaseUrl: string): string {
  const url = new URL(publicBaseUrl);
  const host = url.port ? `${url.hostname}%3A${url.port}` : url.hostname;
  const path = url.pathname.split("/").filter(Boolean).map(encodeURIComponent);
  return ["did:web", host, ...path].join(":");
}

/** The address of a did:web DID's document, or null when the string is not a did:web DID. */
export function didDocumentUrl(did: string): string | null {
  const m = /^did:web:([^:#?/]+)((?::[^:#?/]+)*)$/.exec(did);
  if (!m) return null;
  const host = decodeURIComponent(m[1]);
  const path = m[2] ? m[2].slice(1).split(":").map(decodeURIComponent) : [];
  const scheme = isLoopbackHost(host.replace(/:\d+$/, "")) ? "http" : "https";
  return path.length ? `${scheme}://${host}/${path.join("/")}/did.json` : `${scheme}://${host}/.well-known/did.json`;
}

/** The DID of a DID URL (`did:web:host#key` → `did:web:host`). */
export function didOf(didUrl: string): string {
  return didUrl.split("#")[0];
}

export interface DidDocument {
  "@context": string[];
  id: string;
  verificationMethod: { id: string; type: "JsonWebKey"; controller: string; publicKeyJwk: JWK }[];
  assertionMethod: string[];
}

/** Every published key as a JsonWebKey verification method, each one allowed to assert (sign credentials). */
export function buildDidDocument(did: string, keys: readonly { thumbprint: string; jwk: JWK }[]): DidDocument {
  const methods = keys.map((k) => ({
    id: `${did}#${k.thumbprint}`,
    type: "JsonWebKey" as const,
    controller: did,
    publicKeyJwk: k.jwk,
  }));
  return {
    "@context": ["https://www.w3.org/ns/did/v1", "https://www.w3.org/ns/cid/v1"],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((m) => m.id),
  };
}
