/** Where files (generated PDFs, uploads) live: a local folder, or Supabase Storage when deployed. */
export interface StoredBlob {
  bytes: Uint8Array;
  contentType: string;
}

export interface BlobStore {
  readonly kind: "local" | "supabase";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  delete(keys: string[]): Promise<void>;
}

/** Keys are `bucket/path…` of safe segments; the first segment names the Supabase bucket. */
export function assertBlobKey(key: string): void {
  if (!/^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/.test(key) || key.split("/").some((s) => s === "." || s === "..")) {
    throw new Error(`invalid blob key: ${key}`);
  }
}
