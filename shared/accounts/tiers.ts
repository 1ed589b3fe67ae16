import type { Tier } from "../runtime/config.ts";

export type { Tier };
export const TIERS = ["free", "starter", "growth", "scale"] as const satisfies readonly Tier[];

/** Per-tier limits (spec, Limits). `shipmentsPerMonth` null means unlimited. */
export const TIER_LIMITS: Record<Tier, { maxGenerations: number; shipmentsPerMonth: number | null }> = {
  free: { maxGenerations: 2, shipmentsPerMonth: 5 },
  starter: { maxGenerations: 5, shipmentsPerMonth: null },
  growth: { maxGenerations: 10, shipmentsPerMonth: null },
  scale: { maxGenerations: 20, shipmentsPerMonth: null },
};
