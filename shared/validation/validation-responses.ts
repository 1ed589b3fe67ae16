import type { ValidateResult } from "./validate-shipment.ts";

/** The REST answer: every result, and the hash of what was validated whether it passed or not. */
export function restValidationBody({ outcome, record, hash, referenceData }: ValidateResult) {
  return {
    valid: outcome.valid,
    score: outcome.score,
    results: outcome.results,
    validation_hash: hash,
    validated_at: record.created_at,
    validation_record_id: record.id,
    gate_slug: record.gate_slug,
    rule_library_version: record.rule_library_version,
    reference_data: referenceData,
  };
}

/** The validate-shipment function answer: layers, passed, and the hash only on a pass. */
export function functionValidationBody({ outcome, record, hash, referenceData }: ValidateResult) {
  const { errors, warnings, failed_rules } = outcome.summary;
  return {
    run_id: record.run_id,
    validation_record_id: record.id,
    status: "validated" as const,
    passed: outcome.valid,
    layers: outcome.layers,
    error: outcome.valid
      ? null
      : {
          message: `${failed_rules.length} rule${failed_rules.length === 1 ? "" : "s"} failed (${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}): ${failed_rules.join(", ")}`,
        },
    validation_hash: outcome.valid ? hash : null,
    reference_data: referenceData,
  };
}
