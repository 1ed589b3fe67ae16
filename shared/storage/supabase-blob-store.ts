import { createClient } from "@supabase/supabase-js";
import { assertBlobKey, type BlobStore } from "./blob-store.ts";

/**
 * Supabase Storage (deployed functions): the key's first segment is the bucket (`documents`, `uploads`),
 * created private by the storage migration. Uses the service_role key, so it bypasses storage policies.
 */
export function createSupabaseBlobStore(url: string, serviceRoleKey: string): BlobStore {
  const supabase = createClient(url, serviceRoleKey, { auth: { persistSession: false } });
  const split = (key: string) => {
    assertBlobKey(key);
    const [bucket, ...rest] = key.split("/");
    return { bucket, path: rest.join("/") };
  };
  return {
    kind: "supabase",
    async put(key, bytes, contentType) {
      const { bucket, path } = split(key);
      const { error } = await supabase.storage.from(bucket).upload(path, bytes, { contentType, upsert: true });
      if (error) throw new Error(`storage upload ${key}: ${error.message}`);
    },
    async get(key) {
      const { bucket, path } = split(key);
      const { data, error } = await supabase.storage.from(bucket).download(path);
      if (error) {
        if (/not found|404/i.test(error.message)) return null;
        throw new Error(`storage download ${key}: ${error.message}`);
      }
      return { bytes: new Uint8Array(await data.arrayBuffer()), contentType: data.type || "application/octet-stream" };
    },
    async delete(keys) {
      const byBucket = new Map<string, string[]>();
      for (const k of keys) {
        const { bucket, path } = split(k);
        byBucket.set(bucket, [...(byBucket.get(bucket) ?? []), path]);
      }
      for (const [bucket, paths] of byBucket) {
        const { error } = await supabase.storage.from(bucket).remove(paths);
        if (error) throw new Error(`storage remove: ${error.message}`);
      }
    },
  };
}
