import { z } from "zod";
import { defineRoute, type RouteDef } from "../http/route.ts";
import { AppError } from "../errors/app-error.ts";
import { COMMON_ERRORS, err } from "../http/common-responses.ts";
import { TIERS, TIER_LIMITS } from "../accounts/tiers.ts";
import { type Account, createAccount, createApiKey, findAccount, updateAccountTier } from "../accounts/account-repository.ts";
import { countQuotaShipmentsSince } from "../shipments/shipment-repository.ts";
import { startOfUtcMonth } from "../shipments/shipment-service.ts";
import { ACCOUNT_MANAGEMENT_ERRORS } from "./account-management-errors.ts";

const Tier = z.enum(TIERS);
const Name = z.string().trim().min(1).max(200);
const IdParam = z.object({ id: z.string() });

/** An account as every answer of these routes begins (AccountResponse). */
function accountFields(account: Account) {
  return {
    account_id: account.id,
    name: account.name,
    tier: account.tier,
    created_at: account.created_at,
    updated_at: account.updated_at,
  };
}

const AccountResponse = z.object({ account_id: z.string(), name: z.string(), tier: Tier, created_at: z.string(), updated_at: z.string() });

export const accountsRouter: RouteDef[] = [
  defineRoute({
    method: "post",
    path: "/api/v1/accounts",
    operationId: "createAccount",
    summary: "Admin: create an account with its first API key (shown only here)",
    tags: ["Admin"],
    auth: "service-role",
    body: z.strictObject({ name: Name, tier: Tier }),
    responses: {
      201: { description: "Account created", schema: AccountResponse.extend({ api_key: z.string(), api_key_id: z.string() }) },
      ...COMMON_ERRORS,
    },
    handler: async (c, { body }) => {
      const result = await c.var.services.db.transaction(async (tx) => {
        const account = await createAccount(tx, body.name, body.tier);
        const key = await createApiKey(tx, account.id, "default");
        return { account, key };
      });
      const { account, key } = result;
      return c.json(
        {
          ...accountFields(account),
          api_key: key.api_key,
          api_key_id: key.id,
        },
        201,
      );
    },
  }),
  defineRoute({
    method: "patch",
    path: "/api/v1/accounts/{id}",
    operationId: "updateAccountTier",
    summary: "Admin: change an account's tier (applies to shipments created from now on)",
    tags: ["Admin"],
    auth: "service-role",
    params: IdParam,
    body: z.strictObject({ tier: Tier }),
    responses: {
      200: { description: "Account updated", schema: AccountResponse },
      ...COMMON_ERRORS,
      404: err("Account not found (SVC_ACCT_001)"),
    },
    handler: async (c, { params, body }) => {
      const account = await updateAccountTier(c.var.services.db, params.id, body.tier);
      if (!account) throw new AppError(ACCOUNT_MANAGEMENT_ERRORS.SVC_ACCT_001, "Account not found", { details: { account_id: params.id } });
      return c.json(accountFields(account), 200);
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/account",
    operationId: "getOwnAccount",
    summary: "The caller's account: tier, limits and this month's usage",
    tags: ["Account"],
    auth: "api-key",
    responses: {
      200: {
        description: "The account",
        schema: AccountResponse.extend({
          limits: z.object({ max_generations_per_shipment: z.number().int(), shipments_per_month: z.number().int().nullable() }),
          usage: z.object({ shipments_this_month: z.number().int(), month_started_at: z.string() }),
        }),
      },
      401: COMMON_ERRORS[401],
    },
    handler: async (c, { principal }) => {
      const { db } = c.var.services;
      const account = (await findAccount(db, principal.accountId))!;
      const since = startOfUtcMonth(new Date());
      const limits = TIER_LIMITS[account.tier];
      return c.json(
        {
          ...accountFields(account),
          limits: { max_generations_per_shipment: limits.maxGenerations, shipments_per_month: limits.shipmentsPerMonth },
          usage: { shipments_this_month: await countQuotaShipmentsSince(db, account.id, since), month_started_at: since.toISOString() },
        },
        200,
      );
    },
  }),
];
