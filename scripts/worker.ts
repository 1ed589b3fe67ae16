// npm run worker: claims queued jobs (renders, extraction, webhooks) from PostgreSQL; see docs/architecture.md.
// TDS_WORKER_PORT=<port> also serves the public pages (/verify/<hash>, /dashboard) for PUBLIC_BASE_URL.
import { loadConfig } from "../shared/runtime/config.ts";
import { readEnv } from "../shared/runtime/env.ts";
import { startWorkerProcess } from "../shared/server/start-worker-process.ts";
import { onShutdownSignal } from "../shared/server/listen.ts";

const portSetting = readEnv("TDS_WORKER_PORT");
const pagesPort = portSetting ? Number(portSetting) : undefined;
if (pagesPort !== undefined && !(Number.isInteger(pagesPort) && pagesPort >= 0 && pagesPort < 65536)) {
  console.error(`TDS_WORKER_PORT must be a port number, got "${portSetting}"`);
  process.exit(2);
}

let worker;
try {
  worker = await startWorkerProcess(loadConfig(), { pagesPort });
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(2);
}
if (worker.pagesUrl) console.log(`  pages: ${worker.pagesUrl}/verify/<hash>`);
console.log("Worker ready.");

let stopping = false;
onShutdownSignal(() => {
  if (stopping) return;
  stopping = true;
  console.log("Worker stopping…");
  worker
    .close()
    .then(() => console.log("Stopped."))
    .finally(() => (globalThis as { Deno?: { exit(c: number): never } }).Deno?.exit(0) ?? process.exit(0));
});
