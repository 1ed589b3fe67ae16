/**
 * postgres.js 3.4.9 reads the array types on every new connection (fetch_types) and drops that query's
 * promise (porsager/postgres#1192, #1223, open): when the backend is terminated or cancelled during it,
 * the rejection reaches no caller and, unhandled, ends the process (Node and Deno both exit on one). A
 * terminated connection is something the service recovers from (connection-loss.ts), so exactly that
 * rejection is ignored; every other unhandled rejection still ends the process as before. Turning
 * fetch_types off instead would lose the parsing of array columns (text[]) and array parameters.
 */

/** The driver's own type query, by its text (the error carries the statement as `query`). */
function isTypeFetchFailure(reason: unknown): boolean {
  const query = (reason as { query?: unknown } | null)?.query;
  return typeof query === "string" && query.includes("from pg_catalog.pg_type a") && query.includes("typcategory = 'A'");
}

let installed = false;

export function ignoreDroppedTypeFetchFailures(): void {
  if (installed) return;
  installed = true;
  const g = globalThis as unknown as {
    Deno?: unknown;
    addEventListener?: (type: string, listener: (e: { reason: unknown; preventDefault(): void }) => void) => void;
    process?: { on?: (event: string, listener: (reason: unknown) => void) => void };
  };
  if (g.Deno && g.addEventListener) {
    g.addEventListener("unhandledrejection", (e) => {
      if (isTypeFetchFailure(e.reason)) e.preventDefault();
    });
  } else if (g.process?.on) {
    g.process.on("unhandledRejection", (reason) => {
      if (isTypeFetchFailure(reason)) return;
      // What Node does without a listener (--unhandled-rejections=throw, the default).
      throw reason;
    });
  }
}
