import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { connectionLoss } from "../db/connection-loss.ts";
import { AppError } from "../errors/app-error.ts";
import type { AppEnv } from "./app-env.ts";

/**
 * A body over the limit is refused without being read to its end (reading it would defeat the limit).
 * The rest of it is still on the connection, so the answer says `Connection: close`: the client opens
 * a new connection for its next request instead of reusing one the server is about to close.
 * The Node server then reads and discards the rest of the body, within bounds, before it closes, so the
 * client still sending receives the 413 rather than a reset (shared/server/lingering-close.ts).
 */
function closeAfterTooLarge(c: Context<AppEnv>, status: number): void {
  if (status === 413) c.header("Connection", "close");
}

/** The one place errors become responses: the envelope {error: {code, message, …}} on every error. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof AppError) {
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    closeAfterTooLarge(c, err.status);
    return c.json(err.toBody(), err.status as 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    closeAfterTooLarge(c, status);
    const code = status === 413 ? "SVC_REQ_004" : status === 401 ? "SVC_AUTH_001" : "SVC_REQ_001";
    return c.json({ error: { code, message: err.message || "Bad request" } }, status);
  }
  const requestId = c.var.requestId;
  // The database went away and the retries (db/postgres.ts) did not bring it back: the client may retry.
  if (connectionLoss(err)) {
    console.error(`[${requestId}] database connection lost on ${c.req.method} ${new URL(c.req.url).pathname}:`, (err as Error).message);
    c.header("Retry-After", "5");
    return c.json(
      {
        error: {
          code: "SVC_SYS_001",
          message: "The database connection was lost and could not be restored; retry in a few seconds",
          request_id: requestId,
        },
      },
      503,
    );
  }
  console.error(`[${requestId}] unhandled error on ${c.req.method} ${new URL(c.req.url).pathname}:`, err);
  return c.json({ error: { code: "SVC_SYS_000", message: "Internal error; report it with the request id", request_id: requestId } }, 500);
}

export function handleNotFound(c: Context<AppEnv>): Response {
  return c.json({ error: { code: "SVC_REQ_005", message: `No route for ${c.req.method} ${new URL(c.req.url).pathname}` } }, 404);
}
