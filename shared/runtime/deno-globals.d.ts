// Just enough of Deno's globals for tsc on Node; under Deno the real declarations apply.
declare namespace Deno {
  function serve(handler: (req: Request) => Response | Promise<Response>): { finished: Promise<void>; shutdown(): Promise<void> };
  function serve(
    options: { port?: number; hostname?: string; signal?: AbortSignal; onListen?: (addr: { hostname: string; port: number }) => void },
    handler: (req: Request) => Response | Promise<Response>,
  ): { finished: Promise<void>; shutdown(): Promise<void> };
  function addSignalListener(signal: "SIGINT" | "SIGTERM", handler: () => void): void;
  function exit(code?: number): never;
}

interface ImportMeta {
  /** True in the module Deno was started with. */
  main?: boolean;
}
