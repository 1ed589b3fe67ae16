import { defineErrorCodes } from "./error-code.ts";

/** Generic error codes of the platform: requests, authentication, configuration, rate limits, the unexpected. */
export const PLATFORM_ERRORS = defineErrorCodes({
  SVC_REQ_001: { status: 400, meaning: "malformed JSON body (or an empty body where JSON is expected)" },
  SVC_REQ_002: {
    status: 400,
    meaning: "a field or query parameter is missing or has the wrong type or value; `field` names its path",
  },
  SVC_REQ_003: { status: 415, meaning: "unsupported Content-Type (JSON endpoints take application/json)" },
  SVC_REQ_004: { status: 413, meaning: "request body larger than the limit (TDS_MAX_JSON_BYTES, 2 MiB by default)" },
  SVC_REQ_005: { status: 404, meaning: "no such route" },
  SVC_REQ_006: { status: 405, meaning: "method not allowed on this route" },
  SVC_REQ_007: {
    status: 400,
    meaning: "JSON nested deeper than the limit (64 levels of arrays and objects); `max_depth` gives it",
  },
  SVC_AUTH_001: { status: 401, meaning: "missing or invalid API key (Authorization: Bearer <API key>)" },
  SVC_AUTH_002: {
    status: 401,
    meaning: "missing or invalid apikey header (anon or service_role JWT) on a function endpoint",
  },
  SVC_AUTH_003: { status: 401, meaning: "missing or invalid service_role key on an admin endpoint" },
  SVC_AUTH_004: { status: 403, meaning: "not allowed: the key is valid but may not do this" },
  SVC_CONFIG_001: {
    status: 503,
    meaning:
      "a deployed function refuses to serve: a secret it needs is missing or equals a published default, or a setting has a value it cannot read (the log names the variable)",
  },
  SVC_RATE_001: {
    status: 429,
    meaning:
      "request rate limit reached (per API key, or per client address on public endpoints); Retry-After, RateLimit and RateLimit-Policy say when and which budget",
  },
  SVC_SYS_001: {
    status: 503,
    meaning:
      "the database connection was lost and could not be restored within a few seconds (retried on fresh connections); retry after the Retry-After seconds",
  },
  SVC_SYS_000: { status: 500, meaning: "unexpected internal error (a bug: please report it with the request id)" },
});
