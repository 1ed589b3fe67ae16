/**
 * The functions as Supabase deploys them: functions/, shared/ and supabase/ (config.toml, import_map.json)
 * copied into a temporary folder WITHOUT node_modules, package.json or deno.json, so every bare import
 * resolves through supabase/import_map.json to an `npm:` specifier that Deno downloads into DENO_DIR
 * (a cache kept under node_modules/.cache between runs). Used by `npm run check:edge` and the
 * edge-cold-start benchmark.
 */
import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = fileURLToPath(new URL("../../", import.meta.url));
export const DENO = join(REPO, "node_modules/deno/deno");
/** Deno's cache of npm packages (and compiled modules) for deploy-like runs. */
export const EDGE_DENO_DIR = process.env.TDS_EDGE_DENO_DIR ?? join(REPO, "node_modules/.cache/tds-edge-deno");

export interface DeployTree {
  dir: string;
  importMap: string;
  /** Environment for Deno: the cache above, no npm/node_modules resolution from the repository. */
  env: Record<string, string>;
  remove(): Promise<void>;
}

export async function prepareDeployTree(): Promise<DeployTree> {
  const dir = await mkdtemp(join(tmpdir(), "tds-edge-"));
  await cp(join(REPO, "functions"), join(dir, "functions"), { recursive: true });
  await cp(join(REPO, "shared"), join(dir, "shared"), { recursive: true });
  await mkdir(join(dir, "supabase"));
  for (const f of ["config.toml", "import_map.json"]) await cp(join(REPO, "supabase", f), join(dir, "supabase", f));
  await mkdir(EDGE_DENO_DIR, { recursive: true });
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("npm_")) env[k] = v;
  Object.assign(env, { DENO_DIR: EDGE_DENO_DIR, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" });
  return { dir, importMap: join(dir, "supabase/import_map.json"), env, remove: () => rm(dir, { recursive: true, force: true }) };
}
