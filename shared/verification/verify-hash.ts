import type { Queryable } from "../db/types.ts";
import { isValidationHash } from "../hashing/validation-hash.ts";
import { findPassingRecordByHash } from "../validation/validation-record-repository.ts";

export type VerifyAnswer =
  | {
      verified: true;
      validation_hash: string;
      timestamp: string;
      rules_summary: { layers: { name: string; status: string }[] };
      documents_generated: string[];
      route: { origin_country: string | null; destination_country: string | null };
      gate_slug: string;
      rule_library_version: string;
      message: string;
    }
  | { verified: false; message: string };

/** What a verified result does and does not assert; the public page shows the same words. */
export const VERIFIED_MEANING =
  "The shipment data with this hash passed the service's validation rules at the time shown, and any document carrying this hash was generated from exactly that data. " +
  "It does not certify the goods, the parties' identities or the truth of the declarations, nor values filled into the document's blank form fields after generation.";

/** Public lookup by validation hash (no account scoping: the hash is the secret-free identifier). */
export async function verifyHash(db: Queryable, hash: string): Promise<VerifyAnswer> {
  const normalised = hash.trim().toLowerCase();
  if (!isValidationHash(normalised)) {
    return { verified: false, message: "This is not a validation hash (expected sha256: followed by 64 hexadecimal characters)." };
  }
  const record = await findPassingRecordByHash(db, normalised);
  if (!record) return { verified: false, message: "No passing validation with this hash is known to this service." };
  const docs = await db.query<{ t: string }>(
    "select distinct document_type as t from generation_jobs where validation_hash = $1 and status = 'completed' order by t",
    [normalised],
  );
  return {
    verified: true,
    validation_hash: normalised,
    timestamp: record.created_at,
    rules_summary: { layers: record.layers.map((l) => ({ name: l.name, status: l.status })) },
    documents_generated: docs.map((d) => d.t),
    route: record.route ?? { origin_country: null, destination_country: null },
    gate_slug: record.gate_slug,
    rule_library_version: record.rule_library_version,
    message: `Verified: validated on ${record.created_at.slice(0, 10)}. ${VERIFIED_MEANING}`,
  };
}
