import type { Queryable } from "../db/types.ts";
import type { DashboardMember, MemberRole } from "./member-roles.ts";
import { sha256Hex } from "../hashing/sha256.ts";
import { randomToken } from "./random-token.ts";

/** Server-side sessions: the cookie holds a random token, the table only its hash. */

export const SESSION_TTL_SECONDS = 12 * 3600;
/** last_seen_at is written at most this often, to spare writes on every page. */
const TOUCH_EVERY_SECONDS = 300;

export async function createSession(
  db: Queryable,
  member: DashboardMember,
  ttlSeconds = SESSION_TTL_SECONDS,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const rows = await db.query<{ expires_at: Date | string }>(
    `insert into dashboard_sessions (member_id, account_id, token_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4::int)) returning expires_at`,
    [member.id, member.accountId, await sha256Hex(token), ttlSeconds],
  );
  return { token, expiresAt: new Date(rows[0].expires_at) };
}

/** The member behind a session cookie, if the session is neither expired nor revoked. */
export async function findSessionMember(db: Queryable, token: string): Promise<{ member: DashboardMember; sessionId: string } | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const rows = await db.query<{ session_id: string; id: string; account_id: string; email: string; role: MemberRole; stale: boolean }>(
    `select s.id as session_id, m.id, m.account_id, m.email, m.role,
            s.last_seen_at < now() - make_interval(secs => $2::int) as stale
       from dashboard_sessions s join dashboard_members m on m.id = s.member_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()`,
    [await sha256Hex(token), TOUCH_EVERY_SECONDS],
  );
  const r = rows[0];
  if (!r) return null;
  if (r.stale) await db.query("update dashboard_sessions set last_seen_at = now() where id = $1", [r.session_id]);
  return { sessionId: r.session_id, member: { id: r.id, accountId: r.account_id, email: r.email, role: r.role } };
}

/** Sign-out: the session stops working at once, on every instance. */
export async function revokeSession(db: Queryable, token: string): Promise<void> {
  await db.query("update dashboard_sessions set revoked_at = coalesce(revoked_at, now()) where token_hash = $1", [await sha256Hex(token)]);
}

/** Deletes sessions that ended (expired or revoked) more than a day ago; returns how many. */
export async function pruneSessions(db: Queryable): Promise<number> {
  const rows = await db.query(
    "delete from dashboard_sessions where expires_at < now() - interval '1 day' or revoked_at < now() - interval '1 day' returning id",
  );
  return rows.length;
}
