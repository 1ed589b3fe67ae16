import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";

export interface FunctionEntry {
  name: string;
  entrypoint: string; // absolute path
  verifyJwt: boolean;
  /** Files the Supabase CLI bundles with the function (absolute paths or globs), read at run time. */
  staticFiles: string[];
}

export const CONFIG_TOML = fileURLToPath(new URL("../../supabase/config.toml", import.meta.url));

interface FunctionTable {
  entrypoint?: unknown;
  verify_jwt?: unknown;
  static_files?: unknown;
}

/**
 * Reads the [functions.<name>] tables of supabase/config.toml: the one list of edge functions, used by
 * the Supabase CLI to deploy and by the local gateway to mount them.
 */
export function parseFunctionManifest(toml: string, configDir: string): FunctionEntry[] {
  const functions = (parse(toml).functions ?? {}) as Record<string, FunctionTable>;
  return Object.entries(functions).map(([name, t]) => {
    if (typeof t.entrypoint !== "string" || !t.entrypoint) throw new Error(`supabase/config.toml: [functions.${name}] has no entrypoint`);
    const staticFiles = Array.isArray(t.static_files) ? t.static_files.filter((f): f is string => typeof f === "string") : [];
    return {
      name,
      entrypoint: resolve(configDir, t.entrypoint),
      // Supabase's default is true; the project's functions check keys themselves and say false.
      verifyJwt: t.verify_jwt !== false,
      staticFiles: staticFiles.map((f) => resolve(configDir, f)),
    };
  });
}

export async function readFunctionManifest(path = CONFIG_TOML): Promise<FunctionEntry[]> {
  return parseFunctionManifest(await readFile(path, "utf8"), dirname(path));
}
