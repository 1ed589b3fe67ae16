// npm run bench [-- name … [-- arg …]]: runs bench/<name>.bench.ts one after another (all of them without
// names). Arguments after a second `--`, and those before it that name no benchmark (function names of
// edge-cold-start, --fresh), are passed to each chosen benchmark.
import { readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL(".", import.meta.url));
const args = process.argv.slice(2);
const split = args.indexOf("--");
const all = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .sort();
const before = split === -1 ? args : args.slice(0, split);
const wanted = before.filter((w) => !w.startsWith("-") && all.some((f) => f.startsWith(w)));
const passed = [...before.filter((w) => !wanted.includes(w)), ...(split === -1 ? [] : args.slice(split + 1))];
if (before.length > 0 && wanted.length === 0) {
  console.error(`no benchmark matches ${before.join(", ")}; available: ${all.map((f) => f.replace(".bench.ts", "")).join(", ")}`);
  process.exit(2);
}
const chosen = wanted.length ? all.filter((f) => wanted.some((w) => f.startsWith(w))) : all;
let failed = 0;
for (const f of chosen) {
  console.log(`\n=== ${f}`);
  const r = spawnSync(process.execPath, ["--import", "tsx", `${dir}/${f}`, ...passed], { stdio: "inherit" });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
