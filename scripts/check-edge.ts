/**
 * npm run check:edge [-- --limit-mb 20] [--only api,verify-hash]
 *
 * Builds every function of supabase/config.toml the way a deployment does (Deno, supabase/import_map.json,
 * no node_modules: scripts/edge/deploy-tree.ts) and prints each one's size: the JavaScript of
 * `deno bundle` (every static and dynamic import inlined, npm packages included) plus the assets its
 * npm packages carry (WebAssembly, OCR language data, fonts, ICC profiles…) that would have to ship with
 * it. Exits 1 when a function exceeds the limit (Supabase: 20 MB per function after bundling).
 *
 * PGlite is left external: deployed functions open PostgreSQL (DATABASE_URL) and import PGlite only
 * in the local server (shared/db/open-database.ts).
 */
import { spawn } from "node:child_process";
import { readdir, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { readFunctionManifest } from "../shared/server/function-manifest.ts";
import { DENO, prepareDeployTree, REPO, type DeployTree } from "./edge/deploy-tree.ts";

const ASSET = /\.(wasm|traineddata(\.gz)?|ttf|otf|woff2?|icc|icm|bcmap|pfb|node|data)$/i;
const EXTERNAL = ["@electric-sql/pglite"];

/**
 * Files that modules read by path at run time (createRequire(...).resolve), which no module graph shows:
 * when the module is in a function's graph, the files ship with it. Paths are under node_modules (the
 * versions the import map pins); a folder counts every asset file in it.
 */
const RUNTIME_FILES: Record<string, string[]> = {
  "shared/extraction/readers/ocr-reader.ts": ["tesseract.js-core", "@tesseract.js-data/eng/4.0.0_best_int"],
  "shared/extraction/readers/pdf-reader.ts": ["pdfjs-dist/standard_fonts", "pdfjs-dist/wasm"],
};

/**
 * Files of the repository that modules read at run time: a function whose graph has the module must list
 * them as `static_files` in supabase/config.toml (the Supabase CLI bundles only those), or it would fail
 * deployed while working locally.
 */
const RUNTIME_REPO_FILES: Record<string, string[]> = {
  "shared/pdf/fonts.ts": ["shared/pdf/fonts/DejaVuSans.ttf", "shared/pdf/fonts/DejaVuSans-Bold.ttf"],
};

/** Whether a config.toml static_files entry (absolute; a file, or a folder's `*` glob) covers a file. */
function covers(pattern: string, file: string): boolean {
  if (pattern === file) return true;
  const star = pattern.indexOf("*");
  return star >= 0 && !pattern.slice(star + 1).includes("/") && file.startsWith(pattern.slice(0, star)) && !file.slice(star).includes("/");
}

interface Asset {
  file: string;
  bytes: number;
}

export interface FunctionSize {
  name: string;
  bundleBytes: number;
  assetBytes: number;
  assets: Asset[];
  totalBytes: number;
}

function run(cmd: string, args: string[], cwd: string, env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, out, err }));
  });
}

async function walk(dir: string, found: Asset[], every = false): Promise<void> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) await walk(p, found, every);
    else if (e.isFile() && (every || ASSET.test(e.name))) found.push({ file: p, bytes: (await stat(p)).size });
  }
}

