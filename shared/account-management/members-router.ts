import { z } from "zod";
import { defineRoute, type RouteDef } from "../http/route.ts";
import { AppError } from "../errors/app-error.ts";
import { COMMON_ERRORS, err } from "../http/common-responses.ts";
import { inviteMember, type InviteResult } from "../accounts/member-service.ts";
import { ACCOUNT_MANAGEMENT_ERRORS } from "./account-management-errors.ts";
import { PLATFORM_ERRORS } from "../errors/platform-errors.ts";

const Role = z.enum(["owner", "admin", "member"]);

function refusal(result: Extract<InviteResult, { ok: false }>, accountId: string): AppError {
  switch (result.reason) {
    case "invalid_email":
      return new AppError(PLATFORM_ERRORS.SVC_REQ_002, "email: not a valid email address", { details: { field: "email" } });
    case "account_not_found":
      return new AppError(ACCOUNT_MANAGEMENT_ERRORS.SVC_ACCT_001, "Account not found", { details: { account_id: accountId } });
    case "email_in_use":
      return new AppError(ACCOUNT_MANAGEMENT_ERRORS.SVC_MEMBER_001, `${result.email} already has a dashboard sign-in`, {
        details: { field: "email" },
      });
  }
}

export const membersRouter: RouteDef[] = [
  defineRoute({
    method: "post",
    path: "/api/v1/accounts/{id}/members",
    operationId: "inviteAccountMember",
    summary: "Admin: invite a person to the account's dashboard; answers a single-use, expiring invitation_url",
    description:
      "The address is shown only in this answer (the service keeps a hash of its token). Opening it lets the person " +
      "choose a password and signs them in. It works once and expires after 7 days. Roles: owner and admin manage API " +
      "keys, webhooks and members; member works with shipments. See docs/dashboard.md.",
    tags: ["Admin"],
    auth: "service-role",
    params: z.object({ id: z.string() }),
    body: z.strictObject({ email: z.string().trim().min(3).max(254), role: Role }),
    responses: {
      201: {
        description: "Invitation created",
        schema: z.object({
          invitation_id: z.string(),
          account_id: z.string(),
          email: z.string(),
          role: Role,
          invitation_url: z.string(),
          expires_at: z.string(),
        }),
      },
      ...COMMON_ERRORS,
      404: err("Account not found (SVC_ACCT_001)"),
      409: err("The email already has a dashboard sign-in (SVC_MEMBER_001)"),
    },
    handler: async (c, { params, body }) => {
      const { db, config } = c.var.services;
      const result = await inviteMember(db, config, { accountId: params.id, email: body.email, role: body.role, invitedBy: null });
      if (!result.ok) throw refusal(result, params.id);
      const { invitation, invitationUrl } = result;
      return c.json(
        {
          invitation_id: invitation.id,
          account_id: invitation.accountId,
          email: invitation.email!,
          role: invitation.role,
          invitation_url: invitationUrl,
          expires_at: invitation.expiresAt,
        },
        201,
      );
    },
  }),
];
