import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { DENO, ROOT } from "../support/spawn-server.ts";

describe("Deno: extraction in a worker thread with budgets", () => {
  it("reads a PDF in the worker, refuses a PDF and an XLSX bomb by their budget, stops at the time limit", () => {
    // The permissions of `deno task start` (deno.json): no --allow-run, no --allow-ffi.
    const r = spawnSync(
      DENO,
      [
        "run",
        "--allow-net",
        "--allow-env",
        "--allow-read",
        "--allow-write",
        "--allow-sys",
        "tests/runtime/deno-extraction-worker.script.ts",
      ],
      { cwd: ROOT, encoding: "utf8", timeout: 300_000 },
    );
    const line = r.stdout.split("\n").find((l) => l.startsWith("RESULT "));
    expect(line, `${r.stdout}\n${r.stderr}`).toBeDefined();
    const out = JSON.parse((line as string).slice(7));
    expect(out.normal).toBe("pdf-text");
    expect(out.pdfBomb).toMatch(/decompressed-size budget: the PDF's compressed streams expand to more than 100 MB/);
    expect(out.xlsxBomb).toMatch(/decompressed-size budget: the XLSX file's entries expand to more than 100 MB/);
    expect(out.time).toMatch(/time budget: .*1 ms \(TDS_EXTRACTION_TIME_LIMIT_SECONDS\)/);
  }, 320_000);
});
