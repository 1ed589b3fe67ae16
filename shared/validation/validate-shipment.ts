import { randomUUID } from "node:crypto";
import type { Services } from "../runtime/services.ts";
import { AppError } from "../errors/app-error.ts";
import type { KeyPrincipal } from "../accounts/account-repository.ts";
import { findShipment } from "../shipments/shipment-repository.ts";
import { collectReferenceAsk, runValidation, type ValidationOutcome } from "../rules/run-validation.ts";
import { DEFAULT_GATE_SLUG, findGate, GATE_SLUGS } from "../rules/gates.ts";
import { RULE_LIBRARY_VERSION } from "../rules/rule-table.ts";
import { computeValidationHash } from "../hashing/validation-hash.ts";
import { gatherReferenceFactsCached } from "../reference/cached-reference-facts.ts";
import { screenPartyNamesCached } from "../screening/cached-screening.ts";
import { screeningCoverage } from "../screening/sanctions-screener.ts";
import { boundScreeningTables, isScreeningTable } from "../screening/lists/screening-tables.ts";
import {
  applyValidationToShipment,
  insertValidationRecord,
  type NewValidationRecord,
  type ValidationRecord,
} from "./validation-record-repository.ts";
import { storeValidationRecord } from "./validation-record-writer.ts";
import { referenceTablesUsed } from "../rules/reference-tables-used.ts";
import { freshnessOf, readStoredVintages, type TableVintage } from "../reference/refresh/reference-vintage.ts";
import { checksNotRun } from "../rules/checks-not-run.ts";
import { SHIPMENTS_ERRORS } from "../shipments/shipments-errors.ts";
import { VALIDATION_ERRORS } from "./validation-errors.ts";
import { refusedKeyError } from "../accounts/key-recheck.ts";
import { validateWithClearances } from "../screening/reviews/validation-clearances.ts";
import { clearancesApplied } from "../screening/reviews/apply-clearances.ts";

export interface ValidateInput {
  /** The data to validate; when omitted, the stored data of `shipmentId`. */
  shipment?: Record<string, unknown>;
  shipmentId?: string;
  gateSlug?: string;
  documentTypes?: string[];
}

export interface ValidateResult {
  outcome: ValidationOutcome;
  record: ValidationRecord;
  hash: string;
  /** Vintage of each reference table the validation used (also stored in the record). */
  referenceData: TableVintage[];
}

function str(v: unknown): string | null {
  return typeof v === "string" ? v : null;
}

/**
 * One validation run: gather the reference facts in one batch per table, run the pure rules, hash what
 * was validated, store the record and (with a shipment) move its status as the spec's table says.
 * A principal answered from memory has its key re-checked by the record's insert: a key revoked since
 * (by any instance) stores nothing and is refused (401 SVC_AUTH_001), as at authentication.
 */
