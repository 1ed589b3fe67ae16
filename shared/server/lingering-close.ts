/**
 * Lingering close (as nginx does it) for an answer sent before the request body was read to its end —
 * the early 413 of a body over the limit. Node ends a `Connection: close` exchange with
 * socket.destroySoon(): the socket is destroyed as soon as the answer is flushed, and with body bytes
 * still arriving that destroy is a TCP reset, which makes the client's next write fail (EPIPE, "fetch
 * failed") and can wipe the answer from its receive buffer before it is read. Instead the answer is
 * followed by a FIN only, the rest of the body is read and discarded (never buffered: memory stays
 * flat) until it ends, and then the socket closes — or earlier, once `maxBytes` were discarded or
 * `maxMs` passed, so a client cannot hold the connection open for ever.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export interface LingeringCloseBounds {
  /** Discard at most this many body bytes after the answer (TDS_LINGERING_CLOSE_MAX_BYTES). */
  maxBytes: number;
  /** Linger at most this long after the answer (TDS_LINGERING_CLOSE_SECONDS). */
  maxMs: number;
}

export const DEFAULT_LINGERING_CLOSE: LingeringCloseBounds = { maxBytes: 64 * 1024 * 1024, maxMs: 30_000 };

/** Lingers on this exchange's connection when its body is still arriving; a no-op otherwise. */
export function lingerAfterEarlyAnswer(incoming: IncomingMessage, outgoing: ServerResponse, bounds: LingeringCloseBounds): void {
  const socket = incoming.socket;
  if (incoming.complete || !socket || socket.destroyed) return;
  let discarded = 0;
  const close = () => {
    clearTimeout(timer);
    if (!socket.destroyed) socket.destroy();
  };
  // The body has arrived (or the client gave up sending): close once the answer is out.
  const closeAfterAnswer = () => (outgoing.writableFinished ? close() : outgoing.once("finish", close));
  const timer = setTimeout(close, bounds.maxMs);
  timer.unref?.();
  socket.once("close", () => clearTimeout(timer));
  socket.once("end", closeAfterAnswer);
  // Whoever read the body so far (the refused read) stops here: the rest is counted and dropped.
  incoming.removeAllListeners("data");
  incoming.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > bounds.maxBytes) close();
  });
  incoming.once("end", closeAfterAnswer);
  incoming.resume();
  (socket as { destroySoon?: () => void }).destroySoon = () => {
    if (socket.writable) socket.end();
  };
}
