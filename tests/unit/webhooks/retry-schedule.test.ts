import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  JITTER,
  DELIVERY_ATTEMPTS_PER_SCHEDULE,
  RETRY_DELAYS_SECONDS,
  retryDelaySeconds,
} from "../../../shared/webhooks/retry-schedule.ts";
import { serializeEventBody, EVENT_DATA_SCHEMAS } from "../../../shared/webhooks/event-payloads.ts";

describe("retry schedule", () => {
  it("spans about a day over nine attempts and grows", () => {
    expect(DELIVERY_ATTEMPTS_PER_SCHEDULE).toBe(9);
    const total = RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0);
    expect(total / 3600).toBeGreaterThan(20);
    expect(total / 3600).toBeLessThan(30);
    for (let i = 1; i < RETRY_DELAYS_SECONDS.length; i++)
      expect(RETRY_DELAYS_SECONDS[i]).toBeGreaterThanOrEqual(RETRY_DELAYS_SECONDS[i - 1]);
  });

  it("has no delay after the last attempt or before the first", () => {
    expect(retryDelaySeconds(0)).toBeNull();
    expect(retryDelaySeconds(DELIVERY_ATTEMPTS_PER_SCHEDULE)).toBeNull();
    expect(retryDelaySeconds(DELIVERY_ATTEMPTS_PER_SCHEDULE + 5)).toBeNull();
  });

  it("property: jitter stays within ±20 % of the step", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: DELIVERY_ATTEMPTS_PER_SCHEDULE - 1 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, r) => {
          const base = RETRY_DELAYS_SECONDS[n - 1];
          const d = retryDelaySeconds(n, r)!;
          expect(d).toBeGreaterThanOrEqual(Math.floor(base * (1 - JITTER)));
          expect(d).toBeLessThanOrEqual(Math.ceil(base * (1 + JITTER)));
        },
      ),
    );
    expect(retryDelaySeconds(1, 0)).toBe(8);
    expect(retryDelaySeconds(1, 0.999999)).toBe(12);
  });
});

describe("event bodies", () => {
  it("serialise as {event, timestamp, data} in that order", () => {
    const text = serializeEventBody({ data: { b: 1 }, timestamp: "2026-01-01T00:00:00.000Z", event: "document.failed" } as never);
    expect(text).toBe('{"event":"document.failed","timestamp":"2026-01-01T00:00:00.000Z","data":{"b":1}}');
  });

  it("the documented example payloads match the schemas", () => {
    const hash = `sha256:${"ab".repeat(32)}`;
    expect(
      EVENT_DATA_SCHEMAS["document.generated"].safeParse({
        job_id: "j",
        shipment_id: "s",
        document_type: "COMMERCIAL_INVOICE",
        status: "completed",
        download_url: "https://x/y",
        hash,
      }).success,
    ).toBe(true);
    expect(
      EVENT_DATA_SCHEMAS["document.failed"].safeParse({
        job_id: "j",
        shipment_id: "s",
        document_type: "COMMERCIAL_INVOICE",
        status: "failed",
        error_message: "x",
      }).success,
    ).toBe(true);
    expect(EVENT_DATA_SCHEMAS["extraction.completed"].safeParse({ job_id: "j", shipment_id: null, status: "completed" }).success).toBe(
      true,
    );
    expect(
      EVENT_DATA_SCHEMAS["extraction.failed"].safeParse({
        job_id: "j",
        shipment_id: null,
        status: "failed",
        error: { code: "SVC_EXTRACT_002", message: "m" },
      }).success,
    ).toBe(true);
    expect(EVENT_DATA_SCHEMAS["extraction.failed"].safeParse({ job_id: "j", shipment_id: null, status: "failed" }).success).toBe(false);
  });
});
