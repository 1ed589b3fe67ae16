import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "../../shared/storage/s3-blob-store.ts";

/** s3rver's built-in account (documented by s3rver; not a secret). */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface LocalS3 {
  settings(extra?: Partial<S3Settings>): S3Settings;
  close(): Promise<void>;
}

/** A real S3-protocol server (s3rver) on 127.0.0.1 with the given buckets (it checks the access key id, not the SigV4 signature itself). */
export async function startLocalS3(buckets: string[]): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), "tds-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  return {
    settings: (extra = {}) => ({ endpoint: `http://127.0.0.1:${port}`, region: "us-east-1", ...S3RVER_CREDENTIALS, ...extra }),
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
