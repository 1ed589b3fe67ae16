import { describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { GENERATED_FILES } from "../../shared/docs/generated-files.ts";
import { ERROR_CODES } from "../../shared/docs/error-catalogue.ts";
import { renderConfigToml } from "../../shared/docs/render-edge-functions.ts";
import { EDGE_FUNCTIONS } from "../../shared/route-catalog/edge-functions.ts";
import { functionRoutes } from "../../shared/route-catalog/function-routes.ts";
import { readFunctionManifest } from "../../shared/server/function-manifest.ts";

const root = join(import.meta.dirname, "../..");

describe("generated files", () => {
  it.each(Object.keys(GENERATED_FILES))("%s is up to date (run npm run docs:generate)", async (path) => {
    expect(await readFile(join(root, path), "utf8")).toBe(GENERATED_FILES[path]());
  });

  it("the error table lists every code with its status", () => {
    const doc = GENERATED_FILES["docs/errors.md"]();
    for (const [code, info] of Object.entries(ERROR_CODES)) expect(doc).toContain(`| ${info.status} | \`${code}\` |`);
  });

  it("the edge functions of supabase/config.toml are those of the list, in its order, with their routes in the catalogue", async () => {
    expect((await readFunctionManifest()).map((f) => f.name)).toEqual(EDGE_FUNCTIONS.map((f) => f.name));
    const routed = EDGE_FUNCTIONS.flatMap((f) => ("routes" in f.serves ? f.serves.routes.flatMap((r) => r.names) : []));
    const modules = new Map<string, Record<string, unknown>>();
    const expected: unknown[] = [];
    for (const fn of EDGE_FUNCTIONS) {
      if (!("routes" in fn.serves)) continue;
      for (const { module, names } of fn.serves.routes) {
        if (!modules.has(module)) modules.set(module, await import(`../../shared/${module}`));
        for (const name of names) expected.push(...[modules.get(module)![name.replace(/^\.\.\./, "")]].flat());
      }
    }
    expect(routed.length).toBeGreaterThan(0);
    expect(functionRoutes).toEqual(expected);
  });

  it("config.toml keeps its lines before the marker and refuses a file without it", () => {
    const head =
      '# c\nproject_id = "x"\n# Generated below from shared/route-catalog/edge-functions.ts (npm run docs:generate): edit the list there.';
    const out = renderConfigToml(`${head}\n\n[functions.old]\nentrypoint = "gone"\n`);
    expect(out.startsWith(`${head}\n\n`)).toBe(true);
    expect(out).not.toContain("[functions.old]");
    expect(out).toContain('[functions.api]\nenabled = true\nverify_jwt = false\nentrypoint = "../functions/api/index.ts"');
    expect(() => renderConfigToml('project_id = "x"\n[functions.api]\n')).toThrow(/Generated below/);
  });
});
