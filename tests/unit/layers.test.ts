import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// The layers of docs/architecture.md ("Layers"): entry points (functions/, scripts/) → composition
// (shared/server) → features (shared/<feature>) → platform. Each may import only its own layer and
// those below it; dpdm (npm run check:cycles) checks that nothing imports in a circle.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const PLATFORM = new Set([
  "errors",
  "decompression",
  "db",
  "http",
  "jobs",
  "runtime",
  "storage",
  "hashing",
  "trade",
  "document-identities",
  "text",
  "auth",
  "accounts",
]);
// Within the platform, downward only: a folder imports its own modules and those of folders before it.
const PLATFORM_ORDER = [
  "errors",
  "decompression",
  "text",
  "trade",
  "document-identities",
  "hashing",
  "db",
  "storage",
  "runtime",
  "jobs",
  "accounts",
  "auth",
  "http",
];
// Features in tiers, lowest first (docs/architecture.md, "Features"): a feature imports features of lower tiers only.
const FEATURE_TIERS = [
  ["events", "shipments", "pdf"],
  ["einvoice"],
  // The page kit and the layout pieces every document type draws with.
  ["documents", "account-management"],
  // Document-type descriptors (layout and data per type): the renderer's layouts, the rules and everything above derive from them.
  ["document-types"],
  ["rules"],
  ["screening"],
  ["reference"],
  ["validation", "hs-codes", "parties", "webhooks"],
  ["credentials", "extraction"],
  ["verification", "generation"],
  ["pdf-round-trip", "openapi", "schedule"],
  ["dashboard", "route-catalog"],
  ["docs"],
];
// Pairs the tiers allow but the layering refuses: the rules are pure and know no request layer.
const FORBIDDEN: [from: string, to: string][] = [["rules", "http"]];
const IMPORT = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

function edges(): [string, string][] {
  const out: [string, string][] = [];
  for (const e of readdirSync(join(ROOT, "shared"), { withFileTypes: true, recursive: true })) {
    if (!e.isFile() || !e.name.endsWith(".ts")) continue;
    const file = relative(ROOT, join(e.parentPath, e.name));
    for (const m of readFileSync(join(ROOT, file), "utf8").matchAll(IMPORT)) {
      out.push([file, relative(ROOT, resolve(ROOT, dirname(file), m[1]))]);
    }
  }
  return out;
}
// A document type's identity (its name, title and data blocks: shared/document-types/identity.ts) sits in
// its type's folder but is platform data: the shipment schema and the renderer key on it.
const IDENTITY = /^shared\/document-types\/(identity|identities|types\/[^/]+\/identity)\.ts$/;
const area = (path: string) => (IDENTITY.test(path) ? "document-identities" : path.split("/")[1]);

describe("layers", () => {
  const all = edges();

  it("only the composition root (shared/server) imports it, and shared/ imports no entry point, test or benchmark", () => {
    const wrong = all.filter(
      ([from, to]) => /^(functions|scripts|tests|bench)\//.test(to) || (to.startsWith("shared/server/") && area(from) !== "server"),
    );
    expect(wrong.map((e) => e.join(" -> "))).toEqual([]);
  });

  it("platform modules import no feature", () => {
    const wrong = all
      .filter(([from, to]) => PLATFORM.has(area(from)) && to.startsWith("shared/") && !PLATFORM.has(area(to)))
      .map((e) => e.join(" -> "));
    expect(wrong).toEqual([]);
  });

  it("platform folders import downward only, in the order of docs/architecture.md", () => {
    expect(new Set(PLATFORM_ORDER)).toEqual(PLATFORM);
    const rank = (path: string) => PLATFORM_ORDER.indexOf(area(path));
    const upward = all
      .filter(([from, to]) => PLATFORM.has(area(from)) && PLATFORM.has(area(to)) && area(from) !== area(to) && rank(to) > rank(from))
      .map((e) => e.join(" -> "));
    expect(upward).toEqual([]);
  });

  it("features import only features of lower tiers, in the order of docs/architecture.md", () => {
    const tierOf = new Map(FEATURE_TIERS.flatMap((tier, i) => tier.map((f) => [f, i] as const)));
    const folders = readdirSync(join(ROOT, "shared"), { withFileTypes: true }).filter((e) => e.isDirectory());
    // Every folder has its place: platform, composition (server) or a feature tier.
    expect(folders.map((e) => e.name).filter((f) => !PLATFORM.has(f) && f !== "server" && !tierOf.has(f))).toEqual([]);
    const upward = new Set(
      all
        .filter(([from, to]) => to.startsWith("shared/") && tierOf.has(area(from)) && tierOf.has(area(to)) && area(from) !== area(to))
        .filter(([from, to]) => tierOf.get(area(to))! >= tierOf.get(area(from))!)
        .map(([from, to]) => `${area(from)} -> ${area(to)}`),
    );
    expect([...upward]).toEqual([]);
  });

  it("no folder imports a folder it is forbidden (FORBIDDEN)", () => {
    const wrong = all
      .filter(([from, to]) => FORBIDDEN.some(([f, t]) => area(from) === f && to.startsWith(`shared/${t}/`)))
      .map((e) => e.join(" -> "));
    expect(wrong).toEqual([]);
  });
});
