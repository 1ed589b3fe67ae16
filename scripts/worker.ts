// npm run worker: claims queued jobs (renders, extraction, webhooks) from PostgreSQL; see docs/architecture.md.
// TDS_WORKER_PORT=<port> also serves the public pages (/verify/<hash>, /dashboard) for PUBLIC_BASE_URL.
import { loadConfig } from "../shared/runtime/config.ts";
import { startWorkerProcess } from "../shared/server/start-worker-process.ts";
import { onShutdownSignal } from "../shared/server/listen.ts";

let worker;
try {
  // A bad setting (TDS_WORKER_PORT included) is reported by loadConfig, one line per variable.
  const config = loadConfig();
  worker = await startWorkerProcess(config, { pagesPort: config.workerPort });
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(2);
}
if (worker.pagesUrl) console.log(`  pages: ${worker.pagesUrl}/verify/<hash>, ${worker.pagesUrl}/dashboard`);
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
