/**
 * The validation hash: "sha256:" + lowercase hex SHA-256 (WebCrypto, Node 20 and Deno) over the RFC 8785
 * canonical JSON of
 *   {"document_types": [...sorted, unique], "gate": <slug>, "rule_library_version": <version>, "shipment": <data>}
 * No clock, no randomness: the same data validated under the same gate, documents and rule library
 * version always gives the same hash, and key order or whitespace of the input never matters.
 * Reference data (tariffs, sanctions lists) is deliberately not part of it; validated_at is stored with
 * the validation record instead. Checks that did not run because their table was empty are part of it
 * ("checks_not_run", [{table, rule_ids}], only when there are any): a hash of a run that skipped a lookup
 * is never the hash of a run that made it, and a run that skipped nothing keeps the hash it always had.
 * Clearances of sanctions matches that the run applied are part of it the same way ("clearances", only
 * when there are any: each decision's id, party name as compared, list, entry and the entry's hash).
 */
import { canonicalJson } from "./canonical-json.ts";
import { sha256Hex } from "./sha256.ts";

export interface ValidationHashInput {
  shipment: unknown;
  documentTypes?: readonly string[];
  gate: string;
  ruleLibraryVersion: string;
  /** Tables whose lookups did not run, with the rules that needed them (shared/rules/checks-not-run.ts). */
  checksNotRun?: ReadonlyArray<{ table: string; rule_ids: readonly string[] }>;
  /** Clearances the run applied (shared/screening/reviews/apply-clearances.ts clearancesApplied). */
  clearances?: ReadonlyArray<{ review_id: string; party_name_normalised: string; list: string; entry_id: string; entry_hash: string }>;
}

export function validationHashPayload(input: ValidationHashInput): string {
  const documentTypes = [...new Set(input.documentTypes ?? [])].sort();
  const notRun = [...(input.checksNotRun ?? [])]
    .map((c) => ({ table: c.table, rule_ids: [...new Set(c.rule_ids)].sort() }))
    .sort((a, b) => (a.table < b.table ? -1 : a.table > b.table ? 1 : 0));
  const clearances = [...(input.clearances ?? [])]
    .map(({ review_id, party_name_normalised, list, entry_id, entry_hash }) => ({
      entry_hash,
      entry_id,
      list,
      party_name_normalised,
      review_id,
    }))
    .sort((a, b) => (a.review_id < b.review_id ? -1 : a.review_id > b.review_id ? 1 : 0));
  return canonicalJson({
    ...(notRun.length > 0 ? { checks_not_run: notRun } : {}),
    ...(clearances.length > 0 ? { clearances } : {}),
    document_types: documentTypes,
    gate: input.gate,
    rule_library_version: input.ruleLibraryVersion,
    shipment: input.shipment === undefined ? null : input.shipment,
  });
}

/** "sha256:<64 hex>". Throws CanonicalJsonError for data without a JSON form (NaN, Infinity, BigInt, cycles). */
export async function computeValidationHash(input: ValidationHashInput): Promise<string> {
  return `sha256:${await sha256Hex(validationHashPayload(input))}`;
}

export function isValidationHash(value: unknown): value is string {
  return typeof value === "string" && /^sha256:[0-9a-f]{64}$/.test(value);
}
