import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * Ways of reading a request's body or text other than the one reader, with the files allowed to use them.
 * JSON bodies: readJsonObject (shared/http/read-json-body.ts), called by the route layer only; uploads:
 * readMultipartForm; the dashboard's forms: Hono's parseBody behind the dashboard's NUL check.
 */
const RULES: { what: string; pattern: RegExp; allowed: (file: string, source: string) => boolean }[] = [
  {
    what: "reads a request body directly (.json()/.text()/.arrayBuffer()/.blob() on a request)",
    pattern: /\b(?:c\.req(?:\.raw)?|req|request|raw)\.(?:json|text|arrayBuffer|blob)\(/,
    allowed: (f) => f === "shared/http/read-json-body.ts",
  },
  {
    what: "reads a request body stream",
    pattern: /\b(?:c\.req(?:\.raw)?|req|request)\.body\.getReader\(|\.req\.raw\.body\b/,
    allowed: (f) => f === "shared/http/read-json-body.ts",
  },
  {
    what: "parses a form itself",
    pattern: /\b(?:c\.req(?:\.raw)?|req|request)\.(?:formData|parseBody)\(/,
    allowed: (f) => f.startsWith("shared/dashboard/"),
  },
  {
    what: "calls the JSON body reader outside the route layer",
    pattern: /\breadJsonObject\(/,
    allowed: (f) => f === "shared/http/route.ts" || f === "shared/http/read-json-body.ts",
  },
  {
    what: "parses JSON in a request handler (use the route's body schema: the route layer reads it)",
    pattern: /\bJSON\.parse\(/,
    allowed: (_f, source) => !source.includes("c.req"),
  },
];

function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** "file:line: rule" for every line that breaks a rule. */
function offences(file: string, source: string): string[] {
  const out: string[] = [];
  source.split("\n").forEach((line, i) => {
    if (/^\s*(\/\/|\*)/.test(line)) return;
    for (const rule of RULES) if (rule.pattern.test(line) && !rule.allowed(file, source)) out.push(`${file}:${i + 1}: ${rule.what}`);
  });
  return out;
}

describe("one way in for every body", () => {
  it("no route of shared/ or functions/ reads a body except through the one reader", () => {
    const found = ["shared", "functions"].flatMap((d) => tsFiles(d)).flatMap((f) => offences(f, readFileSync(join(ROOT, f), "utf8")));
    expect(found).toEqual([]);
  });

  it("catches the usual other ways", () => {
    const file = "shared/shipments/some-router.ts";
    for (const line of [
      "const body = await c.req.json();",
      "const body = await c.req.raw.json();",
      "const t = await req.text();",
      "const form = await c.req.parseBody();",
      "const r = c.req.raw.body;",
      "const b = await readJsonObject(c.req.raw, 10);",
      "handler: (c) => JSON.parse(c.req.header('x') ?? '')",
    ]) {
      expect(offences(file, line), line).toHaveLength(1);
    }
    expect(offences(file, "// const body = await c.req.json();")).toEqual([]);
  });
});
