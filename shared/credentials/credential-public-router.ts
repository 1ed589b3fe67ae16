/**
 * The public addresses of the credentials (served by the verify-hash function; the gateway maps the
 * root addresses that did:web and the credentials name):
 *   /.well-known/did.json                           the issuer's DID document
 *   /credentials/{id}                               a document's credential (application/vc+jwt)
 *   /credentials/status/{list}                      a Bitstring Status List credential (application/vc+jwt)
 *   /credentials/contexts/trade-documents/v1        our JSON-LD context
 *   /credentials/schemas/trade-documents/v1         our JSON Schema
 */
import { z } from "zod";
import { defineRoute, type RouteDef } from "../http/route.ts";
import { AppError } from "../errors/app-error.ts";
import { err } from "../http/common-responses.ts";
import { credentialKeys } from "./credential-keys.ts";
import { buildDidDocument, didWebFor } from "./did-web.ts";
import { findCredential } from "./credential-repository.ts";
import { statusListCredentialJwt } from "./status-list-credential.ts";
import { tradeDocumentsContext, tradeDocumentsSchema, VOCABULARY_VERSION } from "./credential-vocabulary.ts";
import { VC_JWT_MEDIA_TYPE } from "./sign-credential.ts";
import { CREDENTIALS_ERRORS } from "./credentials-errors.ts";

export const CREDENTIALS_PREFIX = "/functions/v1/verify-hash";

const DidDocumentSchema = z.object({
  "@context": z.array(z.string()),
  id: z.string(),
  verificationMethod: z.array(
    z.object({
      id: z.string(),
      type: z.literal("JsonWebKey"),
      controller: z.string(),
      publicKeyJwk: z.looseObject({ kty: z.string().optional() }),
    }),
  ),
  assertionMethod: z.array(z.string()),
});

const PUBLIC_CORS = { "access-control-allow-origin": "*" };

/** The context or the JSON Schema of the credentials' vocabulary: a public document of its one version. */
function vocabularyRoute(o: {
  folder: "contexts" | "schemas";
  operationId: string;
  summary: string;
  description: string;
  what: string;
  contentType: string;
  document: (publicBaseUrl: string) => unknown;
}): RouteDef {
  return defineRoute({
    method: "get",
    path: `${CREDENTIALS_PREFIX}/credentials/${o.folder}/trade-documents/{version}`,
    operationId: o.operationId,
    summary: o.summary,
    tags: ["Verification"],
    auth: "public",
    params: z.object({ version: z.string().max(10) }),
    responses: {
      200: { description: o.description, contentType: o.contentType },
      404: err("No such version (SVC_VC_001)"),
    },
    handler: (c, { params }) => {
      if (params.version !== VOCABULARY_VERSION)
        throw new AppError(CREDENTIALS_ERRORS.SVC_VC_001, `No ${o.what} version ${params.version}`);
      return c.body(JSON.stringify(o.document(c.var.services.config.publicBaseUrl), null, 2), 200, {
        "content-type": o.contentType,
        "cache-control": "public, max-age=86400",
        ...PUBLIC_CORS,
      });
    },
  });
}

export const credentialPublicRouter: RouteDef[] = [
  defineRoute({
    method: "get",
    path: `${CREDENTIALS_PREFIX}/did.json`,
    operationId: "getDidDocument",
    summary: "Public: the issuer's did:web DID document (also at /.well-known/did.json)",
    description:
      "Every key that signed credentials still valid, as JsonWebKey verification methods under assertionMethod; the first signs new credentials.",
    tags: ["Verification"],
    auth: "public",
    responses: { 200: { description: "The DID document", schema: DidDocumentSchema } },
    handler: async (c) => {
      const { config } = c.var.services;
      const keys = await credentialKeys(config);
      c.header("cache-control", "public, max-age=300");
      for (const [k, v] of Object.entries(PUBLIC_CORS)) c.header(k, v);
      return c.json(buildDidDocument(didWebFor(config.publicBaseUrl), keys.published), 200);
    },
  }),
  defineRoute({
    method: "get",
    path: `${CREDENTIALS_PREFIX}/credentials/status/{list}`,
    operationId: "getStatusListCredential",
    summary: "Public: a Bitstring Status List credential (revocation), signed, as application/vc+jwt",
    tags: ["Verification"],
    auth: "public",
    params: z.object({ list: z.string().max(12) }),
    responses: {
      200: { description: "The status list credential (compact JWS)", contentType: VC_JWT_MEDIA_TYPE },
      404: err("No such status list (SVC_VC_001)"),
    },
    handler: async (c, { params }) => {
      const list = /^[1-9][0-9]{0,8}$/.test(params.list) ? Number(params.list) : 0;
      const jwt = await statusListCredentialJwt(c.var.services, list);
      if (!jwt) throw new AppError(CREDENTIALS_ERRORS.SVC_VC_001, "No such status list", { details: { list: params.list } });
      return c.body(jwt, 200, { "content-type": VC_JWT_MEDIA_TYPE, "cache-control": "public, max-age=60", ...PUBLIC_CORS });
    },
  }),
  vocabularyRoute({
    folder: "contexts",
    operationId: "getCredentialContext",
    summary: "Public: the JSON-LD context of the service's trade document credentials",
    description: "The context",
    what: "context",
    contentType: "application/ld+json",
    document: tradeDocumentsContext,
  }),
  vocabularyRoute({
    folder: "schemas",
    operationId: "getCredentialSchema",
    summary: "Public: the JSON Schema (2020-12) of the service's trade document credentials",
    description: "The JSON Schema",
    what: "schema",
    contentType: "application/schema+json",
    document: tradeDocumentsSchema,
  }),
  defineRoute({
    method: "get",
    path: `${CREDENTIALS_PREFIX}/credentials/{id}`,
    operationId: "getCredential",
    summary: "Public: the verifiable credential of a generated document, as application/vc+jwt",
    description: "Its address is the credential's id. Revoked credentials are still served: their status says revoked.",
    tags: ["Verification"],
    auth: "public",
    params: z.object({ id: z.string().max(100) }),
    responses: {
      200: { description: "The credential (compact JWS, VC-JOSE-COSE)", contentType: VC_JWT_MEDIA_TYPE },
      404: err("No such credential (SVC_VC_001)"),
    },
    handler: async (c, { params }) => {
      const found = await findCredential(c.var.services.db, params.id);
      if (!found) throw new AppError(CREDENTIALS_ERRORS.SVC_VC_001, "No such credential", { details: { id: params.id } });
      return c.body(found.jwt, 200, { "content-type": VC_JWT_MEDIA_TYPE, "cache-control": "public, max-age=3600", ...PUBLIC_CORS });
    },
  }),
];
