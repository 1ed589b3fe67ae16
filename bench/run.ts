// npm run bench [-- name …]: runs bench/<name>.bench.ts one after another (all of them without names).
import { readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL(".", import.meta.url));
const wanted = process.argv.slice(2);
const all = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .sort();
const chosen = wanted.length ? all.filter((f) => wanted.some((w) => f.startsWith(w))) : all;
if (chosen.length === 0) {
  console.error(`no benchmark matches ${wanted.join(", ")}; available: ${all.map((f) => f.replace(".bench.ts", "")).join(", ")}`);
  process.exit(2);
}
let failed = 0;
for (const f of chosen) {
  console.log(`\n=== ${f}`);
  const r = spawnSync(process.execPath, ["--import", "tsx", `${dir}/${f}`], { stdio: "inherit" });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
