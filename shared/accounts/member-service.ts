/**
 * Members and invitations: what the admin endpoint (account-management/members-router.ts), the Members page and the
 * local server's first start share. Results say what went wrong; each caller words its own answer.
 */
import type { Queryable } from "../db/types.ts";
import type { Config } from "../runtime/config.ts";
import { findAccount } from "./account-repository.ts";
import type { MemberRole } from "./member-roles.ts";
import { emailInUse, isPlausibleEmail, normaliseEmail } from "./member-repository.ts";
import { createInvitation, invitationPath, type Invitation } from "./invitation-repository.ts";

export interface CreatedInvitation {
  invitation: Invitation;
  /** Shown once: the token is stored only as a hash. */
  invitationUrl: string;
}

export type InviteResult =
  | ({ ok: true } & CreatedInvitation)
  | { ok: false; reason: "invalid_email" | "account_not_found" | "email_in_use"; email: string };

/** Only an owner may make someone an owner or change or remove an owner. */
export function mayAssign(actor: MemberRole, role: MemberRole): boolean {
  return actor === "owner" || role !== "owner";
}

export function invitationUrl(config: Pick<Config, "publicBaseUrl">, token: string): string {
  return `${config.publicBaseUrl.replace(/\/+$/, "")}${invitationPath(token)}`;
}

/** Invites a person to an account (admin endpoint and Members page): a single-use, expiring address. */
export async function inviteMember(
  db: Queryable,
  config: Pick<Config, "publicBaseUrl">,
  input: { accountId: string; email: string; role: MemberRole; invitedBy: string | null },
): Promise<InviteResult> {
  const email = normaliseEmail(input.email);
  if (!isPlausibleEmail(email)) return { ok: false, reason: "invalid_email", email };
  if (!(await findAccount(db, input.accountId))) return { ok: false, reason: "account_not_found", email };
  if (await emailInUse(db, email)) return { ok: false, reason: "email_in_use", email };
  const { invitation, token } = await createInvitation(db, {
    accountId: input.accountId,
    email,
    role: input.role,
    invitedBy: input.invitedBy,
  });
  return { ok: true, invitation, invitationUrl: invitationUrl(config, token) };
}

/**
 * The first owner: while the database has no member at all, every start of the local server invites an
 * owner of the oldest account (the person enters their email) and withdraws the invitation printed by
 * the start before, so only the newest printed address works.
 */
export async function bootstrapOwnerInvitation(
  db: Queryable,
  config: Pick<Config, "publicBaseUrl">,
): Promise<{ accountName: string; url: string } | null> {
  const members = await db.query<{ n: number }>("select count(*)::int as n from dashboard_members");
  if (members[0].n > 0) return null;
  const account = (await db.query<{ id: string; name: string }>("select id, name from accounts order by created_at, id limit 1"))[0];
  if (!account) return null;
  await db.query(
    "update dashboard_invitations set used_at = now() where account_id = $1 and email is null and role = 'owner' and used_at is null",
    [account.id],
  );
  const { token } = await createInvitation(db, { accountId: account.id, email: null, role: "owner", invitedBy: null });
  return { accountName: account.name, url: invitationUrl(config, token) };
}
