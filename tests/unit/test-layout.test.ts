import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const IMPORT = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** Every relative import of a file, as a path from the repository root. */
function importsOf(file: string): string[] {
  const src = readFileSync(join(ROOT, file), "utf8");
  return [...src.matchAll(IMPORT)].map((m) => relative(ROOT, resolve(ROOT, dirname(file), m[1]!)));
}

// Layers of the suite: tests/<layer>/…; tests/support is the one shared folder.
const layerOf = (path: string) => path.split("/")[1];

describe("test layout", () => {
  it("tests import neither from bench/ nor from another layer's folder (only tests/support is shared)", () => {
    const wrong: string[] = [];
    for (const file of tsFiles("tests")) {
      for (const target of importsOf(file)) {
        if (target.startsWith("bench/")) wrong.push(`${file} → ${target}`);
        else if (target.startsWith("tests/") && layerOf(target) !== "support" && layerOf(target) !== layerOf(file)) {
          wrong.push(`${file} → ${target}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("production code and its tooling (shared/, functions/, scripts/) import no test fixture or benchmark", () => {
    const wrong: string[] = [];
    for (const dir of ["shared", "functions", "scripts"]) {
      for (const file of tsFiles(dir)) {
        for (const target of importsOf(file)) if (/^(tests|bench)\//.test(target)) wrong.push(`${file} → ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
