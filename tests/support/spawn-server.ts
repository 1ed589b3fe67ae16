import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { minimalReferenceDir } from "./databases.ts";

export const ROOT = join(import.meta.dirname, "../..");
export const DENO = join(ROOT, "node_modules/deno/deno");

export interface SpawnedServer {
  url: string;
  /** The started process (and its process group: a benchmark sums the group's memory). */
  pid: number;
  /** The default account's key, printed on the first start only. */
  defaultApiKey?: string;
  /** The local anon key from the banner ("" when the banner shows none: a deployment). */
  anonKey: string;
  output(): string;
  /** SIGKILL to the whole process group: a crash. */
  kill(): Promise<void>;
  /** SIGTERM, then waits for the graceful "Stopped." (database closed); resolves whether it was seen. */
  stop(): Promise<boolean>;
}

/** Starts the real server as a child process (`npm start` or `deno task start`) and waits for its banner. */
export async function spawnServer(options: {
  runtime: "node" | "deno";
  env: Record<string, string>;
  timeoutMs?: number;
  viaNpm?: boolean;
}): Promise<SpawnedServer> {
  // `npm start` runs `node --import tsx scripts/start.ts`; by default the test runs that command itself,
  // without npm in between, so that the process it signals is the server.
  const [cmd, args]: [string, string[]] =
    options.runtime === "deno"
      ? [DENO, ["task", "--quiet", "start"]]
      : options.viaNpm
        ? ["npm", ["start", "--silent"]]
        : [process.execPath, ["--import", "tsx", "scripts/start.ts"]];
  const child = spawn(cmd, args, {
    cwd: ROOT,
    // DATABASE_URL of the test run (CI sets it) must not leak in: a server uses it only when a test says so.
    // A new data folder gets the minimal sanctions list (an empty one fails validations closed); no download at start.
    env: {
      ...process.env,
      DATABASE_URL: "",
      SUPABASE_DB_URL: "",
      PORT: "0",
      HOST: "127.0.0.1",
      // Read from vitest only when the caller names none: a benchmark runs outside vitest and names its own.
      TDS_REFERENCE_DIR: options.env.TDS_REFERENCE_DIR ?? minimalReferenceDir(),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group, so stop() reaches npm's and tsx's children too
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (!/listening on (http:\/\/\S+)/.test(out)) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) {
      kill(child, "SIGKILL");
      throw new Error(`server did not start in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // Let the rest of the banner arrive: the server prints it in a few writes after "listening", and a busy
  // machine (CI on two cores) can deliver them to this process well after the first; wait until the output
  // has been quiet for a while (at most 10 s more).
  for (let seen = out.length, quietSince = Date.now(), until = Date.now() + 10_000; Date.now() < until; ) {
    await new Promise((r) => setTimeout(r, 25));
    if (out.length !== seen) [seen, quietSince] = [out.length, Date.now()];
    else if (Date.now() - quietSince >= 250) break;
  }
  return {
    pid: child.pid as number,
    url: out.match(/listening on (http:\/\/\S+)/)![1],
    // Read when asked, not once: a line that arrives late is still found.
    get defaultApiKey() {
      return out.match(/shown only now: (tds_\S+)/)?.[1];
    },
    anonKey: out.match(/anon key:\s+(\S+)/)?.[1] ?? "",
    output: () => out,
    kill: async () => {
      kill(child, "SIGKILL");
      await exited;
    },
    stop: async () => {
      // The whole group, as Ctrl+C does: npm's `sh -c` does not forward signals to the server.
      kill(child, "SIGTERM");
      const deadline = Date.now() + 45_000; // generous: CI runs two test files and their servers on two cores
      while (!out.includes("Stopped.") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const graceful = out.includes("Stopped.");
      if (!graceful) kill(child, "SIGKILL");
      await exited;
      return graceful;
    },
  };
}

function kill(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    /* already gone */
  }
}

export async function json(res: Response): Promise<{ status: number; body: any }> {
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
