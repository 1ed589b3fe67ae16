/** Request rate limits (README: Rate limits). */
import { flag, integer, setting, type Vars } from "./env-values.ts";
import type { Tier } from "./server-settings.ts";

/** Per-minute budgets of one API key: every request, and generation/extraction submissions on top. */
export interface TierRateLimit {
  requests: number;
  submissions: number;
}

export interface RateLimitSettings {
  enabled: boolean;
  windowSeconds: number;
  tiers: Record<Tier, TierRateLimit>;
  /** Requests per window from one client address to the public endpoints. */
  publicPerAddress: number;
  /** How many proxies in front of the service append to X-Forwarded-For (0: the header is ignored). */
  trustedProxies: number;
}

export const DEFAULT_TIER_RATE_LIMITS: Record<Tier, TierRateLimit> = {
  free: { requests: 60, submissions: 10 },
  starter: { requests: 300, submissions: 30 },
  growth: { requests: 1200, submissions: 120 },
  scale: { requests: 3000, submissions: 300 },
};

function tierLimit(fallback: TierRateLimit) {
  return setting((v) => {
    const m = v.match(/^\s*(\d+)\s*,\s*(\d+)\s*$/);
    if (!m || Number(m[1]) < 1 || Number(m[2]) < 1)
      throw new Error(`must be "<requests>,<submissions>" per window, got ${JSON.stringify(v)}`);
    return { requests: Number(m[1]), submissions: Number(m[2]) };
  }, fallback);
}

export const rateLimitVariables = {
  TDS_RATE_LIMITS: flag(true),
  TDS_RATE_LIMIT_WINDOW_SECONDS: integer(1, 60),
  TDS_RATE_LIMIT_FREE: tierLimit(DEFAULT_TIER_RATE_LIMITS.free),
  TDS_RATE_LIMIT_STARTER: tierLimit(DEFAULT_TIER_RATE_LIMITS.starter),
  TDS_RATE_LIMIT_GROWTH: tierLimit(DEFAULT_TIER_RATE_LIMITS.growth),
  TDS_RATE_LIMIT_SCALE: tierLimit(DEFAULT_TIER_RATE_LIMITS.scale),
  TDS_RATE_LIMIT_PUBLIC: integer(1, 60),
  TDS_TRUSTED_PROXIES: integer(0, 0),
};

export function rateLimitSettings(v: Vars<typeof rateLimitVariables>): RateLimitSettings {
  return {
    enabled: v.TDS_RATE_LIMITS,
    windowSeconds: v.TDS_RATE_LIMIT_WINDOW_SECONDS,
    tiers: {
      free: v.TDS_RATE_LIMIT_FREE,
      starter: v.TDS_RATE_LIMIT_STARTER,
      growth: v.TDS_RATE_LIMIT_GROWTH,
      scale: v.TDS_RATE_LIMIT_SCALE,
    },
    publicPerAddress: v.TDS_RATE_LIMIT_PUBLIC,
    trustedProxies: v.TDS_TRUSTED_PROXIES,
  };
}
