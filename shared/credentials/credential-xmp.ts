/**
 * The credential in a document's XMP metadata: how the PDF/A-2b copy made by flatten-document carries it.
 * PDF/A-2 (ISO 19005-2 6.8) allows embedded files only when they are PDF/A themselves, so the compact JWS
 * cannot stay an embedded file there; XMP may hold any property its packet describes in a PDF/A extension
 * schema (6.6.2.3), and the metadata stream is unfiltered (6.6.2.1), so the JWS is readable even with a
 * text tool. The namespace is the credential's own (not tds:, the hash stamp's), so that a reader needs
 * only this one property and the packet's description of it.
 *
 * Pure: the schema to write, and the JWS read back from an XMP packet (element or attribute form, any
 * prefix bound to the namespace, since XMP editors may rewrite the packet).
 */
import type { XmpExtensionSchema } from "../pdf/xmp.ts";

export const CREDENTIAL_XMP_NAMESPACE = "urn:trade-document-service:xmp:credential:1.0#";
export const CREDENTIAL_XMP_PREFIX = "tdsvc";
export const CREDENTIAL_XMP_PROPERTY = "credential";

/** The extension schema (with its value) that puts the credential's compact JWS into the XMP packet. */
export function credentialXmpSchema(jwt: string, verificationPage: string): XmpExtensionSchema {
  return {
    schema: "Trade Document Service verifiable credential",
    namespaceURI: CREDENTIAL_XMP_NAMESPACE,
    prefix: CREDENTIAL_XMP_PREFIX,
    properties: [
      {
        name: CREDENTIAL_XMP_PROPERTY,
        valueType: "Text",
        category: "external",
        description: `W3C Verifiable Credential of this document's data (VC-JOSE-COSE compact JWS, application/vc+jwt). Verify it with npx tds-verify or at ${verificationPage}`,
        value: jwt,
      },
    ],
  };
}

const JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The compact JWS in an XMP packet's credential property, or null when it has none (or not a JWS). */
export function readCredentialFromXmp(xmp: string): string | null {
  const namespace = escapeRegExp(CREDENTIAL_XMP_NAMESPACE);
  for (const binding of xmp.matchAll(new RegExp(`xmlns:([A-Za-z_][\\w.-]*)\\s*=\\s*(["'])${namespace}\\2`, "g"))) {
    const name = escapeRegExp(`${binding[1]}:${CREDENTIAL_XMP_PROPERTY}`);
    const found =
      new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`).exec(xmp) ?? new RegExp(`\\s${name}\\s*=\\s*["']\\s*([^"']*?)\\s*["']`).exec(xmp);
    if (found && JWS.test(found[1])) return found[1];
  }
  return null;
}
