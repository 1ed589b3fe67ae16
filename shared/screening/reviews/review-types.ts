/** Screening reviews (issue 37, docs/sanctions-screening.md "Reviews"): the types the API, the dashboard and validation share. */

export const REVIEW_DECISIONS = ["cleared", "confirmed"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** Who decided: an API key (its name as it was then) or a dashboard member (their email). */
export interface Reviewer {
  kind: "api_key" | "member";
  id: string;
  label: string;
}

/** One stored decision, as the API answers it. */
export interface ScreeningReview {
  id: string;
  party_name: string;
  party_name_normalised: string;
  list: string;
  entry_id: string;
  entry_hash: string;
  decision: ReviewDecision;
  reason: string;
  decided_by: Reviewer;
  created_at: string;
}

/** A listing of a finding, as the sanctions finding's context names it. */
export interface FindingListing {
  list: string;
  entry_id: string;
  entry_hash: string | null;
}

/** What the validation record's results and hash name for each clearance applied. */
export interface AppliedClearance {
  review_id: string;
  party_name_normalised: string;
  list: string;
  entry_id: string;
  entry_hash: string;
  decided_by: string;
  decided_at: string;
  reason: string;
}
