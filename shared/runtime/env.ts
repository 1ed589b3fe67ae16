// The only module that reads environment variables (on Deno, Node and the Supabase Edge Runtime alike);
// everything else gets its settings from the configuration (config.ts), read once at start.
type DenoLike = { env: { get(key: string): string | undefined } };

/** Variable name → value, unset ones absent or undefined. */
export type Environment = Readonly<Record<string, string | undefined>>;

function readEnv(key: string): string | undefined {
  const deno = (globalThis as unknown as { Deno?: DenoLike }).Deno;
  if (deno) {
    try {
      return deno.env.get(key) ?? undefined;
    } catch {
      return undefined; // no --allow-env: behave as unset
    }
  }
  const proc = (globalThis as { process?: { env: Record<string, string | undefined> } }).process;
  return proc?.env[key];
}

/** The named variables, read now (one by one: Deno may allow only some). */
export function readEnvironment(names: readonly string[]): Environment {
  return Object.fromEntries(names.map((name) => [name, readEnv(name)]));
}

export function isDeno(): boolean {
  return typeof (globalThis as { Deno?: unknown }).Deno !== "undefined";
}
