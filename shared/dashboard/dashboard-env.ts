import type { Services } from "../runtime/services.ts";

/** Roles of a dashboard member: owner and admin manage keys, webhooks and members; member works with shipments. */
export type MemberRole = "owner" | "admin" | "member";
export const MEMBER_ROLES: readonly MemberRole[] = ["owner", "admin", "member"];

/** The signed-in person (set by the session middleware on every page except sign-in, invitations and assets). */
export interface DashboardMember {
  id: string;
  accountId: string;
  email: string;
  role: MemberRole;
}

/** Hono context of every dashboard route. */
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
