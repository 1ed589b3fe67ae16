import { z } from "zod";
import { DOCUMENT_TYPES } from "../document-types/identities.ts";
import { GATE_SLUGS } from "../rules/gates.ts";

/** Any JSON object: stage 1 of the rules (schema validation) judges its content and reports results. */
export const AnyShipmentData = z.record(z.string(), z.unknown()).describe("TradeShipment data (see the spec's known paths)");

const GateSlug = z
  .string()
  .max(100)
  .describe(`Rules gate; default trade-document-validator. Known: ${GATE_SLUGS.join(", ")}`);
const DocumentTypes = z.array(z.enum(DOCUMENT_TYPES)).max(16).describe("Run the document-specific rules of these document types");

export const ValidateShipmentFunctionBody = z.strictObject({
  shipment: AnyShipmentData,
  shipment_id: z.string().optional(),
  gate_slug: GateSlug.optional(),
  document_types: DocumentTypes.optional(),
});

export const ValidateStoredShipmentBody = z.strictObject({
  gate_slug: GateSlug.optional(),
  document_types: DocumentTypes.optional(),
});

/** REST validate: the body is the shipment itself, so options travel in the query. */
export const ValidateQuery = z.strictObject({
  gate_slug: GateSlug.optional(),
  document_types: z
    .string()
    .optional()
    .transform((s) =>
      s
        ? s
            .split(",")
            .map((t) => t.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(DocumentTypes.optional())
    .describe("Comma-separated document types whose document-specific rules should run"),
});

export const RuleResultSchema = z.object({
  rule_id: z.string(),
  category: z.string(),
  severity: z.enum(["error", "warning", "info"]),
  message: z.string(),
  field: z.string(),
  context: z.record(z.string(), z.unknown()).optional(),
});

/** Additive to the spec's shapes: the vintage of each reference table the validation used. */
export const ReferenceDataUsed = z
  .array(
    z.object({
      table: z.string(),
      vintage: z.string().nullable().describe("Publisher's edition or version, e.g. HTS 2026 Revision 10"),
      published_at: z.string().nullable().describe("Publisher's date of the files, when known"),
      imported_at: z.string().nullable(),
      checked_at: z
        .string()
        .nullable()
        .describe("Last time the data was confirmed current (import, or a refresh that found the source unchanged)"),
      stale: z.boolean().describe("Older than its refresh interval plus the margin; rule_reference_data_current then warns"),
      loaded: z.boolean().optional().describe("false: the table held no data, so the checks in checks_not_run did not run"),
      checks_not_run: z
        .array(z.string())
        .optional()
        .describe("Rules whose lookups in this table did not run (table empty or still loading); also part of the validation hash"),
    }),
  )
  .describe("Vintage of each reference table this validation used, and the tables that were empty");

export const RestValidationResponse = z.object({
  valid: z.boolean(),
  score: z.number().int(),
  results: z.array(RuleResultSchema),
  validation_hash: z.string().describe("sha256:<hex> of what was validated (always present)"),
  validated_at: z.string(),
  validation_record_id: z.string(),
  gate_slug: z.string(),
  rule_library_version: z.string(),
  reference_data: ReferenceDataUsed,
});

export const FunctionValidationResponse = z.object({
  run_id: z.string(),
  validation_record_id: z.string(),
  status: z.literal("validated").describe("Engine run status: the run completed. Not the pass signal."),
  passed: z.boolean(),
  layers: z.array(
    z.object({
      name: z.string(),
      status: z.enum(["passed", "failed"]),
      results: z.array(z.object({ rule: z.string(), status: z.string(), message: z.string(), severity: z.string(), field: z.string() })),
    }),
  ),
  error: z.object({ message: z.string() }).nullable(),
  validation_hash: z.string().nullable(),
  reference_data: ReferenceDataUsed,
});
