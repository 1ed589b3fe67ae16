import pkg from "../../package.json" with { type: "json" };

/** Packages the functions never import when deployed (local server, tests, tooling). */
const LOCAL_ONLY = new Set(["tsx", "ws", "@electric-sql/pglite", "@hono/node-server"]);

/**
 * supabase/import_map.json: bare specifiers → pinned npm: specifiers, generated from package.json so
 * deployed functions run the exact versions the tests ran. Locally Deno resolves them from node_modules.
 */
export function renderImportMap(): string {
  const imports: Record<string, string> = {};
  for (const [name, version] of Object.entries(pkg.dependencies as Record<string, string>)) {
    if (LOCAL_ONLY.has(name)) continue;
    imports[name] = `npm:${name}@${version}`;
    imports[`${name}/`] = `npm:/${name}@${version}/`;
  }
  return `${JSON.stringify({ imports }, null, 2)}\n`;
}
