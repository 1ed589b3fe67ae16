/** Where blobs (PDFs, uploads) go: TDS_STORAGE and the S3-compatible store of TDS_STORAGE=s3. */
import { BLOB_STORE_KINDS, type BlobStoreKind } from "../../storage/blob-store.ts";
import type { S3Settings } from "../../storage/s3-blob-store.ts";
import { choice, flag, text, type Vars } from "./env-values.ts";

export const storageVariables = {
  TDS_STORAGE: choice(BLOB_STORE_KINDS),
  TDS_S3_ENDPOINT: text(),
  TDS_S3_REGION: text("us-east-1"),
  TDS_S3_ACCESS_KEY_ID: text(),
  TDS_S3_SECRET_ACCESS_KEY: text(),
  TDS_S3_BUCKET: text(),
  TDS_S3_VIRTUAL_HOSTED: flag(false),
};

export interface StorageSettings {
  /** Where blobs go: a folder under dataDir, the database, an S3-compatible store, or Supabase Storage. */
  storage: BlobStoreKind;
  /** TDS_S3_*: the object store of TDS_STORAGE=s3. */
  s3?: S3Settings;
}

export function storageSettings(
  v: Vars<typeof storageVariables>,
  where: { databaseUrl?: string; supabaseUrl?: string; dataDirSet: boolean },
): StorageSettings {
  // Deployed functions keep Supabase Storage; any other PostgreSQL deployment shares files through the database.
  const implied: BlobStoreKind = where.supabaseUrl && !where.dataDirSet ? "supabase" : where.databaseUrl ? "postgres" : "local";
  return {
    storage: v.TDS_STORAGE ?? implied,
    s3: v.TDS_S3_ENDPOINT
      ? {
          endpoint: v.TDS_S3_ENDPOINT,
          region: v.TDS_S3_REGION,
          accessKeyId: v.TDS_S3_ACCESS_KEY_ID ?? "",
          secretAccessKey: v.TDS_S3_SECRET_ACCESS_KEY ?? "",
          bucket: v.TDS_S3_BUCKET,
          virtualHosted: v.TDS_S3_VIRTUAL_HOSTED,
        }
      : undefined,
  };
}
