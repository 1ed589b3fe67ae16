/**
 * Screening reviews: record a decision (the API with a key, the dashboard for owners and admins) and
 * read them back. One service for both, so the checks and the audit trail are the same.
 */
import type { Db } from "../../db/types.ts";
import { AppError } from "../../errors/app-error.ts";
import { pageOffset, pagination } from "../../http/pagination.ts";
import type { KeyPrincipal } from "../../accounts/account-repository.ts";
import type { DashboardMember } from "../../accounts/member-roles.ts";
import { currentListings } from "./current-listings.ts";
import { normaliseReviewName } from "./review-keys.ts";
import { SCREENING_REVIEW_ERRORS } from "./review-errors.ts";
import { apiKeyName, insertReview, listReviews } from "./review-repository.ts";
import type { CreateReviewInput, ListReviewsInput } from "./review-schemas.ts";
import type { Reviewer, ScreeningReview } from "./review-types.ts";

/** The reviewer of an API call: the key, labelled with its name. */
export async function keyReviewer(db: Db, principal: KeyPrincipal): Promise<Reviewer> {
  const name = await apiKeyName(db, principal.accountId, principal.keyId);
  return { kind: "api_key", id: principal.keyId, label: `API key "${name ?? principal.keyId}"` };
}

export function memberReviewer(member: DashboardMember): Reviewer {
  return { kind: "member", id: member.id, label: member.email };
}

/**
 * Records a decision on a match the party name has today: the list and entry must be one of the
 * listings screening finds for the name (SVC_SCREEN_001 otherwise), and the decision stores the entry's
 * current content hash, so that a later change of the entry re-opens a clearance.
 */
export async function recordReview(db: Db, accountId: string, reviewer: Reviewer, input: CreateReviewInput): Promise<ScreeningReview> {
  const current = await currentListings(db, input.party_name);
  if (!current.loaded) {
    throw new AppError(SCREENING_REVIEW_ERRORS.SVC_SCREEN_003, "The sanctions lists are not loaded: there is no match to review yet");
  }
  const listing = current.listings.find((l) => l.list === input.list && l.entry_id === input.entry_id);
  if (!listing || listing.entry_hash === null) {
    throw new AppError(
      SCREENING_REVIEW_ERRORS.SVC_SCREEN_001,
      `"${input.party_name}" does not match ${input.list} entry ${input.entry_id} in today's screening; a decision is taken on a finding's list and entry`,
      { details: { field: "entry_id", matches: current.listings.map((l) => ({ list: l.list, entry_id: l.entry_id })) } },
    );
  }
  if (input.entry_hash !== undefined && input.entry_hash !== listing.entry_hash) {
    throw new AppError(
      SCREENING_REVIEW_ERRORS.SVC_SCREEN_002,
      `${input.list} entry ${input.entry_id} has changed since the finding was read; validate again and review the entry as it is now`,
      { details: { field: "entry_hash", current_entry_hash: listing.entry_hash } },
    );
  }
  return insertReview(db, accountId, {
    party_name: input.party_name,
    party_name_normalised: normaliseReviewName(input.party_name),
    list: input.list,
    entry_id: input.entry_id,
    entry_hash: listing.entry_hash,
    decision: input.decision,
    reason: input.reason,
    reviewer,
  });
}

export async function listReviewPage(db: Db, accountId: string, q: ListReviewsInput) {
  const { reviews, total } = await listReviews(db, accountId, {
    partyNormalised: q.party === undefined ? undefined : normaliseReviewName(q.party),
    list: q.list,
    decision: q.decision,
    limit: q.limit,
    offset: pageOffset(q),
  });
  return { reviews, pagination: pagination(q, total) };
}
