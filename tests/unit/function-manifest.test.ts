import { describe, expect, it } from "vitest";
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { CONFIG_TOML, parseFunctionManifest, readFunctionManifest } from "../../shared/server/function-manifest.ts";

const root = join(import.meta.dirname, "../..");

describe("supabase/config.toml declares every edge function", () => {
  it("lists exactly the folders of functions/, each with its index.ts and verify_jwt = false", async () => {
    const entries = await readFunctionManifest();
    const folders: string[] = [];
    for (const name of await readdir(join(root, "functions"))) {
      if ((await stat(join(root, "functions", name))).isDirectory() && !name.startsWith("_")) folders.push(name);
    }
    expect(entries.map((e) => e.name).sort()).toEqual(folders.sort());
    for (const e of entries) {
      expect(relative(root, e.entrypoint)).toBe(`functions/${e.name}/index.ts`);
      expect(e.verifyJwt).toBe(false);
    }
  });

  it("every entrypoint is a Hono app that serves itself with Deno.serve when it is the main module", async () => {
    for (const e of await readFunctionManifest()) {
      const src = await readFile(e.entrypoint, "utf8");
      expect(src).toMatch(/export const app = /);
      expect(src).toMatch(/if \(import\.meta\.main\) Deno\.serve\(app\.fetch\);/);
    }
  });

  it("parses quoted names, comments and single quotes, and refuses a function without entrypoint", () => {
    const toml = `# c\n[api]\nport = 1\n[functions."a-b"] # x\nverify_jwt = true\nentrypoint = '../functions/a-b/index.ts'\n`;
    const [e] = parseFunctionManifest(toml, "/p/supabase");
    expect(e).toEqual({ name: "a-b", entrypoint: "/p/functions/a-b/index.ts", verifyJwt: true, staticFiles: [] });
    const [withFiles] = parseFunctionManifest(
      `[functions.r]\nentrypoint = "../functions/r/index.ts"\nstatic_files = ["../shared/fonts/*.ttf"]\n`,
      "/p/supabase",
    );
    expect(withFiles).toMatchObject({ verifyJwt: true, staticFiles: ["/p/shared/fonts/*.ttf"] });
    expect(() => parseFunctionManifest("[functions.x]\nverify_jwt=false\n", "/p")).toThrow(/no entrypoint/);
    expect(CONFIG_TOML.endsWith(join("supabase", "config.toml"))).toBe(true);
  });
});
