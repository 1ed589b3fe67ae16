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
  SVC_REQ_002: {
    status: 400,
    meaning: "a field or query parameter is missing or has the wrong type or value; `field` names its path",
    origin: "project",
  },
  SVC_REQ_003: { status: 415, meaning: "unsupported Content-Type (JSON endpoints take application/json)", origin: "project" },
  SVC_REQ_004: { status: 413, meaning: "request body larger than the limit (TDS_MAX_JSON_BYTES, 2 MiB by default)", origin: "project" },
  SVC_REQ_005: { status: 404, meaning: "no such route", origin: "project" },
  SVC_REQ_006: { status: 405, meaning: "method not allowed on this route", origin: "project" },
  // Project: auth
  SVC_AUTH_001: { status: 401, meaning: "missing or invalid API key (Authorization: Bearer <API key>)", origin: "project" },
  SVC_AUTH_002: {
    status: 401,
    meaning: "missing or invalid apikey header (anon or service_role JWT) on a function endpoint",
    origin: "project",
  },
  SVC_AUTH_003: { status: 401, meaning: "missing or invalid service_role key on an admin endpoint", origin: "project" },
  SVC_AUTH_004: { status: 403, meaning: "not allowed: the key is valid but may not do this", origin: "project" },
  // Project: accounts, keys, quotas
  SVC_ACCT_001: { status: 404, meaning: "account not found", origin: "project" },
  SVC_KEY_001: { status: 404, meaning: "API key not found in this account", origin: "project" },
  SVC_QUOTA_001: {
    status: 429,
    meaning: "monthly shipment quota of the tier reached (Free: 5 a calendar month, UTC); Retry-After gives the seconds to the next month",
    origin: "project",
  },
  SVC_SHIP_006: {
    status: 409,
    meaning: "shipment state does not allow this operation (for example promoting a shipment that is not a draft)",
    origin: "project",
  },
  // Spec: validation and verification
  SVC_VAL_001: { status: 400, meaning: "extract-filled-fields: file missing; verify-hash: hash missing", origin: "spec" },
  SVC_VAL_002: {
    status: 400,
    meaning:
      "extract-filled-fields: doc_type missing; generate-documents: shipment or document_types missing; validate-shipment: shipment missing or not an object",
    origin: "spec",
  },
  // Project: validation
  SVC_GATE_001: { status: 400, meaning: "unknown gate_slug; the answer lists the known gates", origin: "project" },
  // Documents (spec: SVC_GEN_LIMIT; project: the rest)
  SVC_GEN_LIMIT: {
    status: 429,
    meaning:
      "generate-documents: 429 generation_count has reached max_generations; 409 a concurrent generation of the same shipment was detected (retry)",
    origin: "spec",
  },
  SVC_GEN_001: {
    status: 422,
    meaning:
      "generate-documents: the shipment fails error rules of validation (the failing results are listed); documents are generated once they pass",
    origin: "project",
  },
  SVC_GEN_002: {
    status: 400,
    meaning: "generate-documents: validation_hash is not the hash of a passing validation of this shipment data",
    origin: "project",
  },
  SVC_DOC_001: { status: 404, meaning: "document job not found", origin: "project" },
  SVC_DOC_002: { status: 409, meaning: "document not ready: the job has not completed (its status is in the message)", origin: "project" },
  SVC_DOC_003: {
    status: 410,
    meaning: "document file no longer kept (only the latest generation's files stay after 5 days); its hash stays verifiable",
    origin: "project",
  },
  SVC_DOC_005: {
    status: 500,
    meaning:
      "document file missing from storage: the job says its file is kept but storage does not have it (a storage fault, logged with the job id; not retention, which is SVC_DOC_003)",
    origin: "project",
  },
  SVC_DOC_004: {
    status: 403,
    meaning: "download address signature invalid or expired; ask GET /api/v1/documents/:jobId for a fresh one",
    origin: "project",
  },
  SVC_DOC_006: {
    status: 404,
    meaning:
      "the document is not an e-invoice: not a final COMMERCIAL_INVOICE / PROFORMA_INVOICE, its seller is outside the EU, or its shipment lacks an EN 16931 business term (rule_doc_einvoice_terms)",
    origin: "project",
  },
  // Project: verifiable credentials of documents (docs/verification.md)
  SVC_VC_001: {
    status: 404,
    meaning: "credential or status list not found (or the document belongs to another account)",
    origin: "project",
  },
  SVC_VC_002: {
    status: 409,
    meaning: "the document has no credential yet: it is issued when the document is generated (the job has not completed)",
    origin: "project",
  },
  // Project: party profiles and HS code lookup
  SVC_PARTY_001: { status: 404, meaning: "party not found (or belongs to another account)", origin: "project" },
  SVC_PARTY_002: {
    status: 400,
    meaning:
      "a tax id (tax_ids.ein, eori, iec, gstin, pan) does not have its format; `field` names it and the message gives the expected format",
    origin: "project",
  },
  SVC_PARTY_003: { status: 400, meaning: "country is not an ISO 3166-1 alpha-2 code (`field` names it)", origin: "project" },
  SVC_HS_001: { status: 404, meaning: "HS code not found in the selected schedule", origin: "project" },
  SVC_HS_002: {
    status: 400,
    meaning:
      "no tariff schedule for this country: use US, GB (UK), EU or an EU member state, IN, or omit country for the WCO 6-digit reference",
    origin: "project",
  },
  SVC_HS_003: {
    status: 503,
    meaning: "the selected tariff schedule has not been imported yet (npm run reference:import)",
    origin: "project",
  },
  // PDF round trip (spec codes, and SVC_FLAT_007/008 of the project)
  SVC_VAL_003: { status: 400, meaning: "extract-filled-fields: the file is not a PDF (or is empty)", origin: "spec" },
  SVC_VAL_004: { status: 400, meaning: "extract-filled-fields: unknown doc_type; the answer lists supported_types", origin: "spec" },
  SVC_VAL_005: {
    status: 400,
    meaning:
      "extract-filled-fields: PDF corrupted or unusable (truncated, encrypted, XFA, too many pages, too complex, too large); `problem` says which",
    origin: "spec",
  },
  SVC_VAL_006: { status: 400, meaning: "extract-filled-fields: the PDF has no text form fields", origin: "spec" },
  SVC_VAL_007: {
    status: 400,
    meaning: "extract-filled-fields: the PDF was generated for another shipment (expected_shipment_id, actual_shipment_id)",
    origin: "spec",
  },
  SVC_VAL_008: { status: 400, meaning: "extract-filled-fields: the PDF's embedded document type differs from doc_type", origin: "spec" },
  SVC_SYS_001: { status: 500, meaning: "extract-filled-fields: the shipment update failed", origin: "spec" },
  SVC_FLAT_001: { status: 400, meaning: "flatten-document: job_id missing", origin: "spec" },
  SVC_FLAT_002: { status: 404, meaning: "flatten-document: job not found", origin: "spec" },
  SVC_FLAT_003: { status: 400, meaning: "flatten-document: the job has no provider job identifier", origin: "spec" },
  SVC_FLAT_004: { status: 400, meaning: "flatten-document: the job is not completed (the message gives its status)", origin: "spec" },
  SVC_FLAT_005: {
    status: 400,
    meaning: "flatten-document: the generated document has no download address (its file is no longer kept)",
    origin: "spec",
  },
  SVC_FLAT_006: {
    status: 502,
    meaning: "flatten-document: fetching the PDF from the provider failed (the message gives its HTTP status)",
    origin: "spec",
  },
  SVC_FLAT_007: { status: 500, meaning: "flatten-document: the generated PDF could not be converted to PDF/A", origin: "project" },
  SVC_FLAT_008: { status: 404, meaning: "flatten-document: generation_history_id not found in the account", origin: "project" },
  // Spec and project: AI extraction (POST /api/v1/extract, GET /api/v1/extract/{jobId})
  SVC_EXTRACT_001: {
    status: 415,
    meaning: "extract: unsupported file type (by its content); PDF, PNG, JPG, TIFF, XLS and XLSX are accepted; `supported` lists them",
    origin: "project",
  },
  SVC_EXTRACT_002: {
    status: 422,
    meaning:
      "extraction job failed: data could not be extracted (a job error inside GET /api/v1/extract/{jobId} and the extraction.failed event, never an HTTP status)",
    origin: "spec",
  },
  SVC_EXTRACT_003: {
    status: 400,
    meaning: "extract: the file is empty, or corrupt: its content is not the PDF, image or spreadsheet its name or type says",
    origin: "project",
  },
  SVC_EXTRACT_004: { status: 400, meaning: "extract: the multipart form has no `file` part (or is malformed)", origin: "project" },
  SVC_EXTRACT_005: {
    status: 413,
    meaning: "extract: uploaded file larger than the limit (TDS_MAX_UPLOAD_BYTES, 10 MB by default)",
    origin: "project",
  },
  SVC_EXTRACT_006: { status: 404, meaning: "extraction job not found (or belongs to another account)", origin: "project" },
  // Project: webhook subscriptions and deliveries
  SVC_WEBHOOK_001: { status: 404, meaning: "webhook subscription not found (or belongs to another account)", origin: "project" },
  SVC_WEBHOOK_002: {
    status: 400,
    meaning:
      "webhook URL refused: not http(s), plain http without TDS_WEBHOOKS_ALLOW_HTTP, credentials in the URL, or a loopback, private, link-local or otherwise non-public address (TDS_WEBHOOKS_ALLOW_PRIVATE=true allows them for local development)",
    origin: "project",
  },
  SVC_WEBHOOK_003: { status: 404, meaning: "webhook delivery not found for this subscription", origin: "project" },
  SVC_WEBHOOK_004: {
    status: 409,
    meaning: "redelivery not possible now: the subscription is inactive (re-enable it first) or an attempt is in progress",
    origin: "project",
  },
  SVC_WEBHOOK_005: { status: 409, meaning: "webhook subscription limit of the account reached (20)", origin: "project" },
  // Project: deployment
  SVC_CONFIG_001: {
    status: 503,
    meaning:
      "a deployed function refuses to serve: a secret it needs is missing or equals a published default, or a setting has a value it cannot read (the log names the variable)",
    origin: "project",
  },
  // Project: request rate limits
  SVC_RATE_001: {
    status: 429,
    meaning:
      "request rate limit reached (per API key, or per client address on public endpoints); Retry-After, RateLimit and RateLimit-Policy say when and which budget",
    origin: "project",
  },
  // Project: dashboard members and invitations
  SVC_MEMBER_001: {
    status: 409,
    meaning: "the email already has a dashboard sign-in (emails are unique across accounts)",
    origin: "project",
  },
  SVC_MEMBER_002: { status: 404, meaning: "dashboard member or invitation not found in this account", origin: "project" },
  // Project: unexpected
  SVC_SYS_000: { status: 500, meaning: "unexpected internal error (a bug: please report it with the request id)", origin: "project" },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;
