import type { Services } from "../runtime/services.ts";
import type { DashboardMember, MemberRole } from "../accounts/member-roles.ts";

/** Hono context of every dashboard route; `member` is the signed-in person (set by the session middleware on every page except sign-in, invitations and assets). */
export type DashboardEnv = {
  Variables: {
    services: Services;
    requestId: string;
    member: DashboardMember;
    csrfToken: string;
    /** Set on signed-in pages while the sanctions list is missing, loading or out of date: a banner on every page. */
    referenceAlert?: string | null;
  };
};

export const canManageSettings = (role: MemberRole) => role === "owner" || role === "admin";
