import { isDeno } from "../runtime/env.ts";

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

type FetchHandler = (req: Request) => Response | Promise<Response>;

/** Serves a fetch handler with Deno.serve under Deno and @hono/node-server under Node. */
export async function listen(fetch: FetchHandler, hostname: string, port: number): Promise<RunningServer> {
  if (isDeno()) {
    return await new Promise((resolve) => {
      const server = Deno.serve(
        { hostname, port, onListen: (addr) => resolve({ port: addr.port, close: () => server.shutdown() }) },
        fetch,
      );
    });
  }
  const { serve } = await import("@hono/node-server");
  return await new Promise((resolve) => {
    const server = serve({ fetch, hostname, port }, (info) =>
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
