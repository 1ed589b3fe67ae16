import { describe, expect, it } from "vitest";
import {
  deploymentReason,
  isLocalDevelopment,
  isLoopbackHost,
  productionSecretProblems,
} from "../../../shared/runtime/production-secrets.ts";
import { SUPABASE_LOCAL_JWT_SECRET } from "../../../shared/runtime/config.ts";
import { LOCAL_DOWNLOAD_SECRET, LOCAL_WEBHOOK_SECRET_KEY } from "../../../shared/runtime/local-development-keys.ts";

const env = (vars: Record<string, string>) => (name: string) => vars[name];
const OWN = {
  TDS_DOWNLOAD_SECRET: "d".repeat(64),
  TDS_WEBHOOK_SECRET_KEY: "w".repeat(64),
  SUPABASE_SECRET_KEYS: '{"default":"sb_secret_x"}',
  TDS_CREDENTIAL_KEYS: '{"keys":[…]}',
};

describe("local development or a deployment", () => {
  it("is local only without SUPABASE_URL, on a loopback HOST and without NODE_ENV=production", () => {
    expect(isLocalDevelopment({ host: "127.0.0.1" })).toBe(true);
    expect(isLocalDevelopment({ host: "localhost", nodeEnv: "development" })).toBe(true);
    expect(isLocalDevelopment({ host: "0.0.0.0" })).toBe(false);
    expect(isLocalDevelopment({ host: "127.0.0.1", supabaseUrl: "https://ref.supabase.co" })).toBe(false);
    expect(isLocalDevelopment({ host: "127.0.0.1", nodeEnv: "production" })).toBe(false);
    expect(["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost"].every(isLoopbackHost)).toBe(true);
    expect(["0.0.0.0", "::", "10.0.0.1", "example.org", "127.0.0.1.nip.io"].some(isLoopbackHost)).toBe(false);
    expect(deploymentReason(env({ HOST: "0.0.0.0", NODE_ENV: "production" }))).toBe(
      "HOST=0.0.0.0 is not a loopback address, NODE_ENV=production",
    );
  });
});

describe("production secrets", () => {
  it("asks nothing in local development", () => {
    expect(productionSecretProblems(env({}))).toEqual([]);
  });

  it("names each missing secret on its own line", () => {
    const lines = productionSecretProblems(env({ NODE_ENV: "production" }));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^SUPABASE_SECRET_KEYS .*not set/);
    expect(lines[1]).toMatch(/^TDS_DOWNLOAD_SECRET is not set/);
    expect(lines[2]).toMatch(/^TDS_WEBHOOK_SECRET_KEY is not set/);
    expect(lines[3]).toMatch(/^TDS_CREDENTIAL_KEYS is not set: it signs the documents' verifiable credentials/);
  });

  it("refuses the published defaults and short secrets", () => {
    const lines = productionSecretProblems(
      env({
        HOST: "0.0.0.0",
        JWT_SECRET: SUPABASE_LOCAL_JWT_SECRET,
        TDS_DOWNLOAD_SECRET: LOCAL_DOWNLOAD_SECRET,
        TDS_WEBHOOK_SECRET_KEY: LOCAL_WEBHOOK_SECRET_KEY,
        TDS_CREDENTIAL_KEYS: OWN.TDS_CREDENTIAL_KEYS,
      }),
    );
    expect(lines).toEqual([
      expect.stringMatching(/^JWT_SECRET equals the Supabase CLI's published local-development secret/),
      expect.stringMatching(/^TDS_DOWNLOAD_SECRET equals the published local-development default/),
      expect.stringMatching(/^TDS_WEBHOOK_SECRET_KEY equals the published local-development default/),
    ]);
    expect(productionSecretProblems(env({ ...OWN, SUPABASE_URL: "https://ref.supabase.co", TDS_DOWNLOAD_SECRET: "short" }))).toEqual([
      expect.stringMatching(/^TDS_DOWNLOAD_SECRET is too short \(5 characters\)/),
    ]);
  });

  it("needs the legacy JWT secret when legacy keys are on", () => {
    expect(productionSecretProblems(env({ ...OWN, NODE_ENV: "production", ANON_KEY: "eyJ…" }))).toEqual([
      expect.stringMatching(/^JWT_SECRET is not set, but legacy keys are on \(ANON_KEY set\)/),
    ]);
    // Supabase's own legacy variables are present in every hosted function: they do not turn legacy on.
    expect(productionSecretProblems(env({ ...OWN, SUPABASE_URL: "https://ref.supabase.co", SUPABASE_ANON_KEY: "eyJ…" }))).toEqual([]);
    expect(productionSecretProblems(env({ ...OWN, NODE_ENV: "production", JWT_SECRET: "j".repeat(40) }))).toEqual([]);
  });
});
