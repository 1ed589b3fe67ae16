/**
 * Where files (generated PDFs, uploads) live. Adapters: a local folder (one process), a PostgreSQL table
 * (every instance on one database shares it), any S3-compatible object store, or Supabase Storage.
 */
export interface StoredBlob {
  bytes: Uint8Array;
  contentType: string;
}

export type BlobStoreKind = "local" | "postgres" | "s3" | "supabase";

export interface BlobStore {
  readonly kind: BlobStoreKind;
  /** Stores (or replaces) the blob under key. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The blob, or null when nothing is stored under key. Storage faults throw. */
  get(key: string): Promise<StoredBlob | null>;
  /** Deletes the keys; keys that do not exist are ignored. */
  delete(keys: string[]): Promise<void>;
}

export const BLOB_STORE_KINDS: readonly BlobStoreKind[] = ["local", "postgres", "s3", "supabase"];

/** Keys are `bucket/path…` of safe segments; the first segment names the Supabase bucket. */
export function assertBlobKey(key: string): void {
  if (!/^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/.test(key) || key.split("/").some((s) => s === "." || s === "..")) {
    throw new Error(`invalid blob key: ${key}`);
  }
}
