import type { Queryable } from "../db/types.ts";
import { findAccount, type Account } from "../accounts/account-repository.ts";
import { TIER_LIMITS } from "../accounts/tiers.ts";
import { countQuotaShipmentsSince } from "../shipments/shipment-repository.ts";
import { startOfUtcMonth } from "../shipments/shipment-service.ts";

export interface AccountUsage {
  account: Account;
  monthStartedAt: string;
  limits: { shipmentsPerMonth: number | null; maxGenerationsPerShipment: number };
  shipmentsThisMonth: number;
  generationsThisMonth: number;
  documentsThisMonth: { completed: number; failed: number; pending: number };
  shipmentsAtGenerationLimit: number;
  shipmentsByStatus: Record<string, number>;
}

/** The Account page's figures: tier, this month's usage against the tier's limits, generation counts. */
export async function readAccountUsage(db: Queryable, accountId: string, now = new Date()): Promise<AccountUsage | null> {
  const account = await findAccount(db, accountId);
  if (!account) return null;
  const since = startOfUtcMonth(now);
  const limits = TIER_LIMITS[account.tier];
  const [shipmentsThisMonth, gen, docs, status] = await Promise.all([
    countQuotaShipmentsSince(db, accountId, since),
    db.query<{ generations: number; at_limit: number }>(
      `select (select count(*)::int from generation_history where account_id = $1 and created_at >= $2) as generations,
              (select count(*)::int from shipments where account_id = $1 and generation_count >= max_generations and max_generations > 0) as at_limit`,
      [accountId, since.toISOString()],
    ),
    db.query<{ status: string; n: number }>(
      "select status, count(*)::int as n from generation_jobs where account_id = $1 and created_at >= $2 group by status",
      [accountId, since.toISOString()],
    ),
    db.query<{ status: string; n: number }>(
      "select status, count(*)::int as n from shipments where account_id = $1 group by status order by status",
      [accountId],
    ),
  ]);
  const byDoc = Object.fromEntries(docs.map((r) => [r.status, r.n]));
  return {
    account,
    monthStartedAt: since.toISOString(),
    limits: { shipmentsPerMonth: limits.shipmentsPerMonth, maxGenerationsPerShipment: limits.maxGenerations },
    shipmentsThisMonth,
    generationsThisMonth: gen[0].generations,
    documentsThisMonth: {
      completed: byDoc.completed ?? 0,
      failed: byDoc.failed ?? 0,
      pending: (byDoc.queued ?? 0) + (byDoc.processing ?? 0),
    },
    shipmentsAtGenerationLimit: gen[0].at_limit,
    shipmentsByStatus: Object.fromEntries(status.map((r) => [r.status, r.n])),
  };
}
