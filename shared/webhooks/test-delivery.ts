import type { Queryable } from "../db/types.ts";
import { isUuid } from "../db/values.ts";
import type { EventName } from "../events/outbox.ts";
import { serializeEventBody } from "./event-payloads.ts";

/** Example `data` per event, marked `test: true`, so a receiver can tell a test from real traffic. */
function sampleData(event: EventName): Record<string, unknown> {
  const common = { test: true, job_id: "00000000-0000-4000-8000-000000000000", shipment_id: null };
  switch (event) {
    case "document.generated":
      return {
        ...common,
        document_type: "COMMERCIAL_INVOICE",
        status: "completed",
        download_url: "https://example.invalid/test-document.pdf",
        hash: `sha256:${"0".repeat(64)}`,
      };
    case "document.failed":
      return { ...common, document_type: "COMMERCIAL_INVOICE", status: "failed", error_message: "Test event: nothing failed" };
    case "extraction.completed":
      return { ...common, status: "completed" };
    case "extraction.failed":
      return { ...common, status: "failed", error: { code: "SVC_EXTRACT_002", message: "Test event: nothing failed" } };
    case "screening.match":
      return {
        test: true,
        match_id: "00000000-0000-4000-8000-000000000000",
        party_id: "party_00000000000000000000000000000000",
        shipment_id: null,
        party_role: null,
        party_name: "Example Trading Ltd",
        list: "OFAC SDN",
        entry_id: "0",
        entry_hash: "0".repeat(64),
        program: "TEST",
        effect: "asset_freeze",
        severity: "error",
        entry_name: "EXAMPLE TRADING LTD",
        matched_name: "EXAMPLE TRADING LTD",
        score: 1,
      };
  }
}

export type TestDeliveryResult =
  | { ok: true; deliveryId: string; event: EventName }
  | { ok: false; reason: "not_found" | "subscription_inactive" };

/**
 * "Send test event" (dashboard): one delivery to this subscription only, of the first event it subscribes
 * to, with example data marked test: true. It goes through the normal queue, so it is signed, retried and
 * logged like any delivery; no outbox event is written (other subscriptions do not receive it).
 */
export async function enqueueTestDelivery(
  db: Queryable,
  accountId: string,
  subscriptionId: string,
  now = new Date(),
): Promise<TestDeliveryResult> {
  if (!isUuid(subscriptionId)) return { ok: false, reason: "not_found" };
  const subs = await db.query<{ active: boolean; events: unknown }>(
    "select active, events from webhook_subscriptions where id = $1 and account_id = $2",
    [subscriptionId, accountId],
  );
  const sub = subs[0];
  if (!sub) return { ok: false, reason: "not_found" };
  if (!sub.active) return { ok: false, reason: "subscription_inactive" };
  const events = (typeof sub.events === "string" ? JSON.parse(sub.events) : sub.events) as EventName[];
  const event: EventName = events[0] ?? "document.generated";
  const body = serializeEventBody({ event, timestamp: now.toISOString(), data: sampleData(event) });
  const rows = await db.query<{ id: string }>(
    `insert into webhook_deliveries (account_id, subscription_id, event_id, event, body, next_attempt_at)
     values ($1, $2, $3, $4, $5, now()) returning id`,
    [accountId, subscriptionId, crypto.randomUUID(), event, body],
  );
  return { ok: true, deliveryId: rows[0].id, event };
}
