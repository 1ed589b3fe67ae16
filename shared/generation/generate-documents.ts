import type { Services } from "../runtime/services.ts";
import { AppError } from "../errors/app-error.ts";
import type { KeyPrincipal } from "../accounts/account-repository.ts";
import type { DocumentType } from "../document-types/identities.ts";
import { checkPreconditions } from "../document-types/field-requirements.ts";
import { findShipment } from "../shipments/shipment-repository.ts";
import { validateShipment } from "../validation/validate-shipment.ts";
import { findPassingRecordByHash } from "../validation/validation-record-repository.ts";
import { computeValidationHash, isValidationHash } from "../hashing/validation-hash.ts";
import { clearancesApplied } from "../screening/reviews/apply-clearances.ts";
import { diffShipmentData } from "./diff-shipment-data.ts";
import { checksNotRun } from "../rules/checks-not-run.ts";
import { incrementGenerationCount, insertGenerationHistory, insertGenerationJob } from "./generation-repository.ts";
import { GENERATION_ERRORS } from "./generation-errors.ts";
import { SHIPMENTS_ERRORS } from "../shipments/shipments-errors.ts";

export interface GenerateRequest {
  shipment: Record<string, unknown>;
  documentTypes: DocumentType[];
  shipmentId?: string;
  finalDoc: boolean;
  confirmWarnings: boolean;
  validationHash?: string;
  previousShipmentData?: Record<string, unknown>;
}

export type GenerateResult =
  | { status: 400; body: { success: false; preCheckErrors: ReturnType<typeof checkPreconditions>["preCheckErrors"] } }
  | { status: 200; body: { success: false; requiresConfirmation: true; warnings: ReturnType<typeof checkPreconditions>["warnings"] } }
  | { status: 202; body: JobsCreated };

/** The 202 answer: one job per document type; the generation counters when a stored shipment was named. */
export interface JobsCreated {
  jobs: { jobId: string; docType: string; providerJobId: string }[];
  generation_count?: number;
  max_generations?: number;
  generation_history_id?: string;
}

/**
 * The hash printed in the footers must be one verify-hash recognises. A caller's validation_hash is
 * accepted only if it is a passing validation of exactly this data (recomputed with that run's gate
 * and document types); otherwise the data is validated now, with the requested document types.
 */
async function validationHashFor(
  services: Pick<Services, "db" | "config">,
  principal: KeyPrincipal,
  req: GenerateRequest,
): Promise<string> {
  if (req.validationHash !== undefined) {
    const hash = req.validationHash.trim().toLowerCase();
    const record = isValidationHash(hash) ? await findPassingRecordByHash(services.db, hash) : null;
    const recomputed = record
      ? await computeValidationHash({
          shipment: req.shipment,
          documentTypes: record.document_types,
          gate: record.gate_slug,
          ruleLibraryVersion: record.rule_library_version,
          checksNotRun: checksNotRun(record.results),
          clearances: clearancesApplied(record.results),
        })
      : null;
    if (recomputed !== hash) {
      throw new AppError(
        GENERATION_ERRORS.SVC_GEN_002,
        "validation_hash is not the hash of a passing validation of this shipment data; validate again or omit it",
        {
          details: { field: "validation_hash" },
        },
      );
    }
    return hash;
  }
  const { outcome, record, hash } = await validateShipment(services, principal, {
    shipment: req.shipment,
    shipmentId: req.shipmentId,
    documentTypes: req.documentTypes,
  });
  if (!outcome.valid) {
    // A check that could not run (the sanctions list not loaded) is named by its own message, not only its rule id.
    const notRun = outcome.results.filter((r) => r.severity === "error" && r.context?.not_checked === true).map((r) => r.message);
    throw new AppError(
      GENERATION_ERRORS.SVC_GEN_001,
      `Validation failed: ${outcome.summary.failed_rules.join(", ")}. ${notRun.length > 0 ? `${notRun.join(" ")} ` : ""}Documents are generated once the error rules pass.`,
      {
        details: { validation_record_id: record.id, results: outcome.results.filter((r) => r.severity === "error") },
      },
    );
  }
  return hash;
}

export async function generateDocuments(
  services: Pick<Services, "db" | "config">,
  principal: KeyPrincipal,
  req: GenerateRequest,
  now = new Date(),
): Promise<GenerateResult> {
  const { db } = services;
  const stored = req.shipmentId !== undefined ? await findShipment(db, principal.accountId, req.shipmentId) : null;
  if (req.shipmentId !== undefined && !stored) {
    throw new AppError(SHIPMENTS_ERRORS.SVC_SHIP_004, "Shipment not found", { details: { shipment_id: req.shipmentId } });
  }

  const checks = checkPreconditions(req.shipment, req.documentTypes);
  if (checks.preCheckErrors.length > 0) return { status: 400, body: { success: false, preCheckErrors: checks.preCheckErrors } };
  if (checks.warnings.length > 0 && !req.confirmWarnings) {
    return { status: 200, body: { success: false, requiresConfirmation: true, warnings: checks.warnings } };
  }

  // Read before validating: a generation that completes in the meantime makes our increment fail (409).
  const seenCount = stored?.generation_count ?? 0;
  if (stored && seenCount >= stored.max_generations) throw limitReached(stored.generation_count, stored.max_generations);

  const hash = await validationHashFor(services, principal, req);
  const types = [...new Set(req.documentTypes)];

  const result = await db.transaction(async (tx) => {
    let generationNumber = 1;
    let historyId: string | null = null;
    if (stored) {
      const count = await incrementGenerationCount(tx, principal.accountId, stored.id, seenCount);
      if (count === null) {
        const current = await findShipment(tx, principal.accountId, stored.id);
        if (current && current.generation_count >= current.max_generations)
          throw limitReached(current.generation_count, current.max_generations);
        throw new AppError(GENERATION_ERRORS.SVC_GEN_LIMIT, "Another generation of this shipment happened at the same time; retry", {
          status: 409,
        });
      }
      generationNumber = count;
      historyId = await insertGenerationHistory(tx, {
        shipmentId: stored.id,
        accountId: principal.accountId,
        generationNumber,
        documentTypes: types,
        validationHash: hash,
        snapshot: req.shipment,
        diff: req.previousShipmentData ? diffShipmentData(req.previousShipmentData, req.shipment) : null,
      });
    }
    const jobs = [];
    for (const documentType of types) {
      jobs.push(
        await insertGenerationJob(tx, {
          accountId: principal.accountId,
          shipmentId: stored?.id ?? null,
          historyId,
          documentType,
          validationHash: hash,
          input: {
            shipment: req.shipment,
            finalDoc: req.finalDoc,
            generationNumber,
            shipmentRef: stored?.shipment_ref ?? null,
            generatedAt: now.toISOString(),
          },
        }),
      );
    }
    return { jobs, generationNumber, historyId };
  });

  const body: JobsCreated = {
    jobs: result.jobs.map((j) => ({ jobId: j.id, docType: j.document_type, providerJobId: j.provider_job_id })),
  };
  // A stored shipment always has its history row (written in the transaction above).
  if (stored && result.historyId) {
    body.generation_count = result.generationNumber;
    body.max_generations = stored.max_generations;
    body.generation_history_id = result.historyId;
  }
  return { status: 202, body };
}

function limitReached(count: number, max: number): AppError {
  return new AppError(
    GENERATION_ERRORS.SVC_GEN_LIMIT,
    `Generation limit reached: ${count} of ${max} generations used. Fill the blank fields of the existing documents instead, or upgrade the tier.`,
    {
      status: 429,
      details: { generation_count: count, max_generations: max },
    },
  );
}
