/** Roles of a dashboard member: owner and admin manage keys, webhooks and members; member works with shipments. */
export type MemberRole = "owner" | "admin" | "member";
export const MEMBER_ROLES: readonly MemberRole[] = ["owner", "admin", "member"];

/** A person who signs in to an account's dashboard (the session's member on every signed-in page). */
export interface DashboardMember {
  id: string;
  accountId: string;
  email: string;
  role: MemberRole;
}
