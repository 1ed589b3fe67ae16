import { AwsClient } from "aws4fetch";
import { assertBlobKey, type BlobStore } from "./blob-store.ts";

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com, https://<project>.supabase.co/storage/v1/s3, http://127.0.0.1:9000 */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** One bucket for everything (keys keep their `documents/…` prefix); unset: the key's first segment is the bucket. */
  bucket?: string;
  /** https://<bucket>.<endpoint host>/<key> instead of <endpoint>/<bucket>/<key> (path style works on MinIO, R2, Supabase). */
  virtualHosted?: boolean;
}

/**
 * Any S3-compatible object store (AWS S3, Supabase Storage's S3 endpoint, MinIO, Cloudflare R2) through
 * aws4fetch: SigV4 over the platform's fetch, so the same code runs on Node, Deno and the Edge runtime.
 */
export function createS3BlobStore(settings: S3Settings): BlobStore {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: "s3",
    region: settings.region,
    retries: 2,
  });
  const endpoint = new URL(settings.endpoint);
  const base = endpoint.pathname.replace(/\/+$/, "");

  function urlOf(key: string): string {
    assertBlobKey(key);
    const segments = key.split("/");
    const bucket = settings.bucket ?? segments.shift()!;
    const objectPath = segments.map(encodeURIComponent).join("/");
    const url = new URL(endpoint);
    if (settings.virtualHosted) {
      url.hostname = `${bucket}.${endpoint.hostname}`;
      url.pathname = `${base}/${objectPath}`;
    } else {
      url.pathname = `${base}/${encodeURIComponent(bucket)}/${objectPath}`;
    }
    return url.toString();
  }

  async function failure(what: string, key: string, res: Response): Promise<Error> {
    const text = await res.text().catch(() => "");
    const code = text.match(/<Code>([^<]+)<\/Code>/)?.[1];
    return new Error(`S3 ${what} ${key}: HTTP ${res.status}${code ? ` ${code}` : ""}`);
  }

  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      const res = await client.fetch(urlOf(key), {
        method: "PUT",
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: { "content-type": contentType, "content-length": String(bytes.byteLength) },
      });
      if (!res.ok) throw await failure("put", key, res);
      await res.body?.cancel();
    },
    async get(key) {
      const res = await client.fetch(urlOf(key), { method: "GET" });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) throw await failure("get", key, res);
      return { bytes: new Uint8Array(await res.arrayBuffer()), contentType: res.headers.get("content-type") || "application/octet-stream" };
    },
    async delete(keys) {
      // One DELETE per object: the multi-object call needs Content-MD5, which not every store accepts alike.
      for (let i = 0; i < keys.length; i += 8) {
        await Promise.all(
          keys.slice(i, i + 8).map(async (key) => {
            const res = await client.fetch(urlOf(key), { method: "DELETE" });
            if (!res.ok && res.status !== 404) throw await failure("delete", key, res);
            await res.body?.cancel();
          }),
        );
      }
    },
  };
}
