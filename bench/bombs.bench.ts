/**
 * Decompression bombs against a running server (docs/extraction.md, Limits; docs/benchmarks.md): each bomb
 * is uploaded to POST /api/v1/extract of a real server (`npm start`, or `deno task start` with --deno), and
 * while its job runs the server's memory (RSS of its whole process group, from /proc) is sampled every
 * 50 ms and /health is called back to back. Printed per bomb: the job's outcome and message, the time
 * until it failed, the peak RSS above idle and /health's p50/p95/max.
 *
 * Targets (issue 39): RSS within 300 MB of idle, /health p95 under 100 ms, a clear SVC_EXTRACT_002.
 *
 *   npm run bench -- bombs [-- --deno]
 */
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { facturxBomb, jpegDeclaring, pdfStreamBomb, pngDeclaring, tiffDeclaring, xlsxBomb } from "../tests/support/bombs.ts";
import { spawnServer } from "../tests/support/spawn-server.ts";
import { REFERENCE_DIR } from "./support.ts";

const GiB = 1024 ** 3;
const deno = process.argv.includes("--deno");

const BOMBS: { name: string; file: string; type: string; make: () => Uint8Array }[] = [
  {
    name: "XLSX, sheet inflating to 1.1 GiB",
    file: "bomb.xlsx",
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    make: () => xlsxBomb(1.1 * GiB),
  },
  {
    name: "XLSX, same, sizes in the zip lying",
    file: "liar.xlsx",
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    make: () => xlsxBomb(1.1 * GiB, true),
  },
  { name: "PDF, page stream inflating to 1 GiB", file: "bomb.pdf", type: "application/pdf", make: () => pdfStreamBomb(GiB) },
  { name: "Factur-X PDF, XML attachment inflating to 1 GiB", file: "facturx.pdf", type: "application/pdf", make: () => facturxBomb(GiB) },
  { name: "PNG declaring 100,000 × 100,000", file: "bomb.png", type: "image/png", make: () => pngDeclaring(100_000, 100_000) },
  { name: "JPEG declaring 65,000 × 65,000", file: "bomb.jpg", type: "image/jpeg", make: () => jpegDeclaring(65_000, 65_000) },
  { name: "TIFF declaring 200,000 × 50,000", file: "bomb.tif", type: "image/tiff", make: () => tiffDeclaring(200_000, 50_000) },
];

/** RSS in bytes of every process in the group `pgid` (the server and, under deno task, its child). */
function groupRss(pgid: number): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const rss = readFileSync(`/proc/${entry}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      // the process ended between listing and reading
    }
  }
  return total;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const MB = 1024 * 1024;
const dataDir = await mkdtemp(join(tmpdir(), "tds-bombs-"));
const server = await spawnServer({
  runtime: deno ? "deno" : "node",
  // Rate limits off: the benchmark polls and calls /health far above the free tier.
  env: { TDS_DATA_DIR: dataDir, TDS_REFERENCE_DIR: REFERENCE_DIR, TDS_EXTRACTION_POLL_MS: "50", TDS_RATE_LIMITS: "off" },
  timeoutMs: 600_000,
});
const key = server.defaultApiKey as string;
const auth = { authorization: `Bearer ${key}` };
try {
  // Warm: the worker thread and its readers are loaded by a first (small, valid) job.
  const warm = new FormData();
  warm.append("file", new Blob([pngDeclaring(10, 10) as BlobPart], { type: "image/png" }), "warm.png");
  const w = await (await fetch(`${server.url}/api/v1/extract`, { method: "POST", headers: auth, body: warm })).json();
  for (let i = 0; i < 600; i++) {
    const s = await (await fetch(`${server.url}/api/v1/extract/${w.job_id}`, { headers: auth })).json();
    if (s.status !== "processing") break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 2000));
  const idle = groupRss(server.pid);
  // /health with no job running, for comparison under the same machine load.
  const baseline: number[] = [];
  for (const until = Date.now() + 5000; Date.now() < until; ) {
    const t = performance.now();
    await (await fetch(`${server.url}/health`)).arrayBuffer();
    baseline.push(performance.now() - t);
  }
  console.log(
    `runtime ${deno ? "deno" : "node"}; idle RSS ${(idle / MB).toFixed(0)} MB; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `/health with no job: p50 ${percentile(baseline, 50).toFixed(1)} / p95 ${percentile(baseline, 95).toFixed(1)} / max ${Math.max(...baseline).toFixed(1)} ms (${baseline.length})\n`,
  );
  console.log("| Bomb | Upload | Outcome | Failed after | Peak RSS above idle | /health p50 / p95 / max (n) |");
  console.log("|---|---:|---|---:|---:|---|");
  for (const bomb of BOMBS) {
    const bytes = bomb.make();
    const form = new FormData();
    form.append("file", new Blob([bytes as BlobPart], { type: bomb.type }), bomb.file);
    const started = Date.now();
    const created = await (await fetch(`${server.url}/api/v1/extract`, { method: "POST", headers: auth, body: form })).json();
    let peak = groupRss(server.pid);
    let done = false;
    const sampler = setInterval(() => {
      peak = Math.max(peak, groupRss(server.pid));
    }, 50);
    const latencies: number[] = [];
    const health = (async () => {
      while (!done) {
        const t = performance.now();
        await (await fetch(`${server.url}/health`)).arrayBuffer();
        latencies.push(performance.now() - t);
      }
    })();
    let final: { status: string; error?: { code: string; message: string } } = { status: "processing" };
    while (Date.now() - started < 300_000) {
      final = await (await fetch(`${server.url}/api/v1/extract/${created.job_id}`, { headers: auth })).json();
      if (final.status !== "processing") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const elapsed = Date.now() - started;
    done = true;
    await health;
    clearInterval(sampler);
    const outcome = final.error ? `${final.status} ${final.error.code}: ${final.error.message}` : final.status;
    console.log(
      `| ${bomb.name} | ${(bytes.length / 1024).toFixed(0)} KB | ${outcome} | ${(elapsed / 1000).toFixed(2)} s | ${((peak - idle) / MB).toFixed(0)} MB | ${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 95).toFixed(1)} / ${Math.max(...latencies).toFixed(1)} ms (${latencies.length}) |`,
    );
  }
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
