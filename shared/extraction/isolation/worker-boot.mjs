// The extraction isolate's first module (plain JavaScript, so every runtime can start it): a child
// process on Node (the entry is its first argument), a worker thread on Deno (workerData.entry). On
// Node it registers tsx to load the TypeScript entry; Deno runs TypeScript itself.
import { workerData } from "node:worker_threads";

if (typeof globalThis.Deno === "undefined") {
  const { register } = await import("tsx/esm/api");
  register();
}
await import(workerData?.entry ?? process.argv[2]);
