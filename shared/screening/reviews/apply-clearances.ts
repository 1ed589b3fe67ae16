/**
 * Clearances applied to a validation's findings (issue 37). Pure: no I/O, the clock comes in as `now`.
 *
 * A sanctions finding (context with list, entry_id, entry_hash and `lists`, one per listing) is cleared
 * when, for every listing, the latest decision on (party name normalised, list, entry_id) is "cleared",
 * was taken on the entry's current content (same entry_hash) and is younger than `validDays`. It then
 * becomes `info` ("… cleared by <who> on <date>: <reason>") and no longer fails the validation; its
 * context names the clearances applied (the validation record and hash carry them). A finding whose
 * latest decision is "confirmed" stays as it is, with the decision named. A clearance of an entry
 * since amended, or an expired one, is named as such and clears nothing.
 */
import type { RuleResult } from "../../rules/rule-types.ts";
import { normaliseReviewName, reviewPairKey } from "./review-keys.ts";
import type { AppliedClearance, FindingListing, ScreeningReview } from "./review-types.ts";

export type ReviewForClearance = Pick<
  ScreeningReview,
  "id" | "party_name_normalised" | "list" | "entry_id" | "entry_hash" | "decision" | "reason" | "decided_by" | "created_at"
>;

export interface ClearanceOptions {
  now: Date;
  /** TDS_SCREENING_CLEARANCE_DAYS. */
  validDays: number;
  /** The party name a finding is about (the value at its field), as the shipment gives it. */
  partyNameOf: (result: RuleResult) => string | undefined;
}

export interface ClearanceOutcome {
  results: RuleResult[];
  applied: AppliedClearance[];
}

const isText = (v: unknown): v is string => typeof v === "string" && v !== "";

/** The listings a sanctions match finding names; [] for any other finding. */
export function findingListings(result: RuleResult): FindingListing[] {
  const ctx = result.context;
  if (!ctx || !isText(ctx.list) || !isText(ctx.entry_id)) return [];
  const raw = Array.isArray(ctx.lists) && ctx.lists.length > 0 ? ctx.lists : [ctx];
  const out: FindingListing[] = [];
  for (const l of raw as Record<string, unknown>[]) {
    if (!l || !isText(l.list) || !isText(l.entry_id)) continue;
    out.push({ list: l.list, entry_id: l.entry_id, entry_hash: isText(l.entry_hash) ? l.entry_hash : null });
  }
  return out;
}

/** Whether any finding is a sanctions match (validation reads decisions only then). */
export function hasScreeningMatch(results: readonly RuleResult[]): boolean {
  return results.some((r) => r.severity !== "info" && findingListings(r).length > 0);
}

/** The latest decision per (party, list, entry): decisions are append-only, the newest one counts. */
export function latestDecisions(reviews: readonly ReviewForClearance[]): Map<string, ReviewForClearance> {
  const latest = new Map<string, ReviewForClearance>();
  for (const r of reviews) {
    const key = reviewPairKey(r.party_name_normalised, r.list, r.entry_id);
    const seen = latest.get(key);
    if (!seen || seen.created_at < r.created_at || (seen.created_at === r.created_at && seen.id < r.id)) latest.set(key, r);
  }
  return latest;
}

const day = (iso: string) => iso.slice(0, 10);
const DAY_MS = 86_400_000;

type ListingState =
  | { state: "cleared"; review: ReviewForClearance }
  | { state: "confirmed"; review: ReviewForClearance }
  | { state: "entry_changed"; review: ReviewForClearance }
  | { state: "expired"; review: ReviewForClearance }
  | { state: "open" };

function stateOf(listing: FindingListing, review: ReviewForClearance | undefined, opts: ClearanceOptions): ListingState {
  if (!review) return { state: "open" };
  if (review.decision === "confirmed") return { state: "confirmed", review };
  if (listing.entry_hash === null || review.entry_hash !== listing.entry_hash) return { state: "entry_changed", review };
  if (Date.parse(review.created_at) + opts.validDays * DAY_MS <= opts.now.getTime()) return { state: "expired", review };
  return { state: "cleared", review };
}

const by = (r: ReviewForClearance) => `${r.decided_by.label} on ${day(r.created_at)}`;
const entryName = (l: FindingListing) => `${l.list} entry ${l.entry_id}`;

function note(listing: FindingListing, s: ListingState): string | null {
  switch (s.state) {
    case "confirmed":
      return `${entryName(listing)}: match confirmed by ${by(s.review)}: ${s.review.reason}`;
    case "entry_changed":
      return `${entryName(listing)} has changed since it was cleared by ${by(s.review)}; review it again`;
    case "expired":
      return `the clearance of ${entryName(listing)} by ${by(s.review)} has expired; review it again`;
    default:
      return null;
  }
}

export function applyClearances(
  results: readonly RuleResult[],
  reviews: readonly ReviewForClearance[],
  opts: ClearanceOptions,
): ClearanceOutcome {
  if (reviews.length === 0) return { results: [...results], applied: [] };
  const latest = latestDecisions(reviews);
  const applied: AppliedClearance[] = [];
  const out = results.map((result) => {
    if (result.severity === "info") return result;
    const listings = findingListings(result);
    const name = listings.length > 0 ? opts.partyNameOf(result) : undefined;
    if (name === undefined) return result;
    const normalised = normaliseReviewName(name);
    const states = listings.map((l) => stateOf(l, latest.get(reviewPairKey(normalised, l.list, l.entry_id)), opts));
    if (states.every((s) => s.state === "cleared")) {
      const clearances = states.map((s, i): AppliedClearance => {
        const review = (s as { review: ReviewForClearance }).review;
        return {
          review_id: review.id,
          party_name_normalised: normalised,
          list: listings[i].list,
          entry_id: listings[i].entry_id,
          entry_hash: review.entry_hash,
          decided_by: review.decided_by.label,
          decided_at: review.created_at,
          reason: review.reason,
        };
      });
      applied.push(...clearances);
      const phrases = clearances.map(
        (c, i) => `${i === 0 ? "" : `${entryName(listings[i])} `}cleared by ${c.decided_by} on ${day(c.decided_at)}: ${c.reason}`,
      );
      return {
        ...result,
        severity: "info" as const,
        message: `"${name}" matches ${listings.map(entryName).join(", ")}; ${phrases.join("; ")}.`,
        context: { ...result.context, cleared: true, clearances },
      };
    }
    const notes = states.map((s, i) => note(listings[i], s)).filter((n): n is string => n !== null);
    if (notes.length === 0) return result;
    const reviews_ = states.flatMap((s, i) =>
      s.state === "open"
        ? []
        : [
            {
              list: listings[i].list,
              entry_id: listings[i].entry_id,
              state: s.state,
              review_id: s.review.id,
              decided_by: s.review.decided_by.label,
              decided_at: s.review.created_at,
              reason: s.review.reason,
            },
          ],
    );
    return { ...result, message: `${result.message} Review: ${notes.join("; ")}.`, context: { ...result.context, reviews: reviews_ } };
  });
  return { results: out, applied };
}

/** The clearances a validation applied, from its results (the record's and the hash's list). Sorted, pure. */
export function clearancesApplied(results: readonly RuleResult[]): AppliedClearance[] {
  const out: AppliedClearance[] = [];
  for (const r of results) {
    const list = r.context?.clearances;
    if (r.severity === "info" && r.context?.cleared === true && Array.isArray(list)) out.push(...(list as AppliedClearance[]));
  }
  return out.sort((a, b) => (a.review_id < b.review_id ? -1 : a.review_id > b.review_id ? 1 : 0));
}
