/**
 * Securing a credential with JOSE (VC-JOSE-COSE, W3C Recommendation): the credential itself is the
 * JWS payload, compact serialisation, header {alg, kid: a DID URL of did.json, typ: "vc+jwt", cty: "vc"}.
 * The result is served as application/vc+jwt.
 */
import { CompactSign } from "jose";
import { CREDENTIAL_ALG, type SigningKey } from "./credential-keys.ts";

export const VC_JWT_MEDIA_TYPE = "application/vc+jwt";

export async function signCredential(
  credential: Record<string, unknown>,
  did: string,
  key: SigningKey,
): Promise<{ jwt: string; kid: string }> {
  const kid = `${did}#${key.thumbprint}`;
  const jwt = await new CompactSign(new TextEncoder().encode(JSON.stringify(credential)))
    .setProtectedHeader({ alg: CREDENTIAL_ALG, kid, typ: "vc+jwt", cty: "vc" })
    .sign(key.key);
  return { jwt, kid };
}
