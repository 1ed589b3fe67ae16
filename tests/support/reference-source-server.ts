import { createServer, type Server } from "node:http";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

import { SHARED_DATA } from "./shared-data.ts";

// The workspace's reference files (never copied into the project; tests read them in place).
export { hasSharedData, SHARED_DATA, sharedDataName } from "./shared-data.ts";

/** A file of ../shared/data, gunzipped when stored as .gz: the bytes the publisher serves. */
export function officialBytes(rel: string): Uint8Array {
  const raw = readFileSync(`${SHARED_DATA}${rel}`);
  return new Uint8Array(rel.endsWith(".gz") ? gunzipSync(raw) : raw);
}

export interface Served {
  status?: number;
  body?: Uint8Array | string;
  headers?: Record<string, string>;
  /** Wait before answering (to make two refreshes overlap). */
  delayMs?: number;
}

/**
 * A publisher stand-in on 127.0.0.1: serves whatever `files` maps the path to (404 otherwise) and counts
 * requests per path. Tests replace entries to publish a new, broken or failing file.
 */
export async function startSourceServer(): Promise<{
  base: string;
  files: Map<string, Served>;
  hits: Map<string, number>;
  close: () => Promise<void>;
}> {
  const files = new Map<string, Served>();
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const f = files.get(path);
    const answer = () => {
      if (!f) {
        res.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return;
      }
      const body = typeof f.body === "string" ? Buffer.from(f.body) : Buffer.from(f.body ?? new Uint8Array());
      res.writeHead(f.status ?? 200, { "content-length": String(body.length), ...(f.headers ?? {}) }).end(body);
    };
    if (f?.delayMs) setTimeout(answer, f.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    base: `http://127.0.0.1:${port}`,
    files,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
