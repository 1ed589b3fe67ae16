import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { readFunctionManifest } from "../../shared/server/function-manifest.ts";
import { ROOT } from "../support/spawn-server.ts";

// npm run check:edge: every function built as deployed (Deno, import map, no node_modules) within 20 MB.
function checkEdge(args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/check-edge.ts", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 600_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe("check:edge", () => {
  it("builds every function of supabase/config.toml and keeps each within Supabase's 20 MB", async () => {
    const r = checkEdge([]);
    expect(r.out).toContain("check:edge ok");
    expect(r.code).toBe(0);
    for (const f of await readFunctionManifest())
      expect(r.out).toMatch(new RegExp(`\\| ${f.name} \\| [\\d.]+ MB \\| [\\d.]+ MB \\| [\\d.]+ MB \\| ok \\|`));
  }, 900_000);

  it("fails, naming the function, when one is over the limit", () => {
    const r = checkEdge(["--limit-mb", "1", "--only", "generate-documents"]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/generate-documents \| .*OVER THE LIMIT/);
    expect(r.out).toMatch(/check:edge FAILED: generate-documents \([\d.]+ MB\) over 1 MB/);
    expect(r.out).toContain("DejaVuSans.ttf (static file, read by shared/pdf/fonts.ts)");
  }, 300_000);
});