/** Assets of the npm packages the function's module graph reaches (deno info, static and dynamic imports). */
async function assetsOf(tree: DeployTree, entry: string, staticFiles: string[]): Promise<Asset[]> {
  const r = await run(DENO, ["info", "--json", "--import-map", tree.importMap, entry], tree.dir, tree.env);
  if (r.code !== 0) throw new Error(`deno info ${entry} failed:\n${r.err}`);
  const graph = JSON.parse(r.out) as { modules: { specifier: string }[]; npmPackages?: Record<string, { localPath?: string }> };
  const assets: Asset[] = [];
  const local = new Set(
    graph.modules.filter((m) => m.specifier.startsWith("file://")).map((m) => relative(tree.dir, fileURLToPath(m.specifier))),
  );
  for (const [module, files] of Object.entries(RUNTIME_FILES)) {
    if (!local.has(module)) continue;
    for (const f of files) {
      const p = join(REPO, "node_modules", f);
      const info = await stat(p).catch(() => null);
      if (!info) throw new Error(`${module} reads ${f} at run time, but node_modules/${f} is missing`);
      const found: Asset[] = [];
      if (info.isDirectory())
        await walk(p, found, true); // read by path: every file may be loaded
      else found.push({ file: p, bytes: info.size });
      for (const a of found) assets.push({ file: `${relative(join(REPO, "node_modules"), a.file)} (read by ${module})`, bytes: a.bytes });
    }
  }
  for (const [module, files] of Object.entries(RUNTIME_REPO_FILES)) {
    if (!local.has(module)) continue;
    for (const f of files) {
      const p = join(REPO, f);
      if (!staticFiles.some((pattern) => covers(pattern, p))) {
        throw new Error(
          `${entry} reaches ${module}, which reads ${f} at run time: list it in the function's static_files (supabase/config.toml)`,
        );
      }
      assets.push({ file: `${f} (static file, read by ${module})`, bytes: (await stat(p)).size });
    }
  }
  for (const [id, pkg] of Object.entries(graph.npmPackages ?? {})) {
    if (!pkg.localPath) continue;
    const found: Asset[] = [];
    await walk(pkg.localPath, found).catch(() => {}); // optional platform packages are not downloaded
    for (const a of found) assets.push({ file: `npm:${id}/${relative(pkg.localPath, a.file)}`, bytes: a.bytes });
  }
  // A package both in the graph and read by path counts once.
  const byKey = new Map<string, Asset>();
  for (const a of assets) {
    const key = a.file.replace(/^npm:((?:@[^/]+\/)?[^@/]+)@[^/]+\//, "$1/").replace(/ \(read by .*\)$/, "");
    if (!byKey.has(key)) byKey.set(key, a);
  }
  return [...byKey.values()].sort((a, b) => b.bytes - a.bytes);
}

async function measure(tree: DeployTree, name: string, entrypoint: string, staticFiles: string[]): Promise<FunctionSize> {
  const entry = relative(REPO, entrypoint);
  const out = join(tree.dir, ".bundles", `${name}.js`);
  const args = [
    "bundle",
    "--quiet",
    "--platform",
    "deno",
    "--import-map",
    tree.importMap,
    ...EXTERNAL.flatMap((e) => ["--external", e]),
    "-o",
    out,
    entry,
  ];
  const r = await run(DENO, args, tree.dir, tree.env);
  if (r.code !== 0) throw new Error(`deno bundle ${entry} failed:\n${r.err}`);
  const bundleBytes = (await stat(out)).size;
  const assets = await assetsOf(tree, entry, staticFiles);
  const assetBytes = assets.reduce((s, a) => s + a.bytes, 0);
  return { name, bundleBytes, assetBytes, assets, totalBytes: bundleBytes + assetBytes };
}

export async function measureFunctions(only?: string[]): Promise<FunctionSize[]> {
  const functions = (await readFunctionManifest()).filter((f) => !only || only.includes(f.name));
  const tree = await prepareDeployTree();
  try {
    const results: FunctionSize[] = [];
    // The first alone: on a fresh cache, `deno bundle` fetches its esbuild binary into DENO_DIR, and two
    // bundles doing that at once race on the copy ("failed to copy esbuild binary", seen on a new machine).
    // Then two at a time: bundling is CPU-bound and the machine is shared.
    const queue = [...functions];
    const first = queue.shift();
    if (first) results.push(await measure(tree, first.name, first.entrypoint, first.staticFiles));
    await Promise.all(
      [0, 1].map(async () => {
        for (let f = queue.shift(); f; f = queue.shift()) results.push(await measure(tree, f.name, f.entrypoint, f.staticFiles));
      }),
    );
    return functions.map((f) => results.find((r) => r.name === f.name)!);
  } finally {
    await tree.remove();
  }
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const opt = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const limitMb = Number(opt("--limit-mb") ?? "20");
  if (!(limitMb > 0)) throw new Error("--limit-mb must be a positive number");
  const only = opt("--only")?.split(",").filter(Boolean);
  const limit = limitMb * 1e6;
  const sizes = await measureFunctions(only);
  console.log(`Edge function sizes (deno bundle + assets, import map, no node_modules); limit ${limitMb} MB\n`);
  console.log("| function | bundle (JS) | assets | total | |");
  console.log("|---|---|---|---|---|");
  for (const s of sizes) {
    console.log(
      `| ${s.name} | ${mb(s.bundleBytes)} | ${mb(s.assetBytes)} | ${mb(s.totalBytes)} | ${s.totalBytes > limit ? "OVER THE LIMIT" : "ok"} |`,
    );
  }
  for (const s of sizes.filter((x) => x.assets.length)) {
    console.log(`\n${s.name} assets:`);
    for (const a of s.assets.slice(0, 8)) console.log(`  ${mb(a.bytes).padStart(10)}  ${a.file}`);
    if (s.assets.length > 8) console.log(`  … ${s.assets.length - 8} more`);
  }
  const over = sizes.filter((s) => s.totalBytes > limit);
  if (over.length) {
    console.error(`\ncheck:edge FAILED: ${over.map((s) => `${s.name} (${mb(s.totalBytes)})`).join(", ")} over ${limitMb} MB`);
    return 1;
  }
  console.log(`\ncheck:edge ok: ${sizes.length} functions within ${limitMb} MB`);
  return 0;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().then(
    (code) => process.exit(code),
    (e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(2);
    },
  );
}
