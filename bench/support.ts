// Shared helpers of the benchmarks: percentiles, a markdown table, and a server with reference data.
import { availableParallelism } from "node:os";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../shared/runtime/config.ts";
import { startLocalServer, type LocalServer } from "../shared/server/start-local-server.ts";

export const REPO = fileURLToPath(new URL("..", import.meta.url));
/** Reference files: TDS_REFERENCE_DIR, or ../shared/data beside the repository. */
export const REFERENCE_DIR = process.env.TDS_REFERENCE_DIR ?? fileURLToPath(new URL("../../shared/data/", import.meta.url));
/** PGlite data of the benchmarks (gitignored); the reference import happens once, on the first run. */
export const BENCH_DATA_DIR = process.env.TDS_BENCH_DATA_DIR ?? fileURLToPath(new URL("./.data/", import.meta.url));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function summarise(samples: number[]): { n: number; p50: number; p95: number; p99: number; max: number } {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), max: s[s.length - 1] };
}

export const ms = (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms`;

export function table(header: string[], rows: (string | number)[][]): string {
  return [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
}

/** The real local server (embedded PGlite), in this process, with the reference data imported. */
export async function startBenchServer(): Promise<LocalServer & { adminKey: string }> {
  if (!existsSync(REFERENCE_DIR)) throw new Error(`reference data not found at ${REFERENCE_DIR} (set TDS_REFERENCE_DIR)`);
  const config = loadConfig({ port: 0, dataDir: BENCH_DATA_DIR, databaseUrl: undefined, referenceDir: REFERENCE_DIR });
  const server = await startLocalServer(config, { publicBaseUrlFromEnv: false });
  return { ...server, adminKey: config.serviceRoleKey };
}

export async function createBenchAccount(server: { url: string; adminKey: string }, tier = "scale"): Promise<string> {
  const r = await fetch(`${server.url}/api/v1/accounts`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.adminKey}`, "content-type": "application/json" },
    body: JSON.stringify({ name: `bench ${Date.now()}`, tier }),
  });
  if (r.status !== 201) throw new Error(`account: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { api_key: string }).api_key;
}

export function machine(): string {
  return `node ${process.version}, ${availableParallelism()} cores`;
}
