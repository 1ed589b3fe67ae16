import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { ROOT } from "../support/spawn-server.ts";
import { SUPABASE_LOCAL_JWT_SECRET } from "../../shared/runtime/config.ts";
import { generateCredentialKey } from "../../shared/credentials/credential-keys.ts";

/** Runs the start script (what `npm start` runs) with the given env and waits for it to exit. */
function startScript(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: "",
        SUPABASE_DB_URL: "",
        PORT: "0",
        HOST: "127.0.0.1",
        NODE_ENV: "",
        TDS_DATA_DIR: "/nonexistent/must-not-be-created",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the start script did not exit:\n${output}`));
    }, 50_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const GOOD = {
  TDS_DOWNLOAD_SECRET: "a".repeat(48),
  TDS_WEBHOOK_SECRET_KEY: "b".repeat(48),
  // Made now: no signing key is ever written into the repository.
  TDS_CREDENTIAL_KEYS: JSON.stringify({ keys: [await generateCredentialKey()] }),
};

describe("a deployment refuses to start on missing or published secrets", () => {
  it("NODE_ENV=production with nothing set: one line per variable", async () => {
    const { code, output } = await startScript({ NODE_ENV: "production" });
    expect(code).toBe(1);
    expect(output).toMatch(/^Refusing to start: this is a deployment \(NODE_ENV=production\)/m);
    expect(output).toMatch(/^ {2}SUPABASE_SECRET_KEYS \(or SUPABASE_SECRET_KEY\) is not set/m);
    expect(output).toMatch(/^ {2}TDS_DOWNLOAD_SECRET is not set: it signs download addresses/m);
    expect(output).toMatch(/^ {2}TDS_WEBHOOK_SECRET_KEY is not set: it encrypts webhook secrets at rest/m);
    expect(output).toMatch(/^ {2}TDS_CREDENTIAL_KEYS is not set: it signs the documents' verifiable credentials/m);
    expect(output).not.toContain("listening on");
  });

  it("HOST not loopback with the published JWT secret", async () => {
    const { code, output } = await startScript({ ...GOOD, HOST: "0.0.0.0", JWT_SECRET: SUPABASE_LOCAL_JWT_SECRET });
    expect(code).toBe(1);
    expect(output).toContain("HOST=0.0.0.0 is not a loopback address");
    expect(output).toMatch(/^ {2}JWT_SECRET equals the Supabase CLI's published local-development secret/m);
    expect(output.match(/^ {2}\S/gm)).toHaveLength(1);
  });

  it("SUPABASE_URL set: legacy keys without their secret, a short download secret", async () => {
    const { code, output } = await startScript({
      ...GOOD,
      SUPABASE_URL: "http://127.0.0.1:9",
      SERVICE_ROLE_KEY: "eyJ.x.y",
      TDS_DOWNLOAD_SECRET: "tooshort",
    });
    expect(code).toBe(1);
    expect(output).toMatch(/^ {2}JWT_SECRET is not set, but legacy keys are on \(SERVICE_ROLE_KEY set\)/m);
    expect(output).toMatch(/^ {2}TDS_DOWNLOAD_SECRET is too short \(8 characters\)/m);
    expect(output).not.toMatch(/TDS_WEBHOOK_SECRET_KEY/);
  });

  it("a credential key set whose first key cannot sign", async () => {
    const { publicJwk } = await import("../../shared/credentials/credential-keys.ts");
    const keys = JSON.stringify({ keys: [publicJwk(await generateCredentialKey())] });
    const { code, output } = await startScript({
      ...GOOD,
      NODE_ENV: "production",
      SUPABASE_SECRET_KEYS: '{"default":"sb_secret_x"}',
      TDS_CREDENTIAL_KEYS: keys,
    });
    expect(code).toBe(1);
    expect(output).toMatch(/^Refusing to start: TDS_CREDENTIAL_KEYS must be a JSON Web Key Set of P-256 keys/m);
  });

  it("a malformed key setting", async () => {
    const { code, output } = await startScript({ ...GOOD, NODE_ENV: "production", SUPABASE_SECRET_KEYS: "sb_secret_not_json" });
    expect(code).toBe(1);
    expect(output).toMatch(/^Refusing to start: SUPABASE_SECRET_KEYS must be a JSON object of named keys/m);
  });

  it("unreadable settings: one line per variable, named with the value", async () => {
    const { code, output } = await startScript({ TDS_MAX_JSON_BYTES: "2MB", TDS_WEBHOOKS_ALLOW_PRIVATE: "maybe" });
    expect(code).toBe(1);
    expect(output).toMatch(/^Refusing to start: TDS_MAX_JSON_BYTES must be an integer ≥ 1, got "2MB"$/m);
    expect(output).toMatch(
      /^Refusing to start: TDS_WEBHOOKS_ALLOW_PRIVATE must be true or false \(or on\/off, yes\/no, 1\/0\), got "maybe"$/m,
    );
    expect(output).not.toContain("listening on");
  });
});
