import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BlobStore } from "../../../shared/storage/blob-store.ts";
import { createLocalBlobStore } from "../../../shared/storage/local-blob-store.ts";
import { createPostgresBlobStore } from "../../../shared/storage/postgres-blob-store.ts";
import { createS3BlobStore } from "../../../shared/storage/s3-blob-store.ts";
import { testBackends } from "../../support/databases.ts";
import { startLocalS3, type LocalS3 } from "../../support/s3-server.ts";

/**
 * The one contract every blob store keeps. Supabase Storage's own API has no local server here; its
 * S3 endpoint is covered by the S3 adapter (the same protocol s3rver speaks).
 */
interface Adapter {
  name: string;
  open(): Promise<{ store: BlobStore; close: () => Promise<void> }>;
}

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3(["documents", "uploads", "tds-files"]);
});
afterAll(async () => {
  await s3?.close();
});

const adapters: Adapter[] = [
  {
    name: "local folder",
    open: async () => {
      const dir = await mkdtemp(join(tmpdir(), "tds-blobs-"));
      return { store: createLocalBlobStore(dir), close: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  ...testBackends().map<Adapter>((backend) => ({
    name: `database (${backend.name})`,
    open: async () => {
      const { db, close } = await backend.open();
      return { store: createPostgresBlobStore(db), close };
    },
  })),
  { name: "S3 (s3rver, bucket from the key)", open: async () => ({ store: createS3BlobStore(s3.settings()), close: async () => {} }) },
  {
    name: "S3 (s3rver, one bucket)",
    open: async () => ({ store: createS3BlobStore(s3.settings({ bucket: "tds-files" })), close: async () => {} }),
  },
];

const allBytes = () => Uint8Array.from({ length: 256 * 4 }, (_, i) => i % 256);

for (const adapter of adapters) {
  describe(`blob store contract: ${adapter.name}`, () => {
    let store: BlobStore;
    let close: () => Promise<void>;
    const prefix = `c${crypto.randomUUID().slice(0, 8)}`;
    beforeAll(async () => {
      ({ store, close } = await adapter.open());
    });
    afterAll(async () => {
      await close?.();
    });

    it("returns what was put, byte for byte, with its content type", async () => {
      const key = `documents/${prefix}/a.pdf`;
      await store.put(key, allBytes(), "application/pdf");
      const got = await store.get(key);
      expect(got?.contentType).toBe("application/pdf");
      expect(Buffer.from(got!.bytes).equals(Buffer.from(allBytes()))).toBe(true);
    });

    it("keeps a large file whole (3 MB)", async () => {
      const big = new Uint8Array(3 * 1024 * 1024);
      for (let i = 0; i < big.length; i += 4096) big[i] = (i / 4096) % 251;
      await store.put(`uploads/${prefix}/big.bin`, big, "application/octet-stream");
      const got = await store.get(`uploads/${prefix}/big.bin`);
      expect(got!.bytes.byteLength).toBe(big.byteLength);
      expect(Buffer.from(got!.bytes).equals(Buffer.from(big))).toBe(true);
    });

    it("answers null for a key never stored", async () => {
      expect(await store.get(`documents/${prefix}/never.pdf`)).toBeNull();
    });

    it("replaces a blob put again under the same key", async () => {
      const key = `documents/${prefix}/again.txt`;
      await store.put(key, new TextEncoder().encode("first"), "text/plain");
      await store.put(key, new TextEncoder().encode("second, longer"), "application/json");
      const got = await store.get(key);
      expect(new TextDecoder().decode(got!.bytes)).toBe("second, longer");
      expect(got!.contentType).toBe("application/json");
    });

    it("deletes the given keys only; unknown keys are ignored", async () => {
      const keys = [1, 2, 3].map((n) => `documents/${prefix}/del-${n}.pdf`);
      await Promise.all(keys.map((k) => store.put(k, new Uint8Array([n(k)]), "application/pdf")));
      await store.delete([keys[0], keys[2], `documents/${prefix}/unknown.pdf`]);
      expect(await store.get(keys[0])).toBeNull();
      expect(await store.get(keys[2])).toBeNull();
      expect((await store.get(keys[1]))!.bytes).toEqual(new Uint8Array([2]));
      await store.delete([]);
    });

    it("keeps concurrent puts apart", async () => {
      const keys = Array.from({ length: 12 }, (_, i) => `uploads/${prefix}/many/${i}.bin`);
      await Promise.all(keys.map((k, i) => store.put(k, new Uint8Array([i, i, i]), "application/octet-stream")));
      const got = await Promise.all(keys.map((k) => store.get(k)));
      expect(got.map((g) => g!.bytes[0])).toEqual(keys.map((_, i) => i));
    });

    it("refuses keys that could escape their place", async () => {
      for (const bad of ["../etc/passwd", "documents/../x", "documents", "Documents/x", "documents//x", "documents/a b"]) {
        await expect(store.put(bad, new Uint8Array([1]), "text/plain"), bad).rejects.toThrow(/invalid blob key/);
        await expect(store.get(bad), bad).rejects.toThrow(/invalid blob key/);
      }
    });
  });
}

function n(key: string): number {
  return Number(key.match(/del-(\d)/)![1]);
}

describe("S3 adapter faults", () => {
  it("refused credentials are an error, never a missing file", async () => {
    // s3rver checks the access key id (it does not recompute SigV4 signatures; real stores do).
    const wrong = createS3BlobStore(s3.settings({ accessKeyId: "NOT-A-KEY" }));
    await expect(wrong.get("documents/x/y.pdf")).rejects.toThrow(/HTTP 403 InvalidAccessKeyId/);
    await expect(wrong.put("documents/x/y.pdf", new Uint8Array([1]), "application/pdf")).rejects.toThrow(/HTTP 403 InvalidAccessKeyId/);
    await expect(wrong.delete(["documents/x/y.pdf"])).rejects.toThrow(/HTTP 403/);
  });

  it("a bucket that does not exist is an error on put", async () => {
    const store = createS3BlobStore(s3.settings({ bucket: "no-such-bucket" }));
    await expect(store.put("documents/x/y.pdf", new Uint8Array([1]), "application/pdf")).rejects.toThrow(/NoSuchBucket/);
  });
});
