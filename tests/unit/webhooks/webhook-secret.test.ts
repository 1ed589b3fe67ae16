import { describe, expect, it } from "vitest";
import { verify } from "@octokit/webhooks-methods";
import { Webhook } from "standardwebhooks";
import {
  decryptSecret,
  encryptSecret,
  generateWebhookSecret,
  isValidWebhookSecret,
  secretPrefix,
  serviceSignature,
  signDelivery,
  standardSignature,
} from "../../../shared/webhooks/webhook-secret.ts";

const body = JSON.stringify({ event: "document.generated", timestamp: "2026-11-21T10:00:00.000Z", data: { job_id: "j1", note: "Łódź ✓" } });

describe("webhook secrets", () => {
  it("are generated in the Standard Webhooks format, unique, 32 random bytes", () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(isValidWebhookSecret(a)).toBe(true);
    expect(generateWebhookSecret()).not.toBe(a);
    expect(secretPrefix(a)).toBe(a.slice(0, 10));
  });

  it("accepts only whsec_ + canonical base64 of 24–64 bytes", () => {
    const b64 = (n: number) => btoa(String.fromCharCode(...new Uint8Array(n).map((_, i) => i * 7)));
    expect(isValidWebhookSecret(`whsec_${b64(24)}`)).toBe(true);
    expect(isValidWebhookSecret(`whsec_${b64(64)}`)).toBe(true);
    for (const bad of [
      b64(32),
      `whsec_${b64(23)}`,
      `whsec_${b64(65)}`,
      "whsec_",
      "whsec_not base64!",
      `whsec_${b64(32).replace(/=+$/, "")}`,
      "my-password",
    ]) {
      expect(isValidWebhookSecret(bad)).toBe(false);
    }
  });

  it("both signatures verify with third-party verifiers, with the same secret string", async () => {
    const secret = generateWebhookSecret();
    const ts = Math.floor(Date.now() / 1000);
    const h = await signDelivery(secret, { id: "6f1c2a4e-0000-4000-8000-000000000001", timestampSeconds: ts, body });
    expect(h["x-service-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(h["x-service-timestamp"]).toBe(String(ts));
    expect(await verify(secret, body, h["x-service-signature"])).toBe(true);
    expect(new Webhook(secret).verify(body, h)).toEqual(JSON.parse(body));
    // Tampering is caught by both.
    expect(await verify(secret, body.replace("j1", "j2"), h["x-service-signature"])).toBe(false);
    expect(() => new Webhook(secret).verify(body.replace("j1", "j2"), h)).toThrow();
    expect(await verify(generateWebhookSecret(), body, h["x-service-signature"])).toBe(false);
    expect(() => new Webhook(generateWebhookSecret()).verify(body, h)).toThrow();
  });

  it("X-Service-Signature is the HMAC keyed with the secret string (a known vector)", async () => {
    // HMAC-SHA256(key "key", "The quick brown fox jumps over the lazy dog") — RFC 4231-style public test vector.
    expect(await serviceSignature("key", "The quick brown fox jumps over the lazy dog")).toBe(
      "sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8",
    );
  });

  it("webhook-signature is the HMAC of id.timestamp.body keyed with the decoded secret (a fixed vector)", () => {
    // Key bytes 0..31; the value is HMAC-SHA256 computed by node:crypto, the same as the hand-written signer gave.
    const secret = `whsec_${btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, i) => i)))}`;
    expect(standardSignature(secret, "msg_2KWPBgLlAfxdpx2AI54pPJ85f4W", 1674087231, '{"test": 2432232314}')).toBe(
      "v1,cAp9TQtaE2ZR9not+U8dvvN3yUkNsSp3s7Jkeij79bQ=",
    );
  });

  it("during a rotation both the new and the previous secret verify webhook-signature", async () => {
    const [next, prev] = [generateWebhookSecret(), generateWebhookSecret()];
    const h = await signDelivery(next, { id: "msg_1", timestampSeconds: Math.floor(Date.now() / 1000), body, extraSecrets: [prev] });
    expect(h["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(next).verify(body, h)).toBeTruthy();
    expect(new Webhook(prev).verify(body, h)).toBeTruthy();
    expect(await verify(next, body, h["x-service-signature"])).toBe(true);
  });

  it("old timestamps are rejected by a Standard Webhooks verifier (replay)", async () => {
    const secret = generateWebhookSecret();
    const h = await signDelivery(secret, { id: "msg_1", timestampSeconds: Math.floor(Date.now() / 1000) - 3600, body });
    expect(() => new Webhook(secret).verify(body, h)).toThrow(/too old/);
  });
});

describe("encryption at rest", () => {
  it("round-trips, and fails with another key, another row, or a changed ciphertext", async () => {
    const secret = generateWebhookSecret();
    const id = crypto.randomUUID();
    const stored = await encryptSecret("material-a", id, secret);
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain(secret.slice(6, 20));
    expect(await encryptSecret("material-a", id, secret)).not.toBe(stored); // fresh IV
    expect(await decryptSecret("material-a", id, stored)).toBe(secret);
    expect(await decryptSecret("material-b", id, stored)).toBeNull();
    expect(await decryptSecret("material-a", crypto.randomUUID(), stored)).toBeNull();
    const [v, iv, ct] = stored.split(".");
    const flipped = ct.slice(0, 5) + (ct[5] === "A" ? "B" : "A") + ct.slice(6);
    expect(await decryptSecret("material-a", id, [v, iv, flipped].join("."))).toBeNull();
    expect(await decryptSecret("material-a", id, "garbage")).toBeNull();
  });
});
