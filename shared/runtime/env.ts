// Reads environment variables on Deno, Node and the Supabase Edge Runtime alike.
type DenoLike = { env: { get(key: string): string | undefined } };

export function readEnv(key: string): string | undefined {
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

export function isDeno(): boolean {
  return typeof (globalThis as { Deno?: unknown }).Deno !== "undefined";
}
