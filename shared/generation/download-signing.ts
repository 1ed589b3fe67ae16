/**
 * Signed download addresses: /api/v1/documents/<jobId>/download?expires=<unix>&signature=<hex>, the
 * signature an HMAC-SHA256 of "<jobId>.<expires>" with the download secret. They work without headers
 * and stop working at `expires`.
 */
import { timingSafeEqualText } from "../hashing/constant-time.ts";
import { bytesToHex } from "../hashing/bytes-to-hex.ts";
import { hmacSha256 } from "../hashing/sha256.ts";

async function hmacHex(secret: string, text: string): Promise<string> {
  return bytesToHex(await hmacSha256(secret, text));
}

/** The file variants of a job: the generated PDF, and its PDF/A-2b copy once flatten-document made one. */
export type DownloadVariant = "original" | "pdfa";

function signedText(jobId: string, expires: number | string, variant: DownloadVariant): string {
  return variant === "original" ? `${jobId}.${expires}` : `${jobId}.${variant}.${expires}`;
}

export async function signDownloadUrl(
  baseUrl: string,
  jobId: string,
  secret: string,
  ttlSeconds: number,
  now = new Date(),
  variant: DownloadVariant = "original",
): Promise<string> {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const signature = await hmacHex(secret, signedText(jobId, expires, variant));
  const v = variant === "original" ? "" : `variant=${variant}&`;
  return `${baseUrl}/api/v1/documents/${jobId}/download?${v}expires=${expires}&signature=${signature}`;
}

export type SignatureCheck = "valid" | "expired" | "invalid";

export async function checkDownloadSignature(
  jobId: string,
  expires: string,
  signature: string,
  secret: string,
  now = new Date(),
  variant: DownloadVariant = "original",
): Promise<SignatureCheck> {
  if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return "invalid";
  if (!timingSafeEqualText(await hmacHex(secret, signedText(jobId, expires, variant)), signature)) return "invalid";
  return Number(expires) * 1000 < now.getTime() ? "expired" : "valid";
}
