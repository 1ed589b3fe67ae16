/**
 * The validation hash: "sha256:" + lowercase hex SHA-256 (WebCrypto, Node 20 and Deno) over the RFC 8785
 * canonical JSON of
 *   {"document_types": [...sorted, unique], "gate": <slug>, "rule_library_version": <version>, "shipment": <data>}
 * No clock, no randomness: the same data validated under the same gate, documents and rule library
 * version always gives the same hash, and key order or whitespace of the input never matters.
 * Reference data (tariffs, sanctions lists) is deliberately not part of it; validated_at is stored with
 * the validation record instead.
 */
import { canonicalJson } from "./canonical-json.ts";
import { sha256Hex } from "./sha256.ts";

export interface ValidationHashInput {
  shipment: unknown;
  documentTypes?: readonly string[];
  gate: string;
  ruleLibraryVersion: string;
}

export function validationHashPayload(input: ValidationHashInput): string {
  const documentTypes = [...new Set(input.documentTypes ?? [])].sort();
  return canonicalJson({
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
