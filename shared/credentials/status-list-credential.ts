/**
 * The Bitstring Status List credential of list n: built from the revoked rows on request and signed
 * like every credential (a vc+jwt of the same issuer). validUntil bounds how long a verifier may rely
 * on a copy it keeps (offline); the HTTP answer may be cached for a minute.
 */
import type { Db } from "../db/types.ts";
import type { Config } from "../runtime/config.ts";
import { VC_V2_CONTEXT } from "./credential-vocabulary.ts";
import { credentialKeys } from "./credential-keys.ts";
import { didWebFor } from "./did-web.ts";
import { isoSeconds, statusListUrl } from "./build-credential.ts";
import { signCredential } from "./sign-credential.ts";
import { encodeStatusList } from "./status-list.ts";
import { latestList, revokedIndexes } from "./credential-repository.ts";

export const STATUS_LIST_VALIDITY_MS = 24 * 3600_000;

export function buildStatusListCredential(baseUrl: string, did: string, list: number, encodedList: string, now: Date) {
  const id = statusListUrl(baseUrl, list);
  return {
    "@context": [VC_V2_CONTEXT],
    id,
    type: ["VerifiableCredential", "BitstringStatusListCredential"],
    issuer: did,
    validFrom: isoSeconds(now),
    validUntil: isoSeconds(new Date(now.getTime() + STATUS_LIST_VALIDITY_MS)),
    credentialSubject: { id: `${id}#list`, type: "BitstringStatusList", statusPurpose: "revocation", encodedList },
  };
}

/** The signed list, or null for a list number the service has not started. */
export async function statusListCredentialJwt(
  services: { db: Db; config: Pick<Config, "publicBaseUrl" | "credentialKeys" | "localDevelopment" | "dataDir"> },
  list: number,
  now = new Date(),
): Promise<string | null> {
  const { db, config } = services;
  if (!Number.isSafeInteger(list) || list < 1 || list > (await latestList(db))) return null;
  const did = didWebFor(config.publicBaseUrl);
  const encoded = encodeStatusList(await revokedIndexes(db, list));
  const { jwt } = await signCredential(
    buildStatusListCredential(config.publicBaseUrl, did, list, encoded, now),
    did,
    (await credentialKeys(config)).signing,
  );
  return jwt;
}
