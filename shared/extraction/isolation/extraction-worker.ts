/**
 * Runs inside the extraction isolate (a child process on Node, a worker thread on Deno): one request at a time from the supervisor
 * (isolated-extraction.ts) — read the upload and, unless the caller extracts itself, extract — and
 * answers with the outcome or the error's message. A bomb that gets past the byte and pixel budgets
 * ends here, in this thread's heap limit, not in the server's.
 */
import { parentPort } from "node:worker_threads";
import { ExtractionFailure } from "../extraction-failure.ts";
import { extractFrom, readInput } from "../run-extraction.ts";
import type { WorkerAnswer, WorkerRequest } from "./worker-protocol.ts";

/** The supervisor's end: the thread's port, or the IPC channel of a forked process. */
const port =
  parentPort ??
  (process.send
    ? {
        on: (event: "message", listener: (req: WorkerRequest) => void) => void process.on(event, listener),
        postMessage: (message: unknown) => void process.send?.(message),
      }
    : null);
if (!port) throw new Error("extraction-worker.ts runs only in a worker thread or a forked process");

port.on("message", async (req: WorkerRequest) => {
  let answer: WorkerAnswer;
  try {
    const input = await readInput(req.bytes, req.kind, req.config);
    answer = req.extract ? { id: req.id, ok: true, outcome: await extractFrom(input, req.config) } : { id: req.id, ok: true, input };
  } catch (e) {
    answer = {
      id: req.id,
      ok: false,
      expected: e instanceof ExtractionFailure,
      message: e instanceof Error ? e.message : String(e),
    };
  }
  port.postMessage(answer);
});
port.postMessage({ ready: true });
