/**
 * Issuing the credential of a generated document, once per generation job (a job run again after an
 * interruption gets the same credential back). A regeneration of the same document type of the same
 * stored shipment revokes the credential it replaces and names it (`supersedes`) in the new one.
 */
import type { Db } from "../db/types.ts";
import type { Config } from "../runtime/config.ts";
import type { DocumentType } from "../document-types/identities.ts";
import { findPassingRecordByHash } from "../validation/validation-record-repository.ts";
import { checksNotRun } from "../rules/checks-not-run.ts";
import { clearancesApplied } from "../screening/reviews/apply-clearances.ts";
import { credentialKeys } from "./credential-keys.ts";
import { didWebFor } from "./did-web.ts";
import { buildCredential, credentialUrl } from "./build-credential.ts";
import { signCredential } from "./sign-credential.ts";
import { LIST_SIZE } from "./status-list.ts";
import {
  countInList,
  findCredentialByJob,
  findSupersededCredential,
  insertCredential,
  latestList,
  markRevoked,
  type StoredCredential,
} from "./credential-repository.ts";

/** What issuance needs of a generation job (shared/generation passes its job). */
export interface CredentialJob {
  id: string;
  account_id: string;
  shipment_id: string | null;
  document_type: string;
  validation_hash: string;
  input: { shipment: Record<string, unknown>; generationNumber: number; shipmentRef: string | null };
}

/** A list is filled to half its size: random indexes stay cheap to find and the herd stays large. */
const LIST_FILL = LIST_SIZE / 2;
const INDEX_ATTEMPTS = 20;

function randomIndex(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] % LIST_SIZE; // LIST_SIZE is a power of two: no bias
}

export async function issueDocumentCredential(
  services: { db: Db; config: Pick<Config, "publicBaseUrl" | "credentialKeys" | "localDevelopment" | "dataDir"> },
  job: CredentialJob,
  now = new Date(),
): Promise<StoredCredential> {
  const { db, config } = services;
  const existing = await findCredentialByJob(db, job.id);
  if (existing) return existing;
  const record = await findPassingRecordByHash(db, job.validation_hash);
  if (!record) throw new Error(`no passing validation with hash ${job.validation_hash}: the credential cannot state it`);
  const keys = await credentialKeys(config);
  const did = didWebFor(config.publicBaseUrl);

  return db.transaction(async (tx) => {
    const superseded = job.shipment_id
      ? await findSupersededCredential(tx, {
          accountId: job.account_id,
          shipmentId: job.shipment_id,
          documentType: job.document_type,
          jobId: job.id,
        })
      : null;
    let list = await latestList(tx);
    if ((await countInList(tx, list)) >= LIST_FILL) list += 1;
    for (let attempt = 0; attempt < INDEX_ATTEMPTS; attempt++) {
      const id = crypto.randomUUID();
      const index = randomIndex();
      const credential = buildCredential({
        baseUrl: config.publicBaseUrl,
        did,
        credentialId: id,
        documentType: job.document_type as DocumentType,
        validationHash: job.validation_hash,
        shipment: job.input.shipment,
        shipmentRef: job.input.shipmentRef,
        generationNumber: job.input.generationNumber,
        validation: {
          gate: record.gate_slug,
          ruleLibraryVersion: record.rule_library_version,
          documentTypes: record.document_types,
          validatedAt: `${new Date(record.created_at).toISOString().slice(0, 19)}Z`,
          checksNotRun: checksNotRun(record.results).map((c) => ({ table: c.table, ruleIds: c.rule_ids })),
          clearances: clearancesApplied(record.results).map(({ entry_hash, entry_id, list, party_name_normalised, review_id }) => ({
            entry_hash,
            entry_id,
            list,
            party_name_normalised,
            review_id,
          })),
        },
        status: { list, index },
        supersedes: superseded ? credentialUrl(config.publicBaseUrl, superseded.id) : null,
        issuedAt: now,
      });
      const { jwt, kid } = await signCredential(credential, did, keys.signing);
      const stored = await insertCredential(tx, {
        id,
        account_id: job.account_id,
        job_id: job.id,
        shipment_id: job.shipment_id,
        document_type: job.document_type,
        validation_hash: job.validation_hash,
        status_list: list,
        status_index: index,
        kid,
        jwt,
        supersedes: superseded?.id ?? null,
        issued_at: now,
      });
      if (stored) {
        if (superseded) await markRevoked(tx, superseded.id, "superseded");
        return stored;
      }
      // Another run of this job won, or the index was taken: the first case ends here.
      const mine = await findCredentialByJob(tx, job.id);
      if (mine) return mine;
    }
    throw new Error(`no free index in status list ${list} after ${INDEX_ATTEMPTS} attempts`);
  });
}
