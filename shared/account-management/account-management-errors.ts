import { defineErrorCodes } from "../errors/error-code.ts";

/** Error codes of accounts, API keys, dashboard members and invitations. */
export const ACCOUNT_MANAGEMENT_ERRORS = defineErrorCodes({
  SVC_ACCT_001: { status: 404, meaning: "account not found" },
  SVC_KEY_001: { status: 404, meaning: "API key not found in this account" },
  SVC_MEMBER_001: {
    status: 409,
    meaning: "the email already has a dashboard sign-in (emails are unique across accounts)",
  },
  SVC_MEMBER_002: { status: 404, meaning: "dashboard member or invitation not found in this account" },
});
