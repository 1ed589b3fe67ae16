import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { assertBlobKey, type BlobStore } from "./blob-store.ts";

/** Blobs as files under TDS_DATA_DIR/blobs, with the content type in a sidecar file. */
export function createLocalBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => {
    assertBlobKey(key);
    return join(root, ...key.split("/"));
  };
  return {
    kind: "local",
    async put(key, bytes, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename would be atomic; a torn file is harmless here because the row pointing at it
      // is only written after put() returns.
      await writeFile(path, bytes);
      await writeFile(`${path}.type`, contentType);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const [bytes, contentType] = await Promise.all([
          readFile(path),
          readFile(`${path}.type`, "utf8").catch(() => "application/octet-stream"),
        ]);
        return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw e;
      }
    },
    async delete(keys) {
      for (const key of keys) {
        const path = pathOf(key);
        await rm(path, { force: true });
        await rm(`${path}.type`, { force: true });
      }
    },
  };
}
