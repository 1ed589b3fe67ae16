import type { Context, Hono } from "hono";
import { html } from "hono/html";
import type { DashboardEnv } from "../dashboard-env.ts";
import { MEMBER_ROLES, type MemberRole } from "../../accounts/member-roles.ts";
import { csrfField } from "../csrf.ts";
import { renderPage, type PageOptions } from "../layout.ts";
import {
  confirmCard,
  formatTime,
  noticeFrom,
  readForm,
  redirectWithNotice,
  shownOnce,
  tableWrap,
  time,
  type Html,
} from "../page-helpers.ts";
import { changeMemberRole, findMember, listMembers, removeMember, type MemberRecord } from "../../accounts/member-repository.ts";
import { listOpenInvitations, withdrawInvitation } from "../../accounts/invitation-repository.ts";
import { inviteMember, mayAssign } from "../../accounts/member-service.ts";
import { AppError } from "../../errors/app-error.ts";
import { ACCOUNT_MANAGEMENT_ERRORS } from "../../account-management/account-management-errors.ts";

const BASE = "/dashboard/settings/members";
const NOTICES = {
  "role-changed": "The role is changed.",
  removed: "The member is removed and signed out.",
  withdrawn: "The invitation is withdrawn; its address no longer works.",
};
const ROLE_HELP: Record<MemberRole, string> = {
  owner: "everything, including owners",
  admin: "API keys, webhooks and members",
  member: "shipments only",
};

function memberNotFound(): AppError {
  return new AppError(ACCOUNT_MANAGEMENT_ERRORS.SVC_MEMBER_002, "There is no such member in this account.");
}

function roleOptions(actor: MemberRole, selected: MemberRole): Html {
  return html`${MEMBER_ROLES.filter((r) => mayAssign(actor, r)).map((r) => html`<option value="${r}"${r === selected ? html` selected` : ""}>${r}</option>`)}`;
}

function inviteForm(c: Context<DashboardEnv>, values: { email: string; role: MemberRole }, error?: string): Html {
  const actor = c.get("member").role;
  return html`<form method="post" action="${BASE}/invitations" class="card" novalidate>
  <h2>Invite a person</h2>
  ${csrfField(c)}
  <div class="field${error ? " field--error" : ""}">
    <label for="invite-email">Email</label>
    <input id="invite-email" name="email" type="email" required value="${values.email}" aria-describedby="invite-email-hint"${error ? html` aria-invalid="true"` : ""}>
    <span id="invite-email-hint" class="hint">${error ?? "The invitation address is shown once; send it to the person yourself. It works once and expires after 7 days."}</span>
  </div>
  <div class="field">
    <label for="invite-role">Role</label>
    <select id="invite-role" name="role">${roleOptions(actor, values.role)}</select>
    <span class="hint">${MEMBER_ROLES.map((r) => `${r}: ${ROLE_HELP[r]}`).join(" · ")}</span>
  </div>
  <div class="actions"><button type="submit" class="button">Create invitation</button></div>
</form>`;
}

function memberRow(c: Context<DashboardEnv>, m: MemberRecord): Html {
  const me = c.get("member");
  const canChange = mayAssign(me.role, m.role);
  return html`<tr>
  <td>${m.email}${m.id === me.id ? html` <span class="muted">(you)</span>` : ""}</td>
  <td>${
    canChange
      ? html`<form method="post" action="${BASE}/${m.id}/role" class="actions">
        ${csrfField(c)}
        <label class="visually-hidden" for="role-${m.id}">Role of ${m.email}</label>
        <select id="role-${m.id}" name="role">${roleOptions(me.role, m.role)}</select>
        <button type="submit" class="button button--secondary">Change<span class="visually-hidden"> role of ${m.email}</span></button>
      </form>`
      : html`<span class="badge">${m.role}</span>`
  }</td>
  <td>${time(m.createdAt)}</td>
  <td>${time(m.lastSignInAt)}</td>
  <td>${canChange ? html`<a href="${BASE}/${m.id}/remove">Remove<span class="visually-hidden"> ${m.email}</span></a>` : ""}</td>
</tr>`;
}

async function listPage(
  c: Context<DashboardEnv>,
  extra: Partial<PageOptions> & { email?: string; role?: MemberRole; error?: string } = {},
): Promise<Response> {
  const { db } = c.get("services");
  const accountId = c.get("member").accountId;
  const [members, invitations] = await Promise.all([listMembers(db, accountId), listOpenInvitations(db, accountId)]);
  return renderPage(c, {
    title: "Members",
    active: "members",
    status: extra.status,
    notice: extra.notice ?? noticeFrom(c, NOTICES),
    body: html`${inviteForm(c, { email: extra.email ?? "", role: extra.role ?? "member" }, extra.error)}
<h2>People in this account</h2>
${tableWrap(
  "Members",
  html`<table class="data">
  <thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Member since</th><th scope="col">Last sign-in</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
  <tbody>${members.map((m) => memberRow(c, m))}</tbody>
</table>`,
)}
<h2>Open invitations</h2>
${
  invitations.length === 0
    ? html`<p class="muted">No open invitations.</p>`
    : tableWrap(
        "Open invitations",
        html`<table class="data">
  <thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Expires</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
  <tbody>${invitations.map(
    (
      i,
    ) => html`<tr><td>${i.email ?? html`<span class="muted">entered by the person</span>`}</td><td>${i.role}</td><td>${time(i.expiresAt)}</td>
    <td>${
      mayAssign(c.get("member").role, i.role)
        ? html`<form method="post" action="${BASE}/invitations/${i.id}/withdraw">${csrfField(c)}<button type="submit" class="button button--link">Withdraw<span class="visually-hidden"> the invitation of ${i.email ?? "a person"}</span></button></form>`
        : ""
    }</td></tr>`,
  )}</tbody>
</table>`,
      )
}`,
  });
}

