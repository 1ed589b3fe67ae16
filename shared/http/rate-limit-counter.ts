import type { Queryable } from "../db/types.ts";
import type { RateLimitPolicy, RateLimitState } from "./rate-limit-policy.ts";

const CLEANUP_EVERY_MS = 60_000;
let lastCleanup = 0;

/**
 * Counts one request against each policy in one statement: a fixed-window counter per partition, kept
 * in the database so every instance on it shares the count. The upsert is atomic (ON CONFLICT … DO
 * UPDATE … RETURNING), so concurrent requests on any instance each see a distinct count. The window
 * comes from the database clock, so instances with skewed clocks still agree.
 */
export async function countRequest(db: Queryable, policies: RateLimitPolicy[]): Promise<RateLimitState[]> {
  if (policies.length === 0) return [];
  const params: unknown[] = [];
  const values = policies.map((p) => {
    params.push(p.partition, p.windowSeconds);
    return `($${params.length - 1}::text, $${params.length}::int)`;
  });
  const rows = await db.query<{ partition: string; hits: number; reset_seconds: number | string }>(
    `with v(partition, w) as (values ${values.join(", ")}),
          t as (select partition, w, floor(extract(epoch from now()) / w)::bigint * w as start from v)
     insert into rate_limit_counters as c (partition, window_start, hits, expires_at)
     select partition, to_timestamp(start), 1, to_timestamp(start + w) from t
     on conflict (partition, window_start) do update set hits = c.hits + 1
     returning c.partition, c.hits, ceil(extract(epoch from c.expires_at - now()))::int as reset_seconds`,
    params,
  );
  maybeCleanUp(db);
  const byPartition = new Map(rows.map((r) => [r.partition, r]));
  return policies.map((policy) => {
    const row = byPartition.get(policy.partition)!;
    return { policy, hits: Number(row.hits), resetSeconds: Math.max(1, Number(row.reset_seconds)) };
  });
}

/** Old windows are deleted now and then by whichever instance counts a request (no extra worker needed). */
function maybeCleanUp(db: Queryable): void {
  const now = Date.now();
  if (now - lastCleanup < CLEANUP_EVERY_MS) return;
  lastCleanup = now;
  db.query("delete from rate_limit_counters where expires_at < now() - interval '1 minute'").catch((e) =>
    console.error("rate limit counter cleanup:", e),
  );
}
