import type { HttpBindings } from "@hono/node-server";
import { isDeno } from "../runtime/env.ts";
import { DEFAULT_LINGERING_CLOSE, lingerAfterEarlyAnswer, type LingeringCloseBounds } from "./lingering-close.ts";

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

type FetchHandler = (req: Request, env?: unknown) => Response | Promise<Response>;

export interface ListenOptions {
  /** Node: bounds of the lingering close after an early answer (config.lingeringClose). */
  lingeringClose?: LingeringCloseBounds;
}

/** Serves a fetch handler with Deno.serve under Deno and @hono/node-server under Node. */
export async function listen(fetch: FetchHandler, hostname: string, port: number, options: ListenOptions = {}): Promise<RunningServer> {
  if (isDeno()) {
    return await new Promise((resolve) => {
      const server = Deno.serve(
        { hostname, port, onListen: (addr) => resolve({ port: addr.port, close: () => server.shutdown() }) },
        fetch,
      );
    });
  }
  const { serve } = await import("@hono/node-server");
  const bounds = options.lingeringClose ?? DEFAULT_LINGERING_CLOSE;
  // An answer that closes the connection while the body is still arriving (the early 413) lingers.
  const node = async (req: Request, env: HttpBindings) => {
    // The bindings go on: the client address (rate-limit partitions, logs) is read from env.incoming.
    const res = await fetch(req, env);
    if (env?.incoming && res.headers.get("connection")?.toLowerCase() === "close")
      lingerAfterEarlyAnswer(env.incoming, env.outgoing, bounds);
    return res;
  };
  return await new Promise((resolve) => {
    const server = serve({ fetch: node as (req: Request) => Promise<Response>, hostname, port }, (info) =>
      resolve({
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Keep-alive sockets would hold close() open until they time out.
            (server as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      }),
    );
  });
}

export function onShutdownSignal(handler: () => void): void {
  if (isDeno()) {
    Deno.addSignalListener("SIGINT", handler);
    Deno.addSignalListener("SIGTERM", handler);
    return;
  }
  process.once("SIGINT", handler);
  process.once("SIGTERM", handler);
}
