import pkg from "../../package.json" with { type: "json" };

/** Packages the functions never import when deployed (local server, tests, tooling). */
const LOCAL_ONLY = new Set(["tsx", "ws", "@electric-sql/pglite", "@hono/node-server"]);

/**
 * Packages whose CommonJS entry Deno's Node compatibility loads file by file (pdf-lib: ~150 modules):
 * their single-file ES module build of the same version instead. A cold function that loads pdf-lib
 * spends ~0.05 s less CPU on it (edge-cold-start benchmark, issue 16).
 */
const ES_MODULE_ENTRIES: Record<string, string> = { "pdf-lib": "dist/pdf-lib.esm.min.js" };

/**
 * supabase/import_map.json: bare specifiers → pinned npm: specifiers, generated from package.json so
 * deployed functions run the exact versions the tests ran. Locally Deno resolves them from node_modules.
 */
export function renderImportMap(): string {
  const imports: Record<string, string> = {};
  for (const [name, version] of Object.entries(pkg.dependencies as Record<string, string>)) {
    if (LOCAL_ONLY.has(name)) continue;
    const entry = ES_MODULE_ENTRIES[name];
    imports[name] = `npm:${name}@${version}${entry ? `/${entry}` : ""}`;
    imports[`${name}/`] = `npm:/${name}@${version}/`;
  }
  return `${JSON.stringify({ imports }, null, 2)}\n`;
}
