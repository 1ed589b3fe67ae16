import type { Db, Queryable, Row } from "../db/types.ts";
import { isUuid, toIso } from "../db/values.ts";
import type { DashboardMember, MemberRole } from "./member-roles.ts";

/** Members of an account; every query that reads or changes one takes the account id. */

export interface MemberRecord extends DashboardMember {
  createdAt: string;
  lastSignInAt: string | null;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A plain check (the address is confirmed by the invitation reaching the person, not by syntax). */
export function isPlausibleEmail(email: string): boolean {
  return email.length >= 3 && email.length <= 254 && /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]+$/.test(email);
}

function toMember(r: Row): MemberRecord {
  return {
    id: r.id as string,
    accountId: r.account_id as string,
    email: r.email as string,
    role: r.role as MemberRole,
    createdAt: toIso(r.created_at)!,
    lastSignInAt: toIso(r.last_sign_in_at),
  };
}

export class EmailTaken extends Error {
  constructor(email: string) {
    super(`${email} already has a dashboard sign-in`);
  }
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === "23505" || /unique|duplicate key/i.test(err?.message ?? "");
}

export async function insertMember(
  db: Queryable,
  m: { accountId: string; email: string; role: MemberRole; passwordHash: string },
): Promise<MemberRecord> {
  const email = normaliseEmail(m.email);
  try {
    const rows = await db.query(
      "insert into dashboard_members (account_id, email, role, password_hash) values ($1, $2, $3, $4) returning *",
      [m.accountId, email, m.role, m.passwordHash],
    );
    return toMember(rows[0]);
  } catch (e) {
    if (isUniqueViolation(e)) throw new EmailTaken(email);
    throw e;
  }
}

/** For sign-in only: the member behind an email, with the password hash. */
export async function findMemberForSignIn(db: Queryable, email: string): Promise<(MemberRecord & { passwordHash: string }) | null> {
  const rows = await db.query("select * from dashboard_members where email = $1", [normaliseEmail(email)]);
  return rows[0] ? { ...toMember(rows[0]), passwordHash: rows[0].password_hash as string } : null;
}

export async function emailInUse(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.query("select 1 from dashboard_members where email = $1", [normaliseEmail(email)]);
  return rows.length > 0;
}

export async function findMember(db: Queryable, accountId: string, id: string): Promise<MemberRecord | null> {
  if (!isUuid(id)) return null;
  const rows = await db.query("select * from dashboard_members where id = $1 and account_id = $2", [id, accountId]);
  return rows[0] ? toMember(rows[0]) : null;
}

export async function listMembers(db: Queryable, accountId: string): Promise<MemberRecord[]> {
  const rows = await db.query("select * from dashboard_members where account_id = $1 order by created_at, email", [accountId]);
  return rows.map(toMember);
}

export async function setPasswordHash(db: Queryable, memberId: string, hash: string): Promise<void> {
  await db.query("update dashboard_members set password_hash = $2, updated_at = now() where id = $1", [memberId, hash]);
}

export async function recordSignIn(db: Queryable, memberId: string): Promise<void> {
  await db.query("update dashboard_members set last_sign_in_at = now() where id = $1", [memberId]);
}

export type MemberChange = { ok: true; member: MemberRecord | null } | { ok: false; reason: "not_found" | "last_owner" };

/**
 * Role changes and removals keep at least one owner: both run under a per-account lock that counts the
 * owners first, so two admins acting at once cannot remove the last one.
 */
async function withOwnerGuard(
  db: Db,
  accountId: string,
  id: string,
  leavesOwner: (m: MemberRecord) => boolean,
  act: (tx: Queryable) => Promise<MemberRecord | null>,
): Promise<MemberChange> {
  if (!isUuid(id)) return { ok: false, reason: "not_found" };
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('dashboard_members:' || $1))", [accountId]);
    const member = await findMember(tx, accountId, id);
    if (!member) return { ok: false, reason: "not_found" } as const;
    if (member.role === "owner" && !leavesOwner(member)) {
      const owners = await tx.query<{ n: number }>(
        "select count(*)::int as n from dashboard_members where account_id = $1 and role = 'owner'",
        [accountId],
      );
      if (owners[0].n <= 1) return { ok: false, reason: "last_owner" } as const;
    }
    return { ok: true, member: await act(tx) } as const;
  });
}

export function changeMemberRole(db: Db, accountId: string, id: string, role: MemberRole): Promise<MemberChange> {
  return withOwnerGuard(
    db,
    accountId,
    id,
    () => role === "owner",
    async (tx) => {
      const rows = await tx.query(
        "update dashboard_members set role = $3, updated_at = now() where id = $1 and account_id = $2 returning *",
        [id, accountId, role],
      );
      return rows[0] ? toMember(rows[0]) : null;
    },
  );
}

/** Removing a member deletes their sessions too (cascade): they are signed out at once. */
export function removeMember(db: Db, accountId: string, id: string): Promise<MemberChange> {
  return withOwnerGuard(
    db,
    accountId,
    id,
    () => false,
    async (tx) => {
      await tx.query("delete from dashboard_members where id = $1 and account_id = $2", [id, accountId]);
      return null;
    },
  );
}
