import type { Db, Queryable, Row } from "../db/types.ts";
import { isUuid, toIso } from "../db/values.ts";
import type { MemberRole } from "./member-roles.ts";
import { sha256Hex } from "../hashing/sha256.ts";
import { randomToken } from "./random-token.ts";
import { EmailTaken, insertMember, normaliseEmail, type MemberRecord } from "./member-repository.ts";

/** Invitations: single use, expiring, the token stored only as its hash. */

export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;

export interface Invitation {
  id: string;
  accountId: string;
  email: string | null;
  role: MemberRole;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

function toInvitation(r: Row): Invitation {
  return {
    id: r.id as string,
    accountId: r.account_id as string,
    email: (r.email as string | null) ?? null,
    role: r.role as MemberRole,
    createdAt: toIso(r.created_at)!,
    expiresAt: toIso(r.expires_at)!,
    usedAt: toIso(r.used_at),
  };
}

export function invitationPath(token: string): string {
  return `/dashboard/invitations/${token}`;
}

export async function createInvitation(
  db: Queryable,
  inv: { accountId: string; email: string | null; role: MemberRole; invitedBy: string | null; ttlSeconds?: number },
): Promise<{ invitation: Invitation; token: string }> {
  const token = randomToken();
  const rows = await db.query(
    `insert into dashboard_invitations (account_id, email, role, token_hash, invited_by, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::int)) returning *`,
    [
      inv.accountId,
      inv.email === null ? null : normaliseEmail(inv.email),
      inv.role,
      await sha256Hex(token),
      inv.invitedBy,
      inv.ttlSeconds ?? INVITATION_TTL_SECONDS,
    ],
  );
  return { invitation: toInvitation(rows[0]), token };
}

/** An invitation that can still be accepted (unused, not expired), or null. */
export async function findOpenInvitation(db: Queryable, token: string): Promise<Invitation | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const rows = await db.query("select * from dashboard_invitations where token_hash = $1 and used_at is null and expires_at > now()", [
    await sha256Hex(token),
  ]);
  return rows[0] ? toInvitation(rows[0]) : null;
}

/** Open invitations of an account, newest first (the Members page lists them). */
export async function listOpenInvitations(db: Queryable, accountId: string): Promise<Invitation[]> {
  const rows = await db.query(
    "select * from dashboard_invitations where account_id = $1 and used_at is null and expires_at > now() order by created_at desc",
    [accountId],
  );
  return rows.map(toInvitation);
}

/** Withdraws an open invitation (marks it used without a member). */
export async function withdrawInvitation(db: Queryable, accountId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.query(
    "update dashboard_invitations set used_at = now() where id = $1 and account_id = $2 and used_at is null returning id",
    [id, accountId],
  );
  return rows.length > 0;
}

export type AcceptResult = { ok: true; member: MemberRecord } | { ok: false; reason: "invalid" | "email_taken" };

/**
 * Accepts an invitation: marks it used and creates the member in one transaction, so a token works
 * exactly once even when two requests race (the second finds it used).
 */
export async function acceptInvitation(db: Db, token: string, email: string, passwordHash: string): Promise<AcceptResult> {
  const tokenHash = await sha256Hex(token);
  try {
    return await db.transaction(async (tx) => {
      const rows = await tx.query(
        "update dashboard_invitations set used_at = now() where token_hash = $1 and used_at is null and expires_at > now() returning *",
        [tokenHash],
      );
      if (!rows[0]) return { ok: false, reason: "invalid" } as const;
      const inv = toInvitation(rows[0]);
      const exists = await tx.query("select 1 from dashboard_members where email = $1", [normaliseEmail(inv.email ?? email)]);
      if (exists.length > 0) throw new EmailTaken(inv.email ?? email);
      const member = await insertMember(tx, { accountId: inv.accountId, email: inv.email ?? email, role: inv.role, passwordHash });
      await tx.query("update dashboard_invitations set member_id = $2 where id = $1", [inv.id, member.id]);
      return { ok: true, member } as const;
    });
  } catch (e) {
    if (e instanceof EmailTaken) return { ok: false, reason: "email_taken" };
    throw e;
  }
}
