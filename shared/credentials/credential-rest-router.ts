/** The credential of an account's document, and its revocation (REST, API key). */
import { z } from "zod";
import { defineRoute, type RouteDef } from "../http/route.ts";
import { COMMON_ERRORS, err } from "../http/common-responses.ts";
import { revokeDocumentCredential, credentialOfDocument } from "./revoke-credential.ts";
import { credentialUrl } from "./build-credential.ts";
import { VC_JWT_MEDIA_TYPE } from "./sign-credential.ts";

const JobParam = z.object({ jobId: z.string().max(100) });

const CredentialStatusSchema = z.object({
  job_id: z.string(),
  credential_id: z.string(),
  credential_url: z.string().describe("The public address of the credential (application/vc+jwt); also its id"),
  status_list_credential: z.string(),
  status_list_index: z.number().int(),
  revoked: z.boolean(),
  revoked_at: z.string().nullable(),
  revocation_reason: z.enum(["superseded", "revoked"]).nullable().describe("superseded: a regeneration replaced it"),
  supersedes: z.string().nullable().describe("The credential this one replaced"),
});

export const credentialsRouter: RouteDef[] = [
  defineRoute({
    method: "get",
    path: "/api/v1/documents/{jobId}/credential",
    operationId: "getDocumentCredential",
    summary: "The verifiable credential of a generated document (application/vc+jwt)",
    tags: ["Documents"],
    auth: "api-key",
    params: JobParam,
    responses: {
      200: { description: "The credential (compact JWS)", contentType: VC_JWT_MEDIA_TYPE },
      401: COMMON_ERRORS[401],
      404: err("No such document in this account (SVC_DOC_001)"),
      409: err("Not issued yet: the document has not been generated (SVC_VC_002)"),
    },
    handler: async (c, { params, principal }) => {
      const credential = await credentialOfDocument(c.var.services.db, principal.accountId, params.jobId);
      return c.body(credential.jwt, 200, { "content-type": VC_JWT_MEDIA_TYPE, "cache-control": "private, no-store" });
    },
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/documents/{jobId}/revoke",
    operationId: "revokeDocumentCredential",
    summary: "Revoke a document's credential: its status list bit is set, verifiers see it as revoked",
    description: "Idempotent: revoking again answers the first revocation. The document's hash stays verifiable at /verify/<hash>.",
    tags: ["Documents"],
    auth: "api-key",
    params: JobParam,
    responses: {
      200: { description: "Revoked", schema: CredentialStatusSchema },
      401: COMMON_ERRORS[401],
      404: err("No such document in this account (SVC_DOC_001)"),
      409: err("Not issued yet (SVC_VC_002)"),
    },
    handler: async (c, { params, principal }) => {
      const { db, config } = c.var.services;
      const revoked = await revokeDocumentCredential(db, principal.accountId, params.jobId);
      const base = config.publicBaseUrl;
      return c.json(
        {
          job_id: revoked.job_id,
          credential_id: revoked.id,
          credential_url: credentialUrl(base, revoked.id),
          status_list_credential: `${base}/credentials/status/${revoked.status_list}`,
          status_list_index: revoked.status_index,
          revoked: revoked.revoked_at !== null,
          revoked_at: revoked.revoked_at,
          revocation_reason: revoked.revocation_reason,
          supersedes: revoked.supersedes ? credentialUrl(base, revoked.supersedes) : null,
        },
        200,
      );
    },
  }),
];
