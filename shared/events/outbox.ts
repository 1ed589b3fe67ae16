import type { Queryable } from "../db/types.ts";

export const EVENT_NAMES = [
  "document.generated",
  "document.failed",
  "extraction.completed",
  "extraction.failed",
  "screening.match",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export interface EventPayload {
  event: EventName;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Writes an event to the outbox. Call it inside the transaction that makes the change it reports, so an
 * event exists exactly when the change does; the webhook dispatcher delivers it afterwards.
 */
export async function enqueueEvent(
  db: Queryable,
  accountId: string,
  event: EventName,
  data: Record<string, unknown>,
  at = new Date(),
): Promise<string> {
  const payload: EventPayload = { event, timestamp: at.toISOString(), data };
  const rows = await db.query<{ id: string }>(
    "insert into event_outbox (account_id, event, payload, created_at) values ($1, $2, $3::text::jsonb, $4) returning id",
    [accountId, event, JSON.stringify(payload), at.toISOString()],
  );
  return rows[0].id;
}
