/**
 * Verifying a credential without the issuer's database, the three checks TradeTrust names:
 *   integrity  the JWS signature verifies with the key its header names;
 *   issuer     that key is a verification method of the issuer's DID document (did:web), listed under
 *              assertionMethod, and the credential's issuer is that DID;
 *   status     the revocation bit of its Bitstring Status List credential (itself a signed vc+jwt of
 *              the same issuer, not expired) is not set.
 * The DID document and the status list come from a resolver: the network (did:web, the list's
 * address) or files (tds-verify's --did and --status-list). Used by tds-verify and the tests; the
 * verification page runs the same checks in the browser (shared/verification/credential-check-script.ts).
 */
import { base64url, compactVerify, decodeProtectedHeader, importJWK, type JWK } from "jose";
import { didDocumentUrl, didOf, type DidDocument } from "./did-web.ts";
import { readStatusBit } from "./status-list.ts";
import { CREDENTIAL_ALG } from "./credential-keys.ts";

export type CheckName = "integrity" | "issuer" | "status";
export interface CheckResult {
  check: CheckName;
  passed: boolean;
  /** Not checked at all (offline, and no status list given): neither passed nor shown to fail. */
  skipped?: boolean;
  detail: string;
}

/** A resolver that has no copy of something (offline) throws this: the check is skipped, not failed. */
export class NotAvailableOffline extends Error {}

export interface Resolver {
  didDocument(did: string): Promise<DidDocument>;
  /** The status list credential (a compact JWS) at this address. */
  statusList(url: string): Promise<string>;
}

export interface VerifyOutcome {
  checks: CheckResult[];
  verified: boolean;
  credential: Record<string, unknown> | null;
}

/** Resolves over HTTP(S): did:web by its rule, the status list by its address. */
export function networkResolver(fetchImpl: typeof fetch = fetch): Resolver {
  const get = async (url: string, accept: string) => {
    const res = await fetchImpl(url, { headers: { accept } });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return res;
  };
  return {
    async didDocument(did) {
      const url = didDocumentUrl(did);
      if (!url) throw new Error(`${did} is not a did:web DID`);
      return (await (await get(url, "application/did+json, application/json")).json()) as DidDocument;
    },
    async statusList(url) {
      return (await (await get(url, "application/vc+jwt")).text()).trim();
    },
  };
}

function decodePayload(jwt: string): Record<string, unknown> {
  const part = jwt.split(".")[1] ?? "";
  const json = new TextDecoder().decode(base64url.decode(part));
  const value = JSON.parse(json) as unknown;
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("the payload is not a JSON object");
  return value as Record<string, unknown>;
}

function issuerId(credential: Record<string, unknown>): string | null {
  const issuer = credential.issuer;
  if (typeof issuer === "string") return issuer;
  if (issuer && typeof issuer === "object" && typeof (issuer as { id?: unknown }).id === "string") return (issuer as { id: string }).id;
  return null;
}

/** The key a DID document gives for this DID URL, if it may assert (sign credentials). */
function assertionKey(doc: DidDocument, kid: string): JWK | null {
  const assertion = new Set((doc.assertionMethod ?? []).map((m) => (typeof m === "string" ? m : (m as { id: string }).id)));
  if (!assertion.has(kid)) return null;
  const method = (doc.verificationMethod ?? []).find((m) => m.id === kid);
  return method?.publicKeyJwk ?? null;
}

/** Signature and header of a vc+jwt with the key its kid names in the DID document; throws why not. */
async function verifyJws(jwt: string, doc: DidDocument, kid: string): Promise<Record<string, unknown>> {
  const jwk = assertionKey(doc, kid);
  if (!jwk) throw new Error(`${kid} is not an assertion key of ${doc.id}`);
  const key = await importJWK({ ...jwk, alg: CREDENTIAL_ALG }, CREDENTIAL_ALG);
  const { payload } = await compactVerify(jwt, key, { algorithms: ["ES256", "EdDSA"] });
  return JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
}

