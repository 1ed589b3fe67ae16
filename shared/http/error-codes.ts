/**
 * Every error code the service answers with: the spec's codes plus the project's own (SVC_AUTH_*,
 * SVC_REQ_*, SVC_QUOTA_*, …). docs/errors.md is generated from this table.
 */
export interface ErrorCodeInfo {
  status: number;
  meaning: string;
  /** Where the code comes from: the spec, or this project. */
  origin: "spec" | "project";
}

export const ERROR_CODES = {
  // Spec: shipments and drafts
  SVC_SHIP_001: { status: 400, meaning: "create-shipment: shipment_data missing or not an object", origin: "spec" },
  SVC_SHIP_002: { status: 500, meaning: "create-shipment: creation failed", origin: "spec" },
  SVC_SHIP_003: { status: 400, meaning: "get-shipment: neither id nor status given", origin: "spec" },
  SVC_SHIP_004: { status: 404, meaning: "shipment not found (or belongs to another account)", origin: "spec" },
  SVC_SHIP_005: { status: 500, meaning: "get-shipment: listing failed", origin: "spec" },
  SVC_DRAFT_001: { status: 400, meaning: "save-draft: shipment_data missing or not an object", origin: "spec" },
  SVC_DRAFT_002: { status: 400, meaning: "save-draft: shipment_data has no fields", origin: "spec" },
  SVC_DRAFT_003: { status: 404, meaning: "save-draft: draft to update not found", origin: "spec" },
  SVC_DRAFT_004: { status: 400, meaning: "save-draft: target shipment is not a draft", origin: "spec" },
  SVC_DRAFT_005: { status: 500, meaning: "save-draft: update failed", origin: "spec" },
  SVC_DRAFT_006: { status: 500, meaning: "save-draft: creation failed", origin: "spec" },
  // Project: requests
  SVC_REQ_001: { status: 400, meaning: "malformed JSON body (or an empty body where JSON is expected)", origin: "project" },
  SVC_REQ_002: { status: 400, meaning: "a field or query parameter is missing or has the wrong type or value; `field` names its path", origin: "project" },
  SVC_REQ_003: { status: 415, meaning: "unsupported Content-Type (JSON endpoints take application/json)", origin: "project" },
  SVC_REQ_004: { status: 413, meaning: "request body larger than the limit (TDS_MAX_JSON_BYTES, 2 MiB by default)", origin: "project" },
  SVC_REQ_005: { status: 404, meaning: "no such route", origin: "project" },
  SVC_REQ_006: { status: 405, meaning: "method not allowed on this route", origin: "project" },
  // Project: auth
  SVC_AUTH_001: { status: 401, meaning: "missing or invalid API key (Authorization: Bearer <API key>)", origin: "project" },
  SVC_AUTH_002: { status: 401, meaning: "missing or invalid apikey header (anon or service_role JWT) on a function endpoint", origin: "project" },
  SVC_AUTH_003: { status: 401, meaning: "missing or invalid service_role key on an admin endpoint", origin: "project" },
  SVC_AUTH_004: { status: 403, meaning: "not allowed: the key is valid but may not do this", origin: "project" },
  // Project: accounts, keys, quotas
  SVC_ACCT_001: { status: 404, meaning: "account not found", origin: "project" },
  SVC_KEY_001: { status: 404, meaning: "API key not found in this account", origin: "project" },
  SVC_QUOTA_001: { status: 429, meaning: "monthly shipment quota of the tier reached (Free: 5 a calendar month, UTC); Retry-After gives the seconds to the next month", origin: "project" },
  SVC_SHIP_006: { status: 409, meaning: "shipment state does not allow this operation (for example promoting a shipment that is not a draft)", origin: "project" },
  // Spec: validation and verification
  SVC_VAL_001: { status: 400, meaning: "extract-filled-fields: file missing; verify-hash: hash missing", origin: "spec" },
  SVC_VAL_002: { status: 400, meaning: "extract-filled-fields: doc_type missing; generate-documents: shipment or document_types missing; validate-shipment: shipment missing or not an object", origin: "spec" },
  // Project: validation
  SVC_GATE_001: { status: 400, meaning: "unknown gate_slug; the answer lists the known gates", origin: "project" },
  // [codes:documents]
  // [codes:parties]
  // [codes:pdf]
  // [codes:extraction]
  // [codes:webhooks]
  // Project: unexpected
  SVC_SYS_000: { status: 500, meaning: "unexpected internal error (a bug: please report it with the request id)", origin: "project" },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;
