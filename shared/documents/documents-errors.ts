import { defineErrorCodes } from "../errors/error-code.ts";

/** Error codes of generated documents: a job's document, its file and its download address. */
export const DOCUMENTS_ERRORS = defineErrorCodes({
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
});
