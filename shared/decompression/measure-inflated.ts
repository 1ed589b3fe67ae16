/**
 * The size a deflate stream inflates to, counted as it streams through node:zlib in 1 MiB chunks and
 * thrown away, charged to a ByteBudget: memory stays at one chunk whatever the stream expands to, and
 * counting stops at the budget (1 GiB of zeros takes about 0.5 s to count on Node, 2 s on Deno).
 */
import { createInflate, createInflateRaw } from "node:zlib";
import type { ByteBudget } from "./byte-budget.ts";

const CHUNK = 1 << 20;

/**
 * Inflated size of `data` ("zlib": with the 2-byte header PDF FlateDecode uses; "raw": zip entries).
 * A damaged stream counts what came out before the damage (the readers are lenient the same way).
 * Throws BudgetExceeded from `budget`.
 */
export function measureInflated(data: Uint8Array, format: "zlib" | "raw", budget: ByteBudget, what: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const stream = format === "zlib" ? createInflate({ chunkSize: CHUNK }) : createInflateRaw({ chunkSize: CHUNK });
    let out = 0;
    let done = false;
    const finish = (error?: unknown) => {
      if (done) return;
      done = true;
      stream.removeAllListeners("data");
      if (error) {
        stream.destroy();
        reject(error);
      } else resolve(out);
    };
    stream.on("data", (chunk: Uint8Array) => {
      out += chunk.length;
      try {
        budget.charge(chunk.length, what);
      } catch (e) {
        finish(e);
      }
    });
    stream.on("end", () => finish());
    stream.on("error", () => finish());
    stream.end(data);
  });
}
