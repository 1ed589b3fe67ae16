/**
 * The place an upload is read: a child process on Node, a worker thread on Deno. Both behave as one
 * small interface (send, message/exit events, stop) so the supervisor does not care which it has.
 *
 * Why a process on Node: a worker thread's heap limit (resourceLimits) is best-effort. Depending on
 * the shape of the allocation V8 can abort the whole process instead of ending the worker
 * (nodejs/node#47224; seen here when a 40 MB sheet met a 64 MB worker heap, which killed the test
 * runner). A child started with --max-old-space-size that aborts takes only itself down.
 * Deno has no process to spare on an edge runtime, and its worker threads end on their heap limit
 * with ERR_WORKER_OUT_OF_MEMORY, so it keeps the thread.
 */
import type { WorkerRequest } from "./worker-protocol.ts";

type Listener = (...args: never[]) => void;
type AnyListener = (...args: unknown[]) => void;

export interface Isolate {
  send(request: WorkerRequest): void;
  on(event: "message" | "error" | "exit", listener: Listener): void;
  once(event: "message" | "error" | "exit", listener: Listener): void;
  off(event: "message" | "error" | "exit", listener: Listener): void;
  /** Ends it now (a job over its time, server shutdown). */
  stop(): Promise<void>;
  /** Whether an 'error' or 'exit' event means the heap limit was reached. */
  outOfHeap(event: { code?: unknown; signal?: unknown }): boolean;
}

const BOOT = new URL("./worker-boot.mjs", import.meta.url);
const ENTRY = new URL("./extraction-worker.ts", import.meta.url).href;
/** The end of the child's stderr kept to tell a heap abort from another death. */
const STDERR_TAIL = 4096;

export function startIsolate(memoryMb: number): Promise<Isolate> {
  return typeof (globalThis as { Deno?: unknown }).Deno === "undefined" ? startProcess(memoryMb) : startThread(memoryMb);
}

async function startProcess(memoryMb: number): Promise<Isolate> {
  const { fork } = await import("node:child_process");
  const { fileURLToPath } = await import("node:url");
  const child = fork(fileURLToPath(BOOT), [ENTRY], {
    execArgv: [`--max-old-space-size=${memoryMb}`],
    // Structured clone, as between threads: Uint8Array and Map arrive as they were sent.
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL);
  });
  child.unref();
  child.channel?.unref();
  (child.stderr as { unref?: () => void } | null)?.unref?.();
  // ChildProcess emits exit(code, signal); the supervisor's exit listener takes one argument.
  return {
    send: (request) => void child.send(request),
    on: (event, listener) => void child.on(event, listener as AnyListener),
    once: (event, listener) => void child.once(event, listener as AnyListener),
    off: (event, listener) => void child.off(event, listener as AnyListener),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
    outOfHeap: ({ signal, code }) => /heap out of memory|Reached heap limit/i.test(stderr) || signal === "SIGABRT" || code === 134,
  };
}

async function startThread(memoryMb: number): Promise<Isolate> {
  const { Worker } = await import("node:worker_threads");
  const worker = new Worker(BOOT, {
    workerData: { entry: ENTRY },
    resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    stdout: false,
    stderr: false,
  });
  worker.unref();
  return {
    send: (request) => worker.postMessage(request),
    on: (event, listener) => void worker.on(event, listener as AnyListener),
    once: (event, listener) => void worker.once(event, listener as AnyListener),
    off: (event, listener) => void worker.off(event, listener as AnyListener),
    async stop() {
      await worker.terminate();
    },
    outOfHeap: ({ code }) => code === "ERR_WORKER_OUT_OF_MEMORY",
  };
}
