import { LOCAL_DOWNLOAD_SECRET, LOCAL_WEBHOOK_SECRET_KEY, SUPABASE_LOCAL_JWT_SECRET } from "./local-development-keys.ts";

/**
 * Local development or a deployment? Deployed means any of: SUPABASE_URL set (every hosted function has
 * it), HOST not a loopback address (the server is reachable from elsewhere), NODE_ENV=production.
 * Only local development may run on the published default secrets.
 */
export function isLocalDevelopment(signals: { host: string; supabaseUrl?: string; nodeEnv?: string }): boolean {
  return !signals.supabaseUrl && isLoopbackHost(signals.host) && signals.nodeEnv !== "production";
}

export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

/** Reads one variable of the environment snapshot the configuration is read from. */
type Get = (name: string) => string | undefined;

/** Why this counts as a deployment ("" in local development), for the start-up message. */
export function deploymentReason(get: Get): string {
  const reasons = [
    ...(get("SUPABASE_URL") ? ["SUPABASE_URL is set"] : []),
    ...(!isLoopbackHost(get("HOST") || "127.0.0.1") ? [`HOST=${get("HOST")} is not a loopback address`] : []),
    ...(get("NODE_ENV") === "production" ? ["NODE_ENV=production"] : []),
  ];
  return reasons.join(", ");
}

const MIN_SECRET_LENGTH = 32;
const GENERATE = "e.g. the output of `openssl rand -hex 32`";

function ownSecret(get: Get, name: string, published: string, what: string): string | null {
  const value = get(name);
  if (!value) return `${name} is not set: it ${what}; set a random value of at least ${MIN_SECRET_LENGTH} characters (${GENERATE}).`;
  if (value === published)
    return `${name} equals the published local-development default: anyone could use it; set your own random value (${GENERATE}).`;
  if (value.length < MIN_SECRET_LENGTH)
    return `${name} is too short (${value.length} characters): use at least ${MIN_SECRET_LENGTH} random characters (${GENERATE}).`;
  return null;
}

/**
 * What stops a deployment from starting: one line per variable, empty when all is well (and always
 * empty in local development, which stays zero-configuration).
 */
export function productionSecretProblems(get: Get): string[] {
  const host = get("HOST") || "127.0.0.1";
  if (isLocalDevelopment({ host, supabaseUrl: get("SUPABASE_URL") || undefined, nodeEnv: get("NODE_ENV") })) return [];
  const problems: string[] = [];
  const jwtSecret = get("JWT_SECRET");
  const legacyBy = ["ANON_KEY", "SERVICE_ROLE_KEY"].filter((n) => get(n));
  if (!jwtSecret && legacyBy.length > 0) {
    problems.push(
      `JWT_SECRET is not set, but legacy keys are on (${legacyBy.join(" and ")} set): set the project's legacy JWT secret, or unset ${legacyBy.join(" and ")} to accept only publishable/secret keys and asymmetric JWTs.`,
    );
  } else if (jwtSecret === SUPABASE_LOCAL_JWT_SECRET) {
    problems.push(
      "JWT_SECRET equals the Supabase CLI's published local-development secret: anyone could sign a service_role token; set the project's own legacy JWT secret, or unset it to turn legacy keys off.",
    );
  }
  const anyKeys =
    jwtSecret ||
    get("SUPABASE_URL") ||
    get("SUPABASE_JWKS") ||
    get("SUPABASE_JWKS_URL") ||
    get("SUPABASE_PUBLISHABLE_KEYS") ||
    get("SUPABASE_PUBLISHABLE_KEY") ||
    get("SUPABASE_SECRET_KEYS") ||
    get("SUPABASE_SECRET_KEY");
  if (!anyKeys) {
    problems.push(
      "SUPABASE_SECRET_KEYS (or SUPABASE_SECRET_KEY) is not set, nor any other project key: no call could be authenticated; set the project's secret and publishable keys (SUPABASE_URL, SUPABASE_JWKS or the legacy JWT_SECRET work too).",
    );
  }
  for (const problem of [
    ownSecret(get, "TDS_DOWNLOAD_SECRET", LOCAL_DOWNLOAD_SECRET, "signs download addresses"),
    ownSecret(get, "TDS_WEBHOOK_SECRET_KEY", LOCAL_WEBHOOK_SECRET_KEY, "encrypts webhook secrets at rest"),
  ]) {
    if (problem) problems.push(problem);
  }
  if (!get("TDS_CREDENTIAL_KEYS")) {
    problems.push(
      "TDS_CREDENTIAL_KEYS is not set: it signs the documents' verifiable credentials (a private key; without it every credential would be signed by a key made on the spot); make one with `npm run credentials:rotate-key -- --print` and set the JSON it prints.",
    );
  }
  return problems;
}
