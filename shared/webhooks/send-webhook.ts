import { concatBytes } from "../decompression/read-bytes.ts";
import type { AttemptOutcome, AttemptResult } from "./delivery-queue.ts";
import { checkDeliveryTarget, systemResolver, type Resolver, type UrlPolicy } from "./url-safety.ts";

export const USER_AGENT = "TradeDocumentService-Webhooks/1";
/** How much of the receiver's answer the attempt log keeps. */
export const EXCERPT_CHARS = 500;
const EXCERPT_READ_BYTES = 2048;

export interface SendRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface SendOptions {
  timeoutMs: number;
  policy: UrlPolicy;
  resolve?: Resolver;
}

/** Reads at most EXCERPT_READ_BYTES of the answer, then drops the rest. Never throws. */
async function readExcerpt(res: Response): Promise<string | null> {
  if (!res.body) return null;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_READ_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    /* timeout or reset while reading: keep what arrived */
  } finally {
    reader.cancel().catch(() => {});
  }
  const all = concatBytes(chunks);
  const text = new TextDecoder("utf-8", { fatal: false }).decode(all.subarray(0, EXCERPT_READ_BYTES));
  return text ? text.slice(0, EXCERPT_CHARS) : null;
}

function describeError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ? `${e.message} (${cause.code}${cause.message ? `: ${cause.message}` : ""})` : e.message;
}

/**
 * One attempt: the SSRF check (resolved addresses must be public), then a POST with the signed
 * headers. Redirects are not followed (a 3xx is a failure), the whole attempt — DNS, connect, answer
 * and the excerpt — has `timeoutMs`. Only a 2xx answer is a success.
 */
export async function sendWebhook(req: SendRequest, options: SendOptions): Promise<AttemptResult> {
  const startedAt = new Date();
  const t0 = performance.now();
  const signal = AbortSignal.timeout(options.timeoutMs);
  const done = (
    outcome: AttemptOutcome,
    statusCode: number | null,
    error: string | null,
    responseExcerpt: string | null = null,
  ): AttemptResult => ({
    outcome,
    statusCode,
    error,
    responseExcerpt,
    startedAt,
    durationMs: performance.now() - t0,
  });
  const timedOut = () => done("timeout", null, `no answer within ${options.timeoutMs} ms`);

  const aborted = new Promise<"aborted">((resolve) => signal.addEventListener("abort", () => resolve("aborted"), { once: true }));
  const target = await Promise.race([checkDeliveryTarget(req.url, options.policy, options.resolve ?? systemResolver), aborted]);
  if (target === "aborted") return timedOut();
  if (!target.ok) return done(target.outcome, null, target.reason);

  let res: Response;
  try {
    res = await fetch(req.url, {
      method: "POST",
      headers: { "user-agent": USER_AGENT, ...req.headers },
      body: req.body,
      redirect: "manual",
      signal,
    });
  } catch (e) {
    return signal.aborted ? timedOut() : done("network_error", null, describeError(e));
  }
  const excerpt = await readExcerpt(res);
  if (res.status >= 200 && res.status < 300) return done("success", res.status, null, excerpt);
  if (res.status >= 300 && res.status < 400) {
    const location = res.headers.get("location");
    return done("redirect", res.status, `redirect${location ? ` to ${location.slice(0, 300)}` : ""} not followed`, excerpt);
  }
  return done("http_error", res.status, `HTTP ${res.status}`, excerpt);
}
