import type { Db, Queryable } from "../db/types.ts";
import { AppError } from "../errors/app-error.ts";
import type { ErrorDef } from "../errors/error-code.ts";
import type { KeyPrincipal } from "../accounts/account-repository.ts";
import { TIER_LIMITS } from "../accounts/tiers.ts";
import { countQuotaShipmentsSince, findShipment, insertShipment, promoteDraft } from "./shipment-repository.ts";
import type { ShipmentRecord } from "./shipment-record.ts";
import { SHIPMENTS_ERRORS } from "./shipments-errors.ts";

export function startOfUtcMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function startOfNextUtcMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** Unexpected failures of a spec operation answer with that operation's spec code, not a generic 500. */
export async function withFailureCode<T>(code: ErrorDef, message: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError) throw e;
    console.error(`${code.code}: ${message}:`, e);
    throw new AppError(code, message);
  }
}

/**
 * Checks the tier's monthly quota inside the caller's transaction. The advisory lock serialises
 * concurrent creations of one account so the count cannot be raced past the limit.
 */
async function assertMonthlyQuota(tx: Queryable, principal: KeyPrincipal, now = new Date()): Promise<void> {
  const limit = TIER_LIMITS[principal.tier].shipmentsPerMonth;
  if (limit === null) return;
  await tx.query("select pg_advisory_xact_lock(hashtext($1))", [`quota:${principal.accountId}`]);
  const used = await countQuotaShipmentsSince(tx, principal.accountId, startOfUtcMonth(now));
  if (used >= limit) {
    const retryAfter = Math.ceil((startOfNextUtcMonth(now).getTime() - now.getTime()) / 1000);
    throw new AppError(
      SHIPMENTS_ERRORS.SVC_QUOTA_001,
      `The ${principal.tier} tier allows ${limit} shipments a calendar month (UTC); ${used} used`,
      {
        headers: { "Retry-After": String(retryAfter) },
        details: { limit, used, resets_at: startOfNextUtcMonth(now).toISOString() },
      },
    );
  }
}

export async function createShipment(
  db: Db,
  principal: KeyPrincipal,
  input: { data: Record<string, unknown>; ref: string | null; draft: boolean },
): Promise<ShipmentRecord> {
  if (input.draft) {
    return insertShipment(db, {
      accountId: principal.accountId,
      createdBy: principal.keyId,
      shipmentRef: input.ref,
      data: input.data,
      status: "draft",
      maxGenerations: 0,
      countsTowardQuota: false,
    });
  }
  return db.transaction(async (tx) => {
    await assertMonthlyQuota(tx, principal);
    return insertShipment(tx, {
      accountId: principal.accountId,
      createdBy: principal.keyId,
      shipmentRef: input.ref,
      data: input.data,
      status: "created",
      maxGenerations: TIER_LIMITS[principal.tier].maxGenerations,
      countsTowardQuota: true,
    });
  });
}

/** A draft becomes a shipment: max_generations from the tier, and it now counts toward the quota. */
export async function promoteDraftShipment(db: Db, principal: KeyPrincipal, id: string): Promise<ShipmentRecord> {
  return db.transaction(async (tx) => {
    const current = await findShipment(tx, principal.accountId, id, true);
    if (!current) throw new AppError(SHIPMENTS_ERRORS.SVC_SHIP_004, "Shipment not found");
    if (current.status !== "draft") {
      throw new AppError(SHIPMENTS_ERRORS.SVC_SHIP_006, `Only drafts can be promoted; this shipment is ${current.status}`, {
        details: { status: current.status },
      });
    }
    await assertMonthlyQuota(tx, principal);
    return (await promoteDraft(tx, principal.accountId, id, TIER_LIMITS[principal.tier].maxGenerations))!;
  });
}
