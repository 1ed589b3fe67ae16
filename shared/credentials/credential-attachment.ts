/**
 * The credential as a file embedded in the document's PDF (PDF/A-3 associated file): a verifier who
 * has only the PDF finds it there (`npx tds-verify document.pdf`, or any PDF reader's attachments).
 * AFRelationship "Data": the credential is the data the document presents.
 */
import type { AttachedFile } from "../pdf/attach-file.ts";
import type { StoredCredential } from "./credential-repository.ts";
import { VC_JWT_MEDIA_TYPE } from "./sign-credential.ts";

export const CREDENTIAL_FILE_NAME = "credential.jwt";

export function credentialAttachment(credential: Pick<StoredCredential, "jwt" | "issued_at">, verificationPage: string): AttachedFile {
  return {
    name: CREDENTIAL_FILE_NAME,
    bytes: new TextEncoder().encode(credential.jwt),
    mimeType: VC_JWT_MEDIA_TYPE,
    description: `W3C Verifiable Credential of this document's data (VC-JOSE-COSE compact JWS). Verify it with npx tds-verify or at ${verificationPage}`,
    relationship: "Data",
    modified: new Date(credential.issued_at),
  };
}
