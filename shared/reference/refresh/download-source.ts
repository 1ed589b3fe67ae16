/**
 * Downloads one source file over HTTP(S): a time limit, the publisher's date (Last-Modified), the
 * file name the publisher gives (Content-Disposition or the final address after redirects), and the
 * byte count as it arrives (terminal progress). Anything but 2xx is an error that names the status.
 */
import { concatBytes } from "../../decompression/read-bytes.ts";
import { sha256Hex } from "../../hashing/sha256.ts";

export interface DownloadedFile {
  key: string;
  /** The address asked for. */
  url: string;
  /** The address that answered (after redirects): it often carries the version (…/v4.0.1205/…). */
  finalUrl: string;
  /** Publisher's file name when given (Content-Disposition), else the last segment of finalUrl. */
  fileName: string;
  bytes: Uint8Array;
  /** Last-Modified as ISO 8601, when the server sends it. */
  lastModified: string | null;
}

export class DownloadError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.name = "DownloadError";
    this.status = status;
  }
}

export type DownloadProgress = (received: number, total: number | null) => void;

function fileNameOf(res: Response, finalUrl: string): string {
  const cd = res.headers.get("content-disposition") ?? "";
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(cd);
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(cd);
  const raw = star?.[1] ?? plain?.[1];
  if (raw) {
    try {
      return decodeURIComponent(raw.trim());
    } catch {
      return raw.trim();
    }
  }
  try {
    const path = new URL(finalUrl).pathname;
    return decodeURIComponent(path.slice(path.lastIndexOf("/") + 1));
  } catch {
    return "";
  }
}

function isoDate(header: string | null): string | null {
  if (!header) return null;
  const t = Date.parse(header);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** Returns null for a 404 when `optional` (an optional file the source does not publish). */
export async function downloadSourceFile(
  file: { key: string; url: string; optional?: boolean },
  options: { timeoutMs: number; onProgress?: DownloadProgress; fetch?: typeof fetch },
): Promise<DownloadedFile | null> {
  const doFetch = options.fetch ?? fetch;
  let res: Response | undefined;
  // A connection the server closed while idle (keep-alive) fails at once: retried twice, briefly.
  for (let attempt = 1; !res; attempt++) {
    try {
      res = await doFetch(file.url, { signal: AbortSignal.timeout(options.timeoutMs), redirect: "follow", headers: { accept: "*/*" } });
    } catch (e) {
      const timedOut = e instanceof Error && e.name === "TimeoutError";
      const aborted = e instanceof Error && e.name === "AbortError";
      if (!timedOut && !aborted && attempt < 3) {
        await new Promise((r) => setTimeout(r, 200 * attempt));
        continue;
      }
      const why =
        e instanceof Error
          ? timedOut
            ? `no answer within ${Math.round(options.timeoutMs / 1000)} s`
            : e.cause instanceof Error
              ? e.cause.message
              : e.message
          : String(e);
      throw new DownloadError(`${file.url} could not be reached: ${why}`);
    }
  }
  if (res.status === 404 && file.optional) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new DownloadError(`${file.url} answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""}`, res.status);
  }
  const length = Number(res.headers.get("content-length"));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.length;
        options.onProgress?.(received, total);
      }
    }
  } catch (e) {
    throw new DownloadError(`${file.url}: the download broke off after ${received} bytes (${e instanceof Error ? e.message : String(e)})`);
  }
  if (total !== null && received < total && !res.headers.get("content-encoding")) {
    throw new DownloadError(`${file.url}: got ${received} of ${total} bytes`);
  }
  const bytes = concatBytes(chunks);
  const finalUrl = res.url || file.url;
  return {
    key: file.key,
    url: file.url,
    finalUrl,
    fileName: fileNameOf(res, finalUrl),
    bytes,
    lastModified: isoDate(res.headers.get("last-modified")),
  };
}

/** sha256 over each file's key and bytes, in the source's file order: equal only when every file is. */
export async function checksumOf(files: readonly DownloadedFile[]): Promise<string> {
  const parts: string[] = [];
  for (const f of files) parts.push(`${f.key}:${await sha256Hex(f.bytes)}`);
  return `sha256:${await sha256Hex(parts.join("\n"))}`;
}
