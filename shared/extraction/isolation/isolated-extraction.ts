/**
 * Reading and extracting an upload away from the server's heap: an isolate (start-isolate.ts: a child
 * process on Node, a worker thread on Deno) with a heap limit of TDS_EXTRACTION_WORKER_MEMORY_MB and a
 * wall-time limit (TDS_EXTRACTION_TIME_LIMIT_SECONDS) after which it is ended. The isolate is started
 * on first use, reused, ended after a minute idle, and started again after it died. ArrayBuffers live
 * outside any heap limit, which is why the readers also count decompressed bytes (readers/read-budget.ts).
 *
 * Where worker threads cannot be started (an edge runtime) the work runs in this thread with the same
 * byte and pixel budgets, and the time limit only abandons it (the job fails; the work is not stopped).
 */
import type { ExtractionConfig } from "../extraction-config.ts";
import { ExtractionFailure } from "../extraction-failure.ts";
import type { Extractor } from "../extractors/extractor.ts";
import type { FileKind } from "../file-kinds.ts";
import { type ExtractionOutcome, extractFrom, readInput, type ReadInput } from "../run-extraction.ts";
import { type Isolate, startIsolate } from "./start-isolate.ts";
import type { WorkerAnswer, WorkerRequest } from "./worker-protocol.ts";

const IDLE_MS = 60_000;

interface Running {
  worker: Isolate;
  ready: Promise<void>;
  memoryMb: number;
}

let current: Running | null = null;
let idleTimer: ReturnType<typeof setTimeout> | null = null;
let nextId = 1;
let queue: Promise<unknown> = Promise.resolve();
/** Set once a worker could not be started here: later jobs run in this thread. */
let unavailable: string | null = null;

function timeBudgetError(ms: number): ExtractionFailure {
  return new ExtractionFailure(
    `The file exceeds the time budget: reading and extracting it took longer than ${ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`} (TDS_EXTRACTION_TIME_LIMIT_SECONDS)`,
  );
}

function memoryBudgetError(mb: number): ExtractionFailure {
  return new ExtractionFailure(
    `The file exceeds the memory budget: reading it needed more than the extraction worker's ${mb} MB heap (TDS_EXTRACTION_WORKER_MEMORY_MB)`,
  );
}

async function startWorker(memoryMb: number): Promise<Running> {
  const worker = await startIsolate(memoryMb);
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (m: { ready?: boolean }) => {
      if (m?.ready) {
        worker.off("message", onMessage);
        worker.off("error", reject);
        resolve();
      }
    };
    worker.on("message", onMessage);
    worker.once("error", reject);
    worker.once("exit", (code: number) => reject(new Error(`the extraction worker exited at start (code ${code})`)));
  });
  const running: Running = { worker, ready, memoryMb };
  worker.once("exit", () => {
    if (current === running) current = null;
  });
  return running;
}

async function workerFor(memoryMb: number): Promise<Running> {
  if (current && current.memoryMb !== memoryMb) await stopIsolatedExtraction();
  current ??= await startWorker(memoryMb);
  return current;
}

/** One request in the worker; rejects with an ExtractionFailure naming the budget a failure exceeded. */
async function inWorker(request: Omit<WorkerRequest, "id">, config: ExtractionConfig): Promise<WorkerAnswer & { ok: true }> {
  const { memoryMb, timeLimitMs } = { memoryMb: config.budgets.workerMemoryMb, timeLimitMs: config.budgets.timeLimitMs };
  const running = await workerFor(memoryMb);
  await running.ready.catch((e) => {
    if (current === running) current = null;
    void running.worker.stop();
    throw e;
  });
  const { worker } = running;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const onMessage = (answer: WorkerAnswer) => {
      if (answer?.id !== id) return;
      cleanup();
      if (answer.ok) resolve(answer);
      else reject(answer.expected ? new ExtractionFailure(answer.message) : new Error(answer.message));
    };
    const onError = (e: Error & { code?: string }) => {
      cleanup();
      reject(worker.outOfHeap(e) ? memoryBudgetError(memoryMb) : e);
    };
    const onExit = (code: number | null, signal?: string | null) => {
      cleanup();
      if (worker.outOfHeap({ code, signal })) reject(memoryBudgetError(memoryMb));
      else reject(new Error(`the extraction worker stopped (${signal ? `signal ${signal}` : `exit code ${code}`})`));
    };
    const timer = setTimeout(() => {
      cleanup();
      if (current?.worker === worker) current = null;
      void worker.stop();
      reject(timeBudgetError(timeLimitMs));
    }, timeLimitMs);
    worker.on("message", onMessage);
    worker.once("error", onError);
    worker.once("exit", onExit);
    worker.send({ ...request, id } satisfies WorkerRequest);
  });
}

/** In this thread, for runtimes without worker threads: budgets apply; time only abandons the work. */
function inThisThread<T>(work: Promise<T>, timeLimitMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeBudgetError(timeLimitMs)), timeLimitMs);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * runExtraction with the reading (and, without an injected extractor, the extracting) in the worker.
 * Jobs go through one at a time; the worker is ended after IDLE_MS without work.
 */
export function runIsolatedExtraction(
  bytes: Uint8Array,
  kind: FileKind,
  config: ExtractionConfig,
  extractor?: Extractor,
): Promise<ExtractionOutcome> {
  const run = queue.then(async (): Promise<ExtractionOutcome> => {
    if (idleTimer) clearTimeout(idleTimer);
    try {
      if (!unavailable) {
        try {
          const answer = await inWorker({ bytes, kind, config, extract: !extractor }, config);
          return answer.outcome ?? (await extractFrom(answer.input as ReadInput, config, extractor));
        } catch (e) {
          if (!isStartFailure(e)) throw e;
          unavailable = (e as Error).message;
          console.warn(`extraction: no worker thread here (${unavailable}); uploads are read in the server's thread`);
        }
      }
      return await inThisThread(
        readInput(bytes, kind, config).then((input) => extractFrom(input, config, extractor)),
        config.budgets.timeLimitMs,
      );
    } finally {
      idleTimer = setTimeout(() => void stopIsolatedExtraction(), IDLE_MS);
      (idleTimer as { unref?: () => void }).unref?.();
    }
  });
  queue = run.catch(() => {});
  return run;
}

/** A worker that could not be created or loaded at all (not one a file killed). */
function isStartFailure(e: unknown): boolean {
  if (e instanceof ExtractionFailure) return false;
  const code = (e as { code?: string }).code;
  const message = (e as Error)?.message ?? "";
  return (
    code === "ERR_MODULE_NOT_FOUND" ||
    code === "ERR_UNKNOWN_FILE_EXTENSION" ||
    code === "ERR_WORKER_INIT_FAILED" ||
    code === "ERR_WORKER_PATH" ||
    /exited at start|not supported|not implemented/i.test(message)
  );
}

/** Ends the worker (server shutdown, tests); the next job starts a new one. */
export async function stopIsolatedExtraction(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  const running = current;
  current = null;
  if (running) await running.worker.stop();
}
