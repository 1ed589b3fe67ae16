import { defineRoute, type RouteDef } from "../../http/route.ts";
import { COMMON_ERRORS, err } from "../../http/common-responses.ts";
import { CreateReviewBody, ListReviewsQuery, ReviewPage, ReviewSchema } from "./review-schemas.ts";
import { keyReviewer, listReviewPage, recordReview } from "./review-service.ts";

const tags = ["Screening"];

export const screeningReviewsRouter: RouteDef[] = [
  defineRoute({
    method: "post",
    path: "/api/v1/screening/reviews",
    operationId: "createScreeningReview",
    summary: "Record a decision on a sanctions match: cleared (not the listed party) or confirmed",
    description:
      "`party_name`, `list` and `entry_id` as the finding gives them (its field's value and its `context`). Decisions are append-only: " +
      "a new decision on the same party and entry supersedes the previous one for later validations, and both stay in the trail. " +
      "A clearance turns the finding into `info` while the entry is unchanged (its `entry_hash`), for TDS_SCREENING_CLEARANCE_DAYS days.",
    tags,
    auth: "api-key",
    body: CreateReviewBody,
    responses: {
      201: { description: "The decision as stored", schema: ReviewSchema },
      ...COMMON_ERRORS,
      400: err("Malformed JSON or invalid fields (SVC_REQ_001, SVC_REQ_002), with `field`"),
      409: err("The name does not match that entry today (SVC_SCREEN_001), or the entry changed since (SVC_SCREEN_002)"),
      503: err("The sanctions lists are not loaded (SVC_SCREEN_003)"),
    },
    handler: async (c, { body, principal }) => {
      const db = c.var.services.db;
      const review = await recordReview(db, principal.accountId, await keyReviewer(db, principal), body);
      return c.json(review, 201, { Location: `/api/v1/screening/reviews?party=${encodeURIComponent(review.party_name)}` });
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/screening/reviews",
    operationId: "listScreeningReviews",
    summary: "The account's screening decisions, newest first, by party (normalised name), list and decision, with page and limit",
    tags,
    auth: "api-key",
    query: ListReviewsQuery,
    responses: { 200: { description: "A page of decisions", schema: ReviewPage }, 400: COMMON_ERRORS[400], 401: COMMON_ERRORS[401] },
    handler: async (c, { query, principal }) => c.json(await listReviewPage(c.var.services.db, principal.accountId, query), 200),
  }),
];
