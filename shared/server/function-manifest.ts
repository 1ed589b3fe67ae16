import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export interface FunctionEntry {
  name: string;
  entrypoint: string; // absolute path
  verifyJwt: boolean;
}

export const CONFIG_TOML = fileURLToPath(new URL("../../supabase/config.toml", import.meta.url));

/**
 * Reads the [functions.<name>] tables of supabase/config.toml: the one list of edge functions, used by
 * the Supabase CLI to deploy and by the local gateway to mount them.
 */
export function parseFunctionManifest(toml: string, configDir: string): FunctionEntry[] {
  const entries: FunctionEntry[] = [];
  let current: FunctionEntry | null = null;
  for (const raw of toml.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, "").trim();
    if (!line) continue;
    const table = line.match(/^\[\s*([^\]]+?)\s*\]$/);
    if (table) {
      const m = table[1].match(/^functions\.("?)([\w-]+)\1$/);
      current = m ? { name: m[2], entrypoint: "", verifyJwt: true } : null;
      if (current) entries.push(current);
      continue;
    }
    if (!current) continue;
    const kv = line.match(/^([\w-]+)\s*=\s*(.+)$/);
    if (!kv) continue;
    const value = kv[2].trim();
    if (kv[1] === "entrypoint") current.entrypoint = resolve(configDir, JSON.parse(value.replace(/^'(.*)'$/, '"$1"')));
    if (kv[1] === "verify_jwt") current.verifyJwt = value === "true";
  }
  for (const e of entries) if (!e.entrypoint) throw new Error(`supabase/config.toml: [functions.${e.name}] has no entrypoint`);
  return entries;
}

export async function readFunctionManifest(path = CONFIG_TOML): Promise<FunctionEntry[]> {
  return parseFunctionManifest(await readFile(path, "utf8"), dirname(path));
}