export async function verifyCredentialJwt(jwt: string, resolver: Resolver, now = new Date()): Promise<VerifyOutcome> {
  const checks: CheckResult[] = [];
  const fail = (check: CheckName, detail: string) => checks.push({ check, passed: false, detail });
  const pass = (check: CheckName, detail: string) => checks.push({ check, passed: true, detail });
  let header: { kid?: string; typ?: string; cty?: string };
  let credential: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(jwt.trim());
    credential = decodePayload(jwt.trim());
  } catch (e) {
    for (const c of ["integrity", "issuer", "status"] as const) fail(c, `not a compact JWS: ${(e as Error).message}`);
    return { checks, verified: false, credential: null };
  }
  jwt = jwt.trim();
  const kid = header.kid ?? "";
  const did = issuerId(credential);

  // Issuer identity: the DID resolves, names the key, and is the credential's issuer.
  let doc: DidDocument | null = null;
  try {
    if (!kid.startsWith("did:")) throw new Error("the header has no DID URL as kid");
    if (didOf(kid) !== did) throw new Error(`the key ${kid} is not a key of the credential's issuer ${did}`);
    doc = await resolver.didDocument(did);
    if (doc.id !== did) throw new Error(`the DID document is that of ${doc.id}, not ${did}`);
    if (!assertionKey(doc, kid)) throw new Error(`${kid} is not listed under assertionMethod in ${did}'s DID document`);
    pass("issuer", `${did}; key ${kid.slice(did.length)} is an assertion key of its DID document`);
  } catch (e) {
    fail("issuer", (e as Error).message);
  }

  // Integrity: the signature over header and payload, with that key.
  try {
    if (header.typ !== "vc+jwt" || header.cty !== "vc") throw new Error(`header typ/cty is ${header.typ}/${header.cty}, not vc+jwt/vc`);
    if (!doc) throw new Error("no key to check the signature with (the issuer check failed)");
    await verifyJws(jwt, doc, kid);
    pass("integrity", "the signature verifies: the credential is exactly what the issuer signed");
  } catch (e) {
    fail("integrity", (e as Error).message);
  }

  // Status: the list credential's own signature and validity, then the bit.
  try {
    const entry = credential.credentialStatus as
      | { type?: string; statusPurpose?: string; statusListIndex?: string; statusListCredential?: string }
      | undefined;
    if (entry?.type !== "BitstringStatusListEntry" || !entry.statusListCredential)
      throw new Error("the credential has no BitstringStatusListEntry");
    const listJwt = await resolver.statusList(entry.statusListCredential);
    const listHeader = decodeProtectedHeader(listJwt);
    const listKid = listHeader.kid ?? "";
    if (didOf(listKid) !== did) throw new Error(`the status list is signed by ${didOf(listKid)}, not by the issuer`);
    const listDoc = doc ?? (await resolver.didDocument(did ?? ""));
    const list = await verifyJws(listJwt, listDoc, listKid);
    if (list.id !== entry.statusListCredential)
      throw new Error(`the status list credential is ${String(list.id)}, not ${entry.statusListCredential}`);
    if (typeof list.validUntil === "string" && new Date(list.validUntil) < now)
      throw new Error(`the status list expired at ${list.validUntil}`);
    const subject = list.credentialSubject as { encodedList?: string; statusPurpose?: string };
    if (subject?.statusPurpose !== entry.statusPurpose) throw new Error("the status list is for another purpose");
    const revoked = readStatusBit(String(subject.encodedList ?? ""), Number(entry.statusListIndex));
    if (revoked) fail("status", `revoked (bit ${entry.statusListIndex} of ${entry.statusListCredential} is set)`);
    else
      pass(
        "status",
        `not revoked (bit ${entry.statusListIndex} of ${entry.statusListCredential}, list signed and valid until ${String(list.validUntil)})`,
      );
  } catch (e) {
    if (e instanceof NotAvailableOffline) checks.push({ check: "status", passed: false, skipped: true, detail: e.message });
    else fail("status", (e as Error).message);
  }
  checks.sort((a, b) => ORDER.indexOf(a.check) - ORDER.indexOf(b.check));
  return { checks, verified: checks.every((c) => c.passed), credential };
}

const ORDER: CheckName[] = ["integrity", "issuer", "status"];
