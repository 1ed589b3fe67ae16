// A webhook receiver for the Trade Document Service on Deno (or a Supabase Edge Function):
//
//   WEBHOOK_SECRET=whsec_… PORT=3000 deno run --allow-net --allow-env docs/examples/webhook-receiver-deno.ts
//
// WebCrypto's crypto.subtle.verify compares HMACs in constant time, so no hand-written comparison is
// needed. Timestamps more than 5 minutes from now are rejected (replays), and each webhook-id is handled
// once (delivery is at least once).

export const TOLERANCE_SECONDS = 5 * 60;
const encoder = new TextEncoder();

function hexToBytes(hex: string): Uint8Array | null {
  if (!/^[0-9a-f]*$/i.test(hex) || hex.length % 2) return null;
  return Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
}

function base64ToBytes(b64: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function hmacKey(raw: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
}

function fresh(value: string | null, nowSeconds: number): boolean {
  const ts = Number(value);
  return Number.isInteger(ts) && Math.abs(nowSeconds - ts) <= TOLERANCE_SECONDS;
}

export async function verifyWebhook(
  secret: string,
  rawBody: string,
  headers: Headers,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<{ ok: true; payload: unknown } | { ok: false; reason: string }> {
  // 1. X-Service-Signature: sha256=<hex HMAC-SHA256 of the raw body>, keyed with the secret string.
  //    It covers the body only; step 2's signature also covers the timestamp, which stops replays.
  const serviceSig = headers.get("x-service-signature") ?? "";
  const serviceBytes = serviceSig.startsWith("sha256=") ? hexToBytes(serviceSig.slice(7)) : null;
  const bodyKey = await hmacKey(encoder.encode(secret));
  if (!serviceBytes || !(await crypto.subtle.verify("HMAC", bodyKey, serviceBytes, encoder.encode(rawBody)))) {
    return { ok: false, reason: "X-Service-Signature does not match" };
  }
  if (!fresh(headers.get("x-service-timestamp"), nowSeconds)) return { ok: false, reason: "X-Service-Timestamp too old or too new" };

  // 2. Standard Webhooks: v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}> keyed with the decoded secret.
  const id = headers.get("webhook-id");
  const ts = headers.get("webhook-timestamp");
  const signatures = headers.get("webhook-signature");
  if (!id || !ts || !signatures) return { ok: false, reason: "missing webhook-id, webhook-timestamp or webhook-signature" };
  if (!fresh(ts, nowSeconds)) return { ok: false, reason: "webhook-timestamp too old or too new" };
  const keyBytes = base64ToBytes(secret.replace(/^whsec_/, ""));
  if (!keyBytes) return { ok: false, reason: "the secret is not whsec_<base64>" };
  const key = await hmacKey(keyBytes);
  const signed = encoder.encode(`${id}.${ts}.${rawBody}`);
  for (const value of signatures.split(" ")) {
    const [version, sig] = value.split(",");
    const bytes = version === "v1" && sig ? base64ToBytes(sig) : null;
    if (bytes && (await crypto.subtle.verify("HMAC", key, bytes, signed))) return { ok: true, payload: JSON.parse(rawBody) };
  }
  return { ok: false, reason: "webhook-signature does not match" };
}

export function createHandler(secret: string, onEvent: (payload: unknown, id: string) => void | Promise<void>) {
  // In production keep the handled ids in your database (with a unique constraint), not in memory.
  const seen = new Set<string>();
  return async (req: Request): Promise<Response> => {
    if (req.method !== "POST") return new Response(null, { status: 405, headers: { allow: "POST" } });
    const rawBody = await req.text();
    const result = await verifyWebhook(secret, rawBody, req.headers);
    if (!result.ok) return new Response(result.reason, { status: 401 });
    const id = req.headers.get("webhook-id")!;
    if (seen.has(id)) return new Response("duplicate, already handled");
    try {
      await onEvent(result.payload, id);
      seen.add(id);
      return new Response("ok");
    } catch (e) {
      return new Response(String(e), { status: 500 }); // the service retries later
    }
  };
}

if (import.meta.main) {
  const secret = Deno.env.get("WEBHOOK_SECRET");
  if (!secret) {
    console.error("Set WEBHOOK_SECRET to the subscription's secret (whsec_…)");
    Deno.exit(1);
  }
  const hostname = Deno.env.get("HOST") ?? "127.0.0.1";
  Deno.serve(
    {
      hostname,
      port: Number(Deno.env.get("PORT") ?? 3000),
      onListen: ({ hostname, port }) => console.log(`webhook receiver listening on http://${hostname}:${port}`),
    },
    createHandler(secret, (payload, id) => {
      const p = payload as { event: string; timestamp: string; data: unknown };
      console.log(JSON.stringify({ received: id, event: p.event, timestamp: p.timestamp, data: p.data }));
    }),
  );
}
