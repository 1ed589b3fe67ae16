// A webhook receiver for the Trade Document Service: Node 20+, no dependencies.
//
//   WEBHOOK_SECRET=whsec_… PORT=3000 node docs/examples/webhook-receiver-node.mjs
//
// It checks both signatures the service sends (either one alone would do), compares them in constant
// time, rejects timestamps more than 5 minutes away from now (replays), and handles each webhook-id once
// (the same delivery may arrive more than once: delivery is at least once).
import { createServer } from "node:http";
import { createHmac, timingSafeEqual } from "node:crypto";
import { pathToFileURL } from "node:url";

export const TOLERANCE_SECONDS = 5 * 60;
const MAX_BODY_BYTES = 1024 * 1024;

/** Constant-time comparison of two strings (different lengths are simply unequal). */
function safeEqual(a, b) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function freshTimestamp(value, nowSeconds) {
  const ts = Number(value);
  return Number.isInteger(ts) && Math.abs(nowSeconds - ts) <= TOLERANCE_SECONDS;
}

/**
 * Verifies a delivery. `rawBody` is the body exactly as received (a string); `headers` are Node's
 * lower-cased request headers. Returns { ok: true, payload } or { ok: false, reason }.
 */
export function verifyWebhook(secret, rawBody, headers, nowSeconds = Math.floor(Date.now() / 1000)) {
  // 1. X-Service-Signature: sha256=<hex HMAC-SHA256 of the raw body>, keyed with the secret string.
  //    It covers the body only, so X-Service-Timestamp could be replaced by a replayer; the timestamp
  //    check that really counts is step 2's, whose signature includes the timestamp.
  const serviceSig = headers["x-service-signature"];
  const serviceTs = headers["x-service-timestamp"];
  if (!serviceSig || !serviceTs) return { ok: false, reason: "missing X-Service-Signature or X-Service-Timestamp" };
  const expectedService = "sha256=" + createHmac("sha256", secret).update(rawBody).digest("hex");
  if (!safeEqual(serviceSig, expectedService)) return { ok: false, reason: "X-Service-Signature does not match" };
  if (!freshTimestamp(serviceTs, nowSeconds)) return { ok: false, reason: "X-Service-Timestamp too old or too new" };

  // 2. Standard Webhooks: webhook-signature = "v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>",
  //    keyed with the base64-decoded part of the secret after "whsec_". Several values may be sent
  //    (space-separated) while a secret is being rotated: one match is enough.
  const id = headers["webhook-id"];
  const ts = headers["webhook-timestamp"];
  const signatures = headers["webhook-signature"];
  if (!id || !ts || !signatures) return { ok: false, reason: "missing webhook-id, webhook-timestamp or webhook-signature" };
  if (!freshTimestamp(ts, nowSeconds)) return { ok: false, reason: "webhook-timestamp too old or too new" };
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${ts}.${rawBody}`).digest("base64");
  const matches = signatures.split(" ").some((s) => {
    const [version, sig] = s.split(",");
    return version === "v1" && sig !== undefined && safeEqual(sig, expected);
  });
  if (!matches) return { ok: false, reason: "webhook-signature does not match" };

  return { ok: true, payload: JSON.parse(rawBody) };
}

/** An HTTP server that accepts verified deliveries and calls onEvent once per webhook-id. */
export function createReceiver({ secret, onEvent }) {
  // In production keep the handled ids in your database (with a unique constraint), not in memory.
  const seen = new Set();
  return createServer((req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST" }).end();
      return;
    }
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on("end", async () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const result = verifyWebhook(secret, rawBody, req.headers);
      if (!result.ok) {
        res.writeHead(401, { "content-type": "text/plain" }).end(result.reason);
        return;
      }
      const id = req.headers["webhook-id"];
      if (seen.has(id)) {
        res.writeHead(200, { "content-type": "text/plain" }).end("duplicate, already handled");
        return;
      }
      try {
        await onEvent(result.payload, id);
        seen.add(id);
        res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      } catch (e) {
        // Any non-2xx answer makes the service retry later.
        res.writeHead(500, { "content-type": "text/plain" }).end(String(e));
      }
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) {
    console.error("Set WEBHOOK_SECRET to the subscription's secret (whsec_…)");
    process.exit(1);
  }
  const host = process.env.HOST || "127.0.0.1";
  const server = createReceiver({
    secret,
    onEvent: (payload, id) => console.log(JSON.stringify({ received: id, event: payload.event, timestamp: payload.timestamp, data: payload.data })),
  });
  server.listen(Number(process.env.PORT ?? 3000), host, () => {
    console.log(`webhook receiver listening on http://${host}:${server.address().port}`);
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}
