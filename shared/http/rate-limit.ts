import type { Context } from "hono";
import type { AppEnv } from "./app-env.ts";
import { AppError } from "../errors/app-error.ts";
import type { AuthMode } from "../auth/authenticate.ts";
import type { KeyPrincipal } from "../accounts/account-repository.ts";
import { clientAddress, isExceeded, policiesFor, rateLimitHeaders, type Spender } from "./rate-limit-policy.ts";
import { countRequest } from "./rate-limit-counter.ts";
import { PLATFORM_ERRORS } from "../errors/platform-errors.ts";

/** The socket peer: @hono/node-server passes {incoming}, Deno.serve passes {remoteAddr} as the env. */
function socketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } }; remoteAddr?: { hostname?: string } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? env?.remoteAddr?.hostname;
}

/**
 * Counts the request against its budgets (after authentication, so a key's tier is known), sets the
 * RateLimit-Policy / RateLimit fields and refuses with 429 SVC_RATE_001 once a budget is spent.
 */
export async function enforceRateLimit(
  c: Context<AppEnv>,
  route: { operationId: string; auth: AuthMode },
  principal: KeyPrincipal | null,
): Promise<void> {
  const { config, db } = c.var.services;
  const settings = config.rateLimits;
  if (!settings.enabled) return;
  const spender: Spender = principal
    ? { kind: "key", keyId: principal.keyId, tier: principal.tier }
    : route.auth === "public"
      ? { kind: "address", address: clientAddress(c.req.header("x-forwarded-for"), socketAddress(c), settings.trustedProxies) }
      : { kind: "admin" };
  const states = await countRequest(db, policiesFor(settings, route.operationId, spender));
  const headers = rateLimitHeaders(states);
  for (const [k, v] of Object.entries(headers)) c.header(k, v);
  const exceeded = states.filter(isExceeded);
  if (exceeded.length === 0) return;
  const worst = exceeded.reduce((a, b) => (b.resetSeconds > a.resetSeconds ? b : a));
  throw new AppError(
    PLATFORM_ERRORS.SVC_RATE_001,
    `Rate limit reached: ${worst.policy.quota} ${worst.policy.name === "submissions" ? "submissions" : "requests"} per ${worst.policy.windowSeconds} s (${worst.policy.name}); retry in ${worst.resetSeconds} s`,
    {
      headers,
      details: {
        policy: worst.policy.name,
        limit: worst.policy.quota,
        window_seconds: worst.policy.windowSeconds,
        retry_after_seconds: worst.resetSeconds,
      },
    },
  );
}
