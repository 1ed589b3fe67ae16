import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CONFIG_VARIABLE_NAMES, ConfigError, parseConfig } from "../../../shared/runtime/config.ts";
import { SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_JWT_SECRET, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from "../../../shared/runtime/config.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** The variable names of the README's Configuration table: every `NAME` in a row's first cell. */
function readmeVariables(): string[] {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1));
  const rows = section.split("\n").filter((l) => l.startsWith("| `"));
  return rows.flatMap((row) => [...row.split("|")[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]));
}

/** `TDS_REFERENCE_URL_<TABLE>[_<FILE>]` names a family: <X> is a name part, […] is optional. */
const familyPattern = (name: string) => new RegExp(`^${name.replace(/\[([^\]]*)\]/g, "(?:$1)?").replace(/<[A-Z]+>/g, "[A-Z0-9_]+")}$`);

describe("one configuration schema", () => {
  it("names exactly the variables of the README's table", () => {
    const documented = readmeVariables();
    const families = documented.filter((n) => /[<[]/.test(n));
    const literal = new Set(documented.filter((n) => !families.includes(n)));
    const schema = new Set(CONFIG_VARIABLE_NAMES);
    const covered = (n: string) => literal.has(n) || families.some((f) => familyPattern(f).test(n));
    expect(documented.length).toBeGreaterThan(50);
    expect(
      [...schema].filter((n) => !covered(n)),
      "in the schema, not in the README",
    ).toEqual([]);
    expect(
      [...literal].filter((n) => !schema.has(n)),
      "in the README, not in the schema",
    ).toEqual([]);
    expect(
      families.filter((f) => ![...schema].some((n) => familyPattern(f).test(n))),
      "README families that match no variable",
    ).toEqual([]);
  });

  it("is the only reader of the environment in shared/: env.ts alone touches process.env or Deno.env", () => {
    const readers = readdirSync(join(ROOT, "shared"), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && e.name.endsWith(".ts"))
      .map((e) => relative(ROOT, join(e.parentPath, e.name)))
      .filter((file) => /process\.env|Deno\.env|\.env\.get\(/.test(readFileSync(join(ROOT, file), "utf8")));
    expect(readers).toEqual(["shared/runtime/env.ts"]);
  });

  it("has CONTRACT.md's local defaults with no variable set", () => {
    const c = parseConfig({});
    expect(c).toMatchObject({
      host: "127.0.0.1",
      port: 54321,
      dataDir: "./.data",
      databaseUrl: undefined,
      publicBaseUrl: "http://127.0.0.1:54321",
      storage: "local",
      jwtSecret: SUPABASE_LOCAL_JWT_SECRET,
      anonKey: SUPABASE_LOCAL_ANON_KEY,
      serviceRoleKey: SUPABASE_LOCAL_SERVICE_ROLE_KEY,
      localDevelopment: true,
      inProcessJobs: true,
      downloadTtlSeconds: 5 * 24 * 3600,
      maxUploadBytes: 10 * 1024 * 1024,
    });
    expect(c.extraction).toMatchObject({ extractor: "builtin", logprobs: true, retentionDays: 5 });
    expect(c.webhooks).toMatchObject({ allowPrivate: false, allowHttp: false, timeoutMs: 10_000, disableAfterMs: 120 * 3600_000 });
    expect(parseConfig({}, { inProcessJobsByDefault: false }).inProcessJobs).toBe(false);
    expect(parseConfig({ TDS_IN_PROCESS_JOBS: "yes" }, { inProcessJobsByDefault: false }).inProcessJobs).toBe(true);
    expect(parseConfig({ DATABASE_URL: "postgres://db/x" }).storage).toBe("postgres");
    expect(parseConfig({ SUPABASE_DB_URL: "postgres://db/y", SUPABASE_URL: "https://ref.supabase.co" })).toMatchObject({
      databaseUrl: "postgres://db/y",
      storage: "supabase",
      localDevelopment: false,
    });
    expect(parseConfig({ PUBLIC_BASE_URL: "https://tds.example.com/", PORT: "0" })).toMatchObject({
      publicBaseUrl: "https://tds.example.com",
      publicBaseUrlFromEnv: true,
      port: 0,
    });
  });

  it("reads every switch the same way, and an empty value as unset", () => {
    for (const [value, on] of [
      ["true", true],
      ["ON", true],
      ["yes", true],
      ["1", true],
      ["false", false],
      ["off", false],
      ["No", false],
      ["0", false],
    ] as const) {
      const c = parseConfig({
        TDS_IN_PROCESS_JOBS: value,
        TDS_RATE_LIMITS: value,
        TDS_S3_VIRTUAL_HOSTED: value,
        TDS_S3_ENDPOINT: "http://127.0.0.1:9000",
        TDS_EXTRACTION_LOGPROBS: value,
        TDS_WEBHOOKS_ALLOW_PRIVATE: value,
        TDS_WEBHOOKS_ALLOW_HTTP: value,
        TDS_REFERENCE_REFRESH: value,
      });
      expect(
        [
          c.inProcessJobs,
          c.rateLimits.enabled,
          c.s3?.virtualHosted,
          c.extraction.logprobs,
          c.webhooks.allowPrivate,
          c.webhooks.allowHttp,
          c.referenceRefresh.enabled,
        ],
        value,
      ).toEqual(Array(7).fill(on));
    }
    expect(parseConfig({ PORT: "", TDS_EXTRACTOR: "", TDS_WEBHOOKS_ALLOW_PRIVATE: "" })).toMatchObject({
      port: 54321,
      extraction: { extractor: "builtin" },
      webhooks: { allowPrivate: false },
    });
  });

  it("TDS_SCREENING_LISTS: every list by default; short names or tables, any case, in the fixed order", () => {
    const all = ["sanctions_ofac", "sanctions_un", "sanctions_eu", "sanctions_uk", "sanctions_us_csl"];
    expect(parseConfig({}).screening.lists).toEqual(all);
    expect(parseConfig({ TDS_SCREENING_LISTS: "" }).screening.lists).toEqual(all);
    expect(parseConfig({ TDS_SCREENING_LISTS: " UK, ofac,sanctions_us_csl " }).screening.lists).toEqual([
      "sanctions_ofac",
      "sanctions_uk",
      "sanctions_us_csl",
    ]);
    expect(() => parseConfig({ TDS_SCREENING_LISTS: "ofac,swiss" })).toThrow(
      /^TDS_SCREENING_LISTS must be a comma-separated list of ofac, un, eu, uk, us_csl/,
    );
    expect(() => parseConfig({ TDS_SCREENING_LISTS: " , " })).toThrow(/TDS_SCREENING_LISTS/);
  });

  it("refuses unreadable values with one line per variable, naming it and the value", () => {
    let error: unknown;
    try {
      parseConfig({
        PORT: "http",
        TDS_MAX_JSON_BYTES: "2MB",
        TDS_WEBHOOKS_ALLOW_PRIVATE: "maybe",
        TDS_EXTRACTOR: "gpt",
        TDS_STORAGE: "disk",
        TDS_EXTRACTION_POLL_MS: "5",
        TDS_RATE_LIMIT_FREE: "100",
        TDS_REFERENCE_MAX_SHRINK: "2",
        TDS_WORKER_PORT: "70000",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT must be a port number (0 to 65535), got "http"',
      'TDS_MAX_JSON_BYTES must be an integer ≥ 1, got "2MB"',
      'TDS_WORKER_PORT must be a port number (0 to 65535), got "70000"',
      'TDS_STORAGE must be one of local, postgres, s3, supabase, got "disk"',
      'TDS_RATE_LIMIT_FREE must be "<requests>,<submissions>" per window, got "100"',
      'TDS_EXTRACTOR must be one of builtin, openai, got "gpt"',
      'TDS_EXTRACTION_POLL_MS must be an integer ≥ 10, got "5"',
      'TDS_WEBHOOKS_ALLOW_PRIVATE must be true or false (or on/off, yes/no, 1/0), got "maybe"',
      'TDS_REFERENCE_MAX_SHRINK must be a number between 0 and 1, got "2"',
    ]);
    expect((error as Error).message.split("\n")).toHaveLength(9);
  });

  it("does not repeat a key's value in its error", () => {
    expect(() => parseConfig({ SUPABASE_SECRET_KEYS: "sb_secret_do_not_print" })).toThrow(/^SUPABASE_SECRET_KEYS must be a JSON object/);
    expect(() => parseConfig({ SUPABASE_SECRET_KEYS: "sb_secret_do_not_print" })).not.toThrow(/do_not_print/);
  });
});
