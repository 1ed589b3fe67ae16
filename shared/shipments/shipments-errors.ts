import { defineErrorCodes } from "../errors/error-code.ts";

/** Error codes of shipments and drafts (the spec's SVC_SHIP_* and SVC_DRAFT_*), the shipment quota and state. */
export const SHIPMENTS_ERRORS = defineErrorCodes({
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
  SVC_QUOTA_001: {
    status: 429,
    meaning: "monthly shipment quota of the tier reached (Free: 5 a calendar month, UTC); Retry-After gives the seconds to the next month",
  },
  SVC_SHIP_006: {
    status: 409,
    meaning: "shipment state does not allow this operation (for example promoting a shipment that is not a draft)",
  },
});