function parseRole(value: string): MemberRole | null {
  return (MEMBER_ROLES as readonly string[]).includes(value) ? (value as MemberRole) : null;
}

/** Members (owners and admins): list, invite, change role, remove. */
export function registerMemberPages(app: Hono<DashboardEnv>): void {
  app.get(BASE, (c) => listPage(c));

  app.post(`${BASE}/invitations`, async (c) => {
    const form = await readForm(c);
    const email = form.get("email").trim();
    const role = parseRole(form.get("role"));
    const me = c.get("member");
    if (!role || !mayAssign(me.role, role))
      return listPage(c, { status: 403, email, notice: { kind: "error", text: "Only an owner can invite another owner." } });
    const result = await inviteMember(c.get("services").db, c.get("services").config, {
      accountId: me.accountId,
      email,
      role,
      invitedBy: me.id,
    });
    if (!result.ok) {
      if (result.reason === "account_not_found")
        throw new AppError(ACCOUNT_MANAGEMENT_ERRORS.SVC_ACCT_001, "Account not found", { details: { account_id: me.accountId } });
      const [status, text] =
        result.reason === "invalid_email"
          ? ([400, "Enter a valid email address."] as const)
          : ([409, "This email already has a sign-in (in this or another account)."] as const);
      return listPage(c, { status, email, role, error: text, notice: { kind: "error", text } });
    }
    const { invitation, invitationUrl } = result;
    return renderPage(c, {
      title: "Invitation created",
      active: "members",
      status: 201,
      notice: { kind: "ok", text: `The invitation for ${invitation.email} (${invitation.role}) is created.` },
      body: html`${shownOnce("invitation-url", "Invitation address", invitationUrl, `Send this address to the person now: it is not shown again. It works once and expires on ${formatTime(invitation.expiresAt)}.`)}
<p><a class="button button--secondary" href="${BASE}">Done, back to members</a></p>`,
    });
  });

  app.post(`${BASE}/invitations/:id/withdraw`, async (c) => {
    if (!(await withdrawInvitation(c.get("services").db, c.get("member").accountId, c.req.param("id")))) {
      throw new AppError(ACCOUNT_MANAGEMENT_ERRORS.SVC_MEMBER_002, "There is no such open invitation in this account.");
    }
    return redirectWithNotice(c, BASE, "withdrawn");
  });

  app.post(`${BASE}/:id/role`, async (c) => {
    const { db } = c.get("services");
    const me = c.get("member");
    const role = parseRole((await readForm(c)).get("role"));
    const target = await findMember(db, me.accountId, c.req.param("id"));
    if (!target) throw memberNotFound();
    if (!role) return listPage(c, { status: 400, notice: { kind: "error", text: "Choose owner, admin or member." } });
    if (!mayAssign(me.role, target.role) || !mayAssign(me.role, role)) {
      return listPage(c, {
        status: 403,
        notice: { kind: "error", text: "Only an owner can make someone an owner or change an owner's role." },
      });
    }
    const result = await changeMemberRole(db, me.accountId, target.id, role);
    if (!result.ok && result.reason === "last_owner") {
      return listPage(c, {
        status: 409,
        notice: { kind: "error", text: "The account needs at least one owner: make someone else owner first." },
      });
    }
    if (!result.ok) throw memberNotFound();
    return redirectWithNotice(c, BASE, "role-changed");
  });

  app.get(`${BASE}/:id/remove`, async (c) => {
    const me = c.get("member");
    const target = await findMember(c.get("services").db, me.accountId, c.req.param("id"));
    if (!target) throw memberNotFound();
    return renderPage(c, {
      title: "Remove member",
      active: "members",
      body: confirmCard(c, {
        text: html`Remove <strong>${target.email}</strong> (${target.role}) from the account? ${target.id === me.id ? "You will be signed out at once." : "They are signed out at once and can come back only with a new invitation."}`,
        action: `${BASE}/${target.id}/remove`,
        button: "Remove member",
        cancel: BASE,
      }),
    });
  });

  app.post(`${BASE}/:id/remove`, async (c) => {
    const { db } = c.get("services");
    const me = c.get("member");
    const target = await findMember(db, me.accountId, c.req.param("id"));
    if (!target) throw memberNotFound();
    if (!mayAssign(me.role, target.role))
      return listPage(c, { status: 403, notice: { kind: "error", text: "Only an owner can remove an owner." } });
    const result = await removeMember(db, me.accountId, target.id);
    if (!result.ok && result.reason === "last_owner") {
      return listPage(c, {
        status: 409,
        notice: { kind: "error", text: "The account needs at least one owner: make someone else owner first." },
      });
    }
    if (!result.ok) throw memberNotFound();
    if (target.id === me.id) return c.redirect("/dashboard/sign-in?done=signed-out", 303);
    return redirectWithNotice(c, BASE, "removed");
  });
}
