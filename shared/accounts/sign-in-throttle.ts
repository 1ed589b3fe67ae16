import type { Queryable } from "../db/types.ts";
import { normaliseEmail } from "./member-repository.ts";

/**
 * Sign-in throttling in the database, so it holds across instances (edge functions, several servers):
 * failed attempts are rows; an email or a client address with too many recent failures is refused
 * before its password is checked, until the window has passed.
 */
export const THROTTLE = { windowSeconds: 15 * 60, perEmail: 5, perAddress: 30 } as const;

export async function isThrottled(
  db: Queryable,
  email: string,
  address: string,
): Promise<{ throttled: boolean; retryAfterSeconds: number }> {
  const rows = await db.query<{
    by_email: number;
    by_address: number;
    oldest_email: Date | string | null;
    oldest_address: Date | string | null;
  }>(
    `select
        count(*) filter (where email = $1)::int as by_email,
        count(*) filter (where address = $2)::int as by_address,
        min(attempted_at) filter (where email = $1) as oldest_email,
        min(attempted_at) filter (where address = $2) as oldest_address
       from dashboard_sign_in_failures
      where (email = $1 or address = $2) and attempted_at > now() - make_interval(secs => $3::int)`,
    [normaliseEmail(email), address, THROTTLE.windowSeconds],
  );
  const r = rows[0];
  const byEmail = r.by_email >= THROTTLE.perEmail;
  const byAddress = r.by_address >= THROTTLE.perAddress;
  if (!byEmail && !byAddress) return { throttled: false, retryAfterSeconds: 0 };
  const oldest = Math.min(
    ...[byEmail ? r.oldest_email : null, byAddress ? r.oldest_address : null].filter(Boolean).map((d) => new Date(d as string).getTime()),
  );
  return { throttled: true, retryAfterSeconds: Math.max(1, Math.ceil((oldest + THROTTLE.windowSeconds * 1000 - Date.now()) / 1000)) };
}

export async function recordFailure(db: Queryable, email: string, address: string): Promise<void> {
  await db.query("insert into dashboard_sign_in_failures (email, address) values ($1, $2)", [
    normaliseEmail(email).slice(0, 254),
    address.slice(0, 100),
  ]);
}

/** A successful sign-in clears the email's failures; rows older than a day are dropped. */
export async function clearFailures(db: Queryable, email: string): Promise<void> {
  await db.query("delete from dashboard_sign_in_failures where email = $1 or attempted_at < now() - interval '1 day'", [
    normaliseEmail(email),
  ]);
}
