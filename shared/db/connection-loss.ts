/**
 * Which database errors mean "the connection was lost", and which statements may then be sent again
 * (postgres.ts retries once). Pure: the rules, not the driver.
 *
 * A statement whose connection was lost may or may not have run: even an error the server sends as it
 * terminates the backend (57P01, pg_terminate_backend) can follow a commit whose reply never left. So a
 * statement is sent again only when
 * - the connection failed before the statement was sent (refused, connect timeout, 57P03 "starting up"); or
 * - it only reads (a select without data-changing parts: repeating it changes nothing); or
 * - its caller marks it idempotent (running it twice leaves what running it once leaves, e.g. an insert
 *   under a key chosen by the caller that answers the existing row on a conflict); or
 * - it ran inside a transaction whose callback had not returned, so COMMIT was never sent and the server
 *   rolled everything back: the whole transaction runs again (Db.transaction's contract).
 */

export type ConnectionLoss = "before-sending" | "in-flight";

/** The connection could not be opened: nothing was sent on it. */
const BEFORE_SENDING = new Set(["ECONNREFUSED", "CONNECT_TIMEOUT", "57P03", "08001", "08004"]);

/**
 * Lost while open: postgres.js's CONNECTION_CLOSED (the socket closed with statements outstanding), socket
 * errors, the server's FATAL on termination (57P01 admin shutdown, 57P02 crash shutdown) and connection
 * exceptions (class 08).
 */
const IN_FLIGHT = new Set(["CONNECTION_CLOSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "57P01", "57P02", "08000", "08003", "08006"]);

/** How the connection was lost, or null for any other error (a constraint, a syntax error, CONNECTION_ENDED after close()). */
export function connectionLoss(error: unknown): ConnectionLoss | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return null;
  if (BEFORE_SENDING.has(code)) return "before-sending";
  if (IN_FLIGHT.has(code)) return "in-flight";
  return null;
}

const READ_START = /^\s*(?:select|with|values|table|show)\b/i;
/** Words by which a statement that starts like a read changes something (or takes a lock a retry would not hold). */
const WRITES =
  /\b(?:insert|update|delete|merge|into|nextval|setval|pg_advisory\w*|pg_notify|set_config|lock|for\s+(?:no\s+key\s+)?(?:update|share))\b/i;

/** A statement that only reads: sending it again changes nothing. Conservative: anything unsure is a write. */
export function isReadOnlyStatement(text: string): boolean {
  return READ_START.test(text) && !WRITES.test(text);
}

/** May the statement be sent again after `loss`? (Outside a transaction; see above.) */
export function mayResend(loss: ConnectionLoss, text: string, idempotent: boolean): boolean {
  return loss === "before-sending" || idempotent || isReadOnlyStatement(text);
}
