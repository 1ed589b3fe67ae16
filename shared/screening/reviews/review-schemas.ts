/** Request and response schemas of the screening review endpoints. */
import { z } from "zod";
import { REVIEW_DECISIONS } from "./review-types.ts";

const NO_NUL = [(s: string) => !s.includes("\u0000"), { message: "must not contain NUL characters (\\u0000)" }] as const;

const text = (max: number, description: string) =>
  z
    .string()
    .trim()
    .min(1, "cannot be empty")
    .max(max)
    .refine(...NO_NUL)
    .describe(description);

export const CreateReviewBody = z.strictObject({
  party_name: text(300, "The party's name as the shipment gives it (the finding's field)"),
  list: text(100, 'The list as the finding\'s context gives it, e.g. "OFAC SDN"'),
  entry_id: text(100, "The entry id as the finding's context gives it"),
  decision: z.enum(REVIEW_DECISIONS).describe("cleared: not the listed party; confirmed: the listed party"),
  reason: text(2000, "Why: the evidence looked at (addresses, registration numbers, dates of birth …)"),
  entry_hash: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "must be 64 lower-case hexadecimal characters")
    .optional()
    .describe("Optional: the entry_hash of the finding reviewed; refused (SVC_SCREEN_002) when the entry has changed since"),
});
export type CreateReviewInput = z.output<typeof CreateReviewBody>;

export const ListReviewsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  party: z.string().trim().min(1).max(300).optional().describe("Party name: decisions on this name (compared normalised)"),
  list: z.string().trim().min(1).max(100).optional().describe("Only decisions on this list"),
  decision: z.enum(REVIEW_DECISIONS).optional(),
});
export type ListReviewsInput = z.output<typeof ListReviewsQuery>;

export const ReviewSchema = z.object({
  id: z.string(),
  party_name: z.string(),
  party_name_normalised: z.string().describe("The name as decisions are matched: folded case and accents, punctuation as spaces"),
  list: z.string(),
  entry_id: z.string(),
  entry_hash: z.string().describe("SHA-256 of the entry's content when the decision was taken; a changed entry re-opens a clearance"),
  decision: z.enum(REVIEW_DECISIONS),
  reason: z.string(),
  decided_by: z.object({
    kind: z.enum(["api_key", "member"]),
    id: z.string(),
    label: z.string().describe("The API key's name or the member's email, as they were when deciding"),
  }),
  created_at: z.string().describe("ISO 8601 timestamp"),
});

export const ReviewPage = z.object({
  reviews: z.array(ReviewSchema),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), total_pages: z.number().int() }),
});
