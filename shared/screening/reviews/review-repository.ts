/**
 * SQL of screening reviews. Every query is scoped to the account; rows are only ever inserted (the
 * table refuses update and delete itself, supabase/migrations/20261201003751_screening_reviews.sql).
 */
import type { Queryable, Row } from "../../db/types.ts";
import { toIso } from "../../db/values.ts";
import type { ReviewDecision, Reviewer, ScreeningReview } from "./review-types.ts";

const COLUMNS =
  "id, party_name, party_name_normalised, list, entry_id, entry_hash, decision, reason, decided_by_kind, decided_by_id, decided_by_label, created_at";

function toReview(r: Row): ScreeningReview {
  return {
    id: String(r.id),
    party_name: String(r.party_name),
    party_name_normalised: String(r.party_name_normalised),
    list: String(r.list),
    entry_id: String(r.entry_id),
    entry_hash: String(r.entry_hash),
    decision: r.decision as ReviewDecision,
    reason: String(r.reason),
    decided_by: { kind: r.decided_by_kind as Reviewer["kind"], id: String(r.decided_by_id), label: String(r.decided_by_label) },
    created_at: toIso(r.created_at)!,
  };
}

/** A decision to store: a review without what the insert gives it (id, time), with who decided. */
export type NewReview = Omit<ScreeningReview, "id" | "decided_by" | "created_at"> & { reviewer: Reviewer };

export async function insertReview(db: Queryable, accountId: string, r: NewReview, at?: Date): Promise<ScreeningReview> {
  const rows = await db.query(
    `insert into screening_reviews (account_id, party_name, party_name_normalised, list, entry_id, entry_hash, decision, reason,
       decided_by_kind, decided_by_id, decided_by_label, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, coalesce($12::timestamptz, now())) returning ${COLUMNS}`,
    [
      accountId,
      r.party_name,
      r.party_name_normalised,
      r.list,
      r.entry_id,
      r.entry_hash,
      r.decision,
      r.reason,
      r.reviewer.kind,
      r.reviewer.id,
      r.reviewer.label,
      at ? at.toISOString() : null,
    ],
  );
  return toReview(rows[0]);
}

export interface ReviewFilter {
  partyNormalised?: string;
  list?: string;
  decision?: ReviewDecision;
  limit: number;
  offset: number;
}

/** Newest first. */
export async function listReviews(
  db: Queryable,
  accountId: string,
  f: ReviewFilter,
): Promise<{ reviews: ScreeningReview[]; total: number }> {
  const where = `account_id = $1 and ($2::text is null or party_name_normalised = $2)
    and ($3::text is null or list = $3) and ($4::text is null or decision = $4)`;
  const params = [accountId, f.partyNormalised ?? null, f.list ?? null, f.decision ?? null];
  const [rows, count] = await Promise.all([
    db.query(`select ${COLUMNS} from screening_reviews where ${where} order by created_at desc, id desc limit $5 offset $6`, [
      ...params,
      f.limit,
      f.offset,
    ]),
    db.query<{ n: number }>(`select count(*)::int as n from screening_reviews where ${where}`, params),
  ]);
  return { reviews: rows.map(toReview), total: Number(count[0].n) };
}

/** Every decision of the account on these (normalised) party names: what a validation applies. */
export async function reviewsForNames(db: Queryable, accountId: string, normalisedNames: readonly string[]): Promise<ScreeningReview[]> {
  if (normalisedNames.length === 0) return [];
  const rows = await db.query(
    `select ${COLUMNS} from screening_reviews
      where account_id = $1 and party_name_normalised in (select jsonb_array_elements_text($2::text::jsonb))`,
    [accountId, JSON.stringify([...new Set(normalisedNames)])],
  );
  return rows.map(toReview);
}

/** The name of an API key of the account (the reviewer's label); null when it is not the account's. */
export async function apiKeyName(db: Queryable, accountId: string, keyId: string): Promise<string | null> {
  const rows = await db.query<{ name: string }>("select name from api_keys where id::text = $1 and account_id = $2", [keyId, accountId]);
  return rows[0]?.name ?? null;
}
