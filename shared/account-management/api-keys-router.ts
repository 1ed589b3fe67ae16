import { z } from "zod";
import { defineRoute, type RouteDef } from "../http/route.ts";
import { AppError } from "../errors/app-error.ts";
import { COMMON_ERRORS, err } from "../http/common-responses.ts";
import { API_KEY_NAME_MAX, createApiKey, listApiKeys, revokeApiKey } from "../accounts/api-key-service.ts";
import { ACCOUNT_MANAGEMENT_ERRORS } from "./account-management-errors.ts";

const tags = ["API keys"];
const KeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe("First characters of the key, to recognise it"),
  created_at: z.string(),
  last_used_at: z.string().nullable().describe("Updated at most once a minute"),
  revoked_at: z.string().nullable(),
});

export const apiKeysRouter: RouteDef[] = [
  defineRoute({
    method: "post",
    path: "/api/v1/api-keys",
    operationId: "createApiKey",
    summary: "Create an API key for the caller's account; the key is shown only in this answer",
    tags,
    auth: "api-key",
    body: z.strictObject({ name: z.string().trim().min(1).max(API_KEY_NAME_MAX) }),
    responses: { 201: { description: "The key", schema: KeySchema.extend({ api_key: z.string() }) }, ...COMMON_ERRORS },
    handler: async (c, { body, principal }) => c.json(await createApiKey(c.var.services.db, principal.accountId, body.name), 201),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/api-keys",
    operationId: "listApiKeys",
    summary: "List the account's keys (never their secrets), revoked ones included",
    tags,
    auth: "api-key",
    responses: { 200: { description: "Keys, newest first", schema: z.object({ api_keys: z.array(KeySchema) }) }, 401: COMMON_ERRORS[401] },
    handler: async (c, { principal }) => c.json({ api_keys: await listApiKeys(c.var.services.db, principal.accountId) }, 200),
  }),
  defineRoute({
    method: "delete",
    path: "/api/v1/api-keys/{id}",
    operationId: "revokeApiKey",
    summary: "Revoke a key; it stops working at once",
    tags,
    auth: "api-key",
    params: z.object({ id: z.string() }),
    responses: { 204: { description: "Revoked" }, 401: COMMON_ERRORS[401], 404: err("No such key in this account (SVC_KEY_001)") },
    handler: async (c, { params, principal }) => {
      const key = await revokeApiKey(c.var.services.db, principal.accountId, params.id);
      if (!key) throw new AppError(ACCOUNT_MANAGEMENT_ERRORS.SVC_KEY_001, "API key not found", { details: { id: params.id } });
      return c.body(null, 204);
    },
  }),
];