export async function validateShipment(
  services: Pick<Services, "db" | "config">,
  principal: KeyPrincipal,
  input: ValidateInput,
): Promise<ValidateResult> {
  const { db } = services;
  const gateSlug = input.gateSlug ?? DEFAULT_GATE_SLUG;
  // Looked up once: the rules it names choose the tables to report and the run evaluates it as found here.
  const gate = findGate(gateSlug);
  if (!gate) {
    throw new AppError(VALIDATION_ERRORS.SVC_GATE_001, `Unknown gate_slug "${gateSlug}"`, {
      details: { field: "gate_slug", known_gates: GATE_SLUGS },
    });
  }
  let shipment = input.shipment;
  if (input.shipmentId !== undefined) {
    const stored = await findShipment(db, principal.accountId, input.shipmentId);
    if (!stored) throw new AppError(SHIPMENTS_ERRORS.SVC_SHIP_004, "Shipment not found", { details: { shipment_id: input.shipmentId } });
    shipment ??= stored.shipment_data;
  }
  const data = shipment ?? {};
  const documentTypes = [...new Set(input.documentTypes ?? [])].sort();

  const ask = collectReferenceAsk(data, documentTypes);
  // The lists this deployment is bound by (TDS_SCREENING_LISTS): screened, and required.
  const lists = boundScreeningTables(services.config.screening);
  const [facts, sanctions, stored, coverage] = await Promise.all([
    gatherReferenceFactsCached(db, ask),
    screenPartyNamesCached(db, ask.partyNames, lists),
    readStoredVintages(db),
    ask.partyNames.length > 0 ? screeningCoverage(db, lists) : Promise.resolve([]),
  ]);
  facts.sanctions = sanctions;
  if (coverage.length > 0) facts.screeningLists = coverage;
  // The clock is read here, not in the rules: they stay pure, the facts carry each used table's age.
  const settings = services.config.referenceRefresh;
  const used = new Set(referenceTablesUsed(ask, gate.ruleIds).filter((t) => !isScreeningTable(t) || lists.includes(t)));
  const now = Date.now();
  const fresh = stored.filter((v) => used.has(v.table) && v.imported_at !== null).map((v) => freshnessOf(v, settings, now));
  facts.vintages = fresh;
  const referenceData: TableVintage[] = fresh.map(({ table, vintage, published_at, imported_at, checked_at, stale }) => ({
    table,
    vintage,
    published_at,
    imported_at,
    checked_at,
    stale,
  }));
  // Cleared sanctions matches become info (the account's review decisions, docs/sanctions-screening.md "Reviews").
  const outcome = await validateWithClearances(
    db,
    principal.accountId,
    data,
    ask.partyNames,
    { now: new Date(now), validDays: services.config.screening.clearanceDays },
    (adjust) => runValidation(data, { facts, documentTypes, gate, adjust }),
  );
  // Fail closed: a table that was empty is named in the record (reference_data) and in the hash.
  const notRun = checksNotRun(outcome.results);
  for (const { table, rule_ids } of notRun) {
    const entry = referenceData.find((v) => v.table === table);
    if (entry) Object.assign(entry, { loaded: false, checks_not_run: rule_ids });
    else
      referenceData.push({
        table: table as TableVintage["table"],
        vintage: null,
        published_at: null,
        imported_at: null,
        checked_at: null,
        stale: false,
        loaded: false,
        checks_not_run: rule_ids,
      });
  }
  const hash = await computeValidationHash({
    shipment: data,
    documentTypes,
    gate: gateSlug,
    ruleLibraryVersion: RULE_LIBRARY_VERSION,
    checksNotRun: notRun,
    clearances: clearancesApplied(outcome.results),
  });

  const route = (data as { route?: Record<string, unknown> }).route;
  const newRecord: NewValidationRecord = {
    accountId: principal.accountId,
    shipmentId: input.shipmentId ?? null,
    gateSlug,
    ruleLibraryVersion: RULE_LIBRARY_VERSION,
    documentTypes,
    passed: outcome.valid,
    score: outcome.score,
    validationHash: hash,
    results: outcome.results,
    layers: outcome.layers,
    route:
      route && typeof route === "object"
        ? { origin_country: str(route.origin_country), destination_country: str(route.destination_country) }
        : null,
    referenceData,
    recheckKeyId: principal.fromMemory ? principal.keyId : undefined,
  };
  // A stored shipment's status changes with its record, in one transaction; a record alone goes with the
  // records of concurrent validations in one statement (validation-record-writer.ts).
  const shipmentId = input.shipmentId;
  const recordId = randomUUID();
  const record =
    shipmentId !== undefined
      ? await db.transaction(
          async (tx) => {
            const rec = await insertValidationRecord(tx, newRecord, recordId);
            if (!rec) throw refusedKeyError();
            await applyValidationToShipment(tx, principal.accountId, shipmentId, rec);
            return rec;
          },
          // The record's id is chosen here and its insert answers an existing row: run twice, the same.
          { idempotent: true },
        )
      : await storeValidationRecord(db, newRecord);
  if (!record) throw refusedKeyError();
  return { outcome, record, hash, referenceData };
}
