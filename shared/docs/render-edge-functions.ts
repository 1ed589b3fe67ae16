/**
 * The files written from the one list of edge functions (shared/route-catalog/edge-functions.ts): each
 * function's index.ts, the [functions.*] tables of supabase/config.toml and the OpenAPI catalogue's list
 * of their routes. The output is already in Biome's format, so that `npm run check` passes on it.
 */
import { readFileSync } from "node:fs";
import { EDGE_FUNCTIONS, type EdgeFunction, type ModuleExports } from "../route-catalog/edge-functions.ts";

const LINE_WIDTH = 140;
const GENERATED_FROM = "shared/route-catalog/edge-functions.ts";
export const CONFIG_TOML_PATH = "supabase/config.toml";
/** The line of supabase/config.toml after which everything is generated; the lines before it are kept. */
const CONFIG_MARKER = `# Generated below from ${GENERATED_FROM} (npm run docs:generate): edit the list there.`;
const FONTS = "../shared/pdf/fonts/*.ttf";

const bare = (name: string) => name.replace(/^\.\.\./, "");

function importLine(names: readonly string[], from: string): string {
  const line = `import { ${names.join(", ")} } from "${from}";`;
  return line.length <= LINE_WIDTH ? line : `import {\n${names.map((n) => `  ${n},\n`).join("")}} from "${from}";`;
}

function listLiteral(prefix: string, items: readonly string[], suffix: string): string {
  const line = `${prefix}[${items.join(", ")}]${suffix}`;
  return line.length <= LINE_WIDTH ? line : `${prefix}[\n${items.map((i) => `  ${i},\n`).join("")}]${suffix}`;
}

/** Words wrapped into lines that start with `prefix` and stay within 110 characters. */
function commentLines(text: string, prefix: string): string[] {
  const lines: string[] = [];
  let line = prefix;
  for (const word of text.split(" ")) {
    if (line.length > prefix.length && line.length + 1 + word.length > 110) {
      lines.push(line);
      line = prefix;
    }
    line += line.length > prefix.length ? ` ${word}` : word;
  }
  return [...lines, line];
}

/** Imports by module, in first-seen order: one import declaration per module. */
function groupImports(imports: readonly ModuleExports[]): ModuleExports[] {
  const byModule = new Map<string, string[]>();
  for (const { module, names } of imports) byModule.set(module, [...(byModule.get(module) ?? []), ...names.map(bare)]);
  return [...byModule].map(([module, names]) => ({ module, names }));
}

/** functions/<name>/index.ts: a Hono app that serves itself with Deno.serve when it is the main module. */
export function renderFunctionIndex(fn: EdgeFunction): string {
  const imports =
    "routes" in fn.serves ? [{ module: "http/function-app.ts", names: ["createFunctionApp"] }, ...fn.serves.routes] : fn.serves.app.imports;
  const app =
    "routes" in fn.serves
      ? listLiteral(
          "export const app = createFunctionApp(",
          fn.serves.routes.flatMap((r) => r.names),
          ");",
        )
      : `export const app = ${fn.serves.app.expression};`;
  return [
    `// Generated from ${GENERATED_FROM} by npm run docs:generate: edit the list there.`,
    ...(fn.about ? commentLines(fn.about, "// ") : []),
    ...groupImports(imports).map((i) => importLine(i.names, `../../shared/${i.module}`)),
    "",
    app,
    "",
    "if (import.meta.main) Deno.serve(app.fetch);",
    "",
  ].join("\n");
}

/** shared/route-catalog/function-routes.ts: every route of the functions that mount routes, in the order of the list. */
export function renderFunctionRoutes(): string {
  const routeFunctions = EDGE_FUNCTIONS.flatMap((fn) => ("routes" in fn.serves ? [fn.serves.routes] : []));
  return [
    `// Generated from ${GENERATED_FROM} by npm run docs:generate: edit the list there.`,
    'import type { RouteDef } from "../http/route.ts";',
    ...groupImports(routeFunctions.flat()).map((i) => importLine(i.names, `../${i.module}`)),
    "",
    "/** The routes of the functions other than `api` and `dashboard` (each mounts its own): for the OpenAPI document. */",
    listLiteral(
      "export const functionRoutes: RouteDef[] = ",
      routeFunctions.flat().flatMap((r) => r.names),
      ";",
    ),
    "",
  ].join("\n");
}

/** One [functions.<name>] table of supabase/config.toml. */
function functionTable(fn: EdgeFunction): string {
  return [
    ...(fn.about ? commentLines(fn.about, "# ") : []),
    `[functions.${fn.name}]`,
    "enabled = true",
    "verify_jwt = false",
    `entrypoint = "../functions/${fn.name}/index.ts"`,
    'import_map = "./import_map.json"',
    ...(fn.fonts
      ? ["# Read at run time by the PDF renderer (shared/pdf/fonts.ts); bundled as static files.", `static_files = ["${FONTS}"]`]
      : []),
  ].join("\n");
}

/** supabase/config.toml: its lines up to the marker as they are, then a table per function. */
export function renderConfigToml(current = readFileSync(new URL(`../../${CONFIG_TOML_PATH}`, import.meta.url), "utf8")): string {
  const at = current.indexOf(CONFIG_MARKER);
  if (at < 0) throw new Error(`${CONFIG_TOML_PATH} has no line "${CONFIG_MARKER}"`);
  return `${current.slice(0, at + CONFIG_MARKER.length)}\n\n${EDGE_FUNCTIONS.map(functionTable).join("\n\n")}\n`;
}
