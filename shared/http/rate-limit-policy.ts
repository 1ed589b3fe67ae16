import type { RateLimitSettings, Tier } from "../runtime/config.ts";

/**
 * Which request budgets a request spends (pure). An API key spends its tier's `requests` budget on every
 * call and its `submissions` budget on generation and extraction submissions as well; public endpoints
 * spend the client address's `public` budget. Admin (service_role) calls are not limited.
 */
export interface RateLimitPolicy {
  /** The policy's name in the RateLimit-Policy and RateLimit fields. */
  name: "requests" | "submissions" | "public";
  quota: number;
  windowSeconds: number;
  /** The counter this request increments: who spends, and which budget. */
  partition: string;
}

/** The routes that start long work (documents rendered, files read): the separately budgeted submissions. */
export const SUBMISSION_OPERATIONS: ReadonlySet<string> = new Set([
  "generateDocumentsFunction",
  "regenerateShipmentDocuments",
  "submitExtraction",
]);

export type Spender = { kind: "key"; keyId: string; tier: Tier } | { kind: "address"; address: string } | { kind: "admin" };

export function policiesFor(settings: RateLimitSettings, operationId: string, spender: Spender): RateLimitPolicy[] {
  const w = settings.windowSeconds;
  if (spender.kind === "admin") return [];
  if (spender.kind === "address")
    return [{ name: "public", quota: settings.publicPerAddress, windowSeconds: w, partition: `addr:${spender.address}:public` }];
  const tier = settings.tiers[spender.tier];
  const list: RateLimitPolicy[] = [
    { name: "requests", quota: tier.requests, windowSeconds: w, partition: `key:${spender.keyId}:requests` },
  ];
  if (SUBMISSION_OPERATIONS.has(operationId))
    list.push({ name: "submissions", quota: tier.submissions, windowSeconds: w, partition: `key:${spender.keyId}:submissions` });
  return list;
}

/** A policy after this request was counted: hits in the current window and seconds until it resets. */
export interface RateLimitState {
  policy: RateLimitPolicy;
  hits: number;
  resetSeconds: number;
}

export function isExceeded(state: RateLimitState): boolean {
  return state.hits > state.policy.quota;
}

/**
 * The fields of draft-ietf-httpapi-ratelimit-headers (-09/-10), structured-field lists:
 * `RateLimit-Policy: "requests";q=60;w=60` and `RateLimit: "requests";r=42;t=17`.
 */
export function rateLimitHeaders(states: RateLimitState[]): Record<string, string> {
  if (states.length === 0) return {};
  const headers: Record<string, string> = {
    "RateLimit-Policy": states.map((s) => `"${s.policy.name}";q=${s.policy.quota};w=${s.policy.windowSeconds}`).join(", "),
    RateLimit: states.map((s) => `"${s.policy.name}";r=${Math.max(0, s.policy.quota - s.hits)};t=${s.resetSeconds}`).join(", "),
  };
  const exceeded = states.filter(isExceeded);
  if (exceeded.length) headers["Retry-After"] = String(Math.max(...exceeded.map((s) => s.resetSeconds)));
  return headers;
}

/**
 * The client's address. X-Forwarded-For is believed only for the configured number of trusted proxies:
 * each appends the address it was connected from, so the client is the entry the outermost trusted proxy
 * added; anything left of it was written by the client and can be forged.
 */
export function clientAddress(forwardedFor: string | undefined, socketAddress: string | undefined, trustedProxies: number): string {
  if (trustedProxies > 0 && forwardedFor) {
    const hops = forwardedFor
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean);
    const chosen = hops[Math.max(0, hops.length - trustedProxies)];
    if (chosen) return normalizeAddress(chosen);
  }
  return socketAddress ? normalizeAddress(socketAddress) : "unknown";
}

function normalizeAddress(address: string): string {
  // IPv4 written as IPv6 (Node's dual-stack sockets) is the same client as the plain IPv4 address.
  const a = address.toLowerCase().replace(/^\[|\]$/g, "");
  return a.startsWith("::ffff:") && a.includes(".") ? a.slice(7) : a.slice(0, 64);
}
