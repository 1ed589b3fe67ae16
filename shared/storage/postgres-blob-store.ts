import type { Queryable } from "../db/types.ts";
import { assertBlobKey, type BlobStore } from "./blob-store.ts";

/**
 * Blobs as rows of `stored_blobs` in the service's own database (PostgreSQL or PGlite): every instance
 * on one database sees every file, and nothing else has to be run. Files are at most a few MB (uploads
 * are capped by TDS_MAX_UPLOAD_BYTES), well inside what bytea and TOAST handle.
 */
export function createPostgresBlobStore(db: Queryable): BlobStore {
  return {
    kind: "postgres",
    async put(key, bytes, contentType) {
      assertBlobKey(key);
      await db.query(
        `insert into stored_blobs (key, content_type, bytes, byte_size) values ($1, $2, $3, $4)
         on conflict (key) do update set content_type = excluded.content_type, bytes = excluded.bytes,
           byte_size = excluded.byte_size, created_at = now()`,
        [key, contentType, bytes, bytes.byteLength],
      );
    },
    async get(key) {
      assertBlobKey(key);
      const rows = await db.query<{ content_type: string; bytes: Uint8Array }>(
        "select content_type, bytes from stored_blobs where key = $1",
        [key],
      );
      const row = rows[0];
      if (!row) return null;
      // postgres.js answers a Buffer, PGlite a Uint8Array: hand out a plain view either way.
      const b = row.bytes;
      return { bytes: new Uint8Array(b.buffer, b.byteOffset, b.byteLength), contentType: row.content_type };
    },
    async delete(keys) {
      keys.forEach(assertBlobKey);
      for (let i = 0; i < keys.length; i += 500) {
        const batch = keys.slice(i, i + 500);
        await db.query(`delete from stored_blobs where key in (${batch.map((_, j) => `$${j + 1}`).join(", ")})`, batch);
      }
    },
  };
}
