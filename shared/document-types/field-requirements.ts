/**
 * THE field-requirements table (spec: document-field-requirements), built from the document-type
 * descriptors' rows (shared/document-types), and the generate-documents pre-checks and soft warnings
 * derived from it. Pure.
 *
 * Each of the 16 types has `required` and `recommended` FieldSpecs — served exactly as the spec's
 * summary table lists them — and `conditions`: the fields the blocking *conditions* report on (DGD
 * hazardous items, EUR.1 / statement-on-origin / USMCA destination rules). Conditions are pre-checks,
 * not required fields, so they are not served (the spec lists no required field for EUR.1, USMCA or the
 * statement on origin). A spec whose `check` is
 *   - "precheck": a missing value blocks generation (spec: "Pre-checks that block generation");
 *   - "condition": the entry is the field a blocking condition reports on — the condition is coded below;
 *   - "warn": a missing value is a soft warning: generate-documents asks for confirm_warnings, and the
 *     document gets a fillable blank field. These are exactly the spec's "Soft-warning fields" (nothing
 *     more; docs/generation.md, "Soft warnings and document rules"). Only a `recommended` entry can
 *     carry it: the spec says recommended fields are the ones that produce soft warnings, so the served
 *     recommended fields include every soft-warning field by construction (one table, not two);
 *   - absent: informational only (what a complete form needs; missing values become fillable fields).
 * Every pre-check error's fieldPath is a `required` or `conditions` spec of its type and every warning's
 * fieldPath a `recommended` spec of its type (tested), so the endpoint's table and generate-documents
 * agree. The spec's summary table omits one soft-warning field, the bill of lading's
 * bl_data.place_of_delivery; it is served as recommended, since the spec's rule ("recommended ones
 * [correspond] to soft warnings") and its soft-warning table say so.
 * Fields a layout prints when present (the invoice number and date, the proforma number and date) are
 * shipment fields, not requirements: the spec's table lists none for them.
 * The summary's "required" fields of the other types (exporter, importer, currency, …) do not block:
 * generate-documents renders their blanks as fillable fields (final_doc false).
 */
import { DOCUMENT_TITLES, type DocumentType, DOCUMENT_TYPES } from "./identities.ts";
import { dataPathToFieldPath, instantiatePath } from "../pdf/field-paths.ts";
import { arrayAt, getAt, hasValue, isHazardousItem } from "../documents/data.ts";
import { isEur1Destination, normalizeCountry } from "../documents/country-names.ts";
import { USMCA_COUNTRIES } from "../trade/countries.ts";
import type { FormTab, RequirementCheck, RequirementRow } from "./descriptor.ts";
import { DESCRIPTOR_OF } from "./registry.ts";

export type { FormTab, RequirementCheck } from "./descriptor.ts";

export interface FieldSpec {
  /** camelCase form path, e.g. blData.freightPayment; "*" stands for every line item / container. */
  fieldPath: string;
  /** snake_case shipment data path, e.g. bl_data.freight_payment */
  dataPath: string;
  label: string;
  tab: FormTab;
}

export interface DocumentRequirements {
  required: FieldSpec[];
  recommended: FieldSpec[];
}

export interface RequirementEntry extends FieldSpec {
  check?: RequirementCheck;
}

function spec([dataPath, label, tab, check]: RequirementRow): RequirementEntry {
  const entry: RequirementEntry = { fieldPath: dataPathToFieldPath(dataPath), dataPath, label, tab };
  if (check) entry.check = check;
  return entry;
}

export interface RequirementsRow {
  required: RequirementEntry[];
  /** Served as recommended; the ones marked "warn" are the type's soft-warning fields. */
  recommended: RequirementEntry[];
  /** Fields of the blocking conditions (not served: the spec's table does not list them). */
  conditions?: RequirementEntry[];
}

/** The table, from the descriptors' rows (document-types/registry.ts). Labels are what a form shows next to the field. */
export const REQUIREMENTS_TABLE: Readonly<Record<DocumentType, RequirementsRow>> = Object.fromEntries(
  DOCUMENT_TYPES.map((type) => {
    const d = DESCRIPTOR_OF[type];
    const row: RequirementsRow = { required: d.required.map(spec), recommended: d.recommended.map(spec) };
    if (d.conditions) row.conditions = d.conditions.map(spec);
    return [type, row];
  }),
) as Record<DocumentType, RequirementsRow>;

const strip = ({ fieldPath, dataPath, label, tab }: RequirementEntry): FieldSpec => ({ fieldPath, dataPath, label, tab });

/** The public table (GET document-field-requirements): {required, recommended} per type, FieldSpec only. */
export const FIELD_REQUIREMENTS: Readonly<Record<DocumentType, DocumentRequirements>> = Object.fromEntries(
  DOCUMENT_TYPES.map((type) => [
    type,
    { required: REQUIREMENTS_TABLE[type].required.map(strip), recommended: REQUIREMENTS_TABLE[type].recommended.map(strip) },
  ]),
) as Record<DocumentType, DocumentRequirements>;

// ---------------------------------------------------------------------------------------------------------
// Pre-checks and soft warnings

export interface CheckMessage {
  message: string;
  fieldPath: string;
  tab: FormTab;
}

export interface PreconditionResult {
  preCheckErrors: { docType: DocumentType; errors: CheckMessage[] }[];
  warnings: { docType: DocumentType; warnings: CheckMessage[] }[];
}

function entry(docType: DocumentType, dataPath: string): RequirementEntry {
  const table = REQUIREMENTS_TABLE[docType];
  const found = [...table.required, ...table.recommended, ...(table.conditions ?? [])].find((e) => e.dataPath === dataPath);
  if (!found) throw new Error(`No requirement ${dataPath} for ${docType}`);
  return found;
}

function message(docType: DocumentType, dataPath: string, text: string, ...indexes: number[]): CheckMessage {
  const e = entry(docType, dataPath);
  return { message: text, fieldPath: instantiatePath(e.fieldPath, ...indexes), tab: e.tab };
}

/** Indexes (in goods.line_items) of the hazardous line items. */
export function hazardousItemIndexes(shipment: unknown): number[] {
  return arrayAt(shipment, "goods.line_items").flatMap((item, index) => (isHazardousItem(item) ? [index] : []));
}

function presenceErrors(shipment: unknown, docType: DocumentType): CheckMessage[] {
  const title = DOCUMENT_TITLES[docType];
  return REQUIREMENTS_TABLE[docType].required
    .filter((e) => e.check === "precheck" && !hasValue(shipment, e.dataPath))
    .map((e) => ({ message: `${title} requires ${e.label} (${e.dataPath}).`, fieldPath: e.fieldPath, tab: e.tab }));
}

function dangerousGoodsErrors(shipment: unknown): CheckMessage[] {
  const type = "DANGEROUS_GOODS_DECLARATION";
  const errors: CheckMessage[] = [];
  const hazardous = hazardousItemIndexes(shipment);
  if (hazardous.length === 0) {
    errors.push(
      message(
        type,
        "goods.line_items.*.compliance_flags",
        'Dangerous Goods Declaration requires at least one hazardous line item (compliance_flags including "dgd", or is_hazardous true).',
        0,
      ),
    );
  }
  for (const index of hazardous) {
    if (!hasValue(shipment, `goods.line_items.${index}.un_number`)) {
      errors.push(
        message(
          type,
          "goods.line_items.*.un_number",
          `Hazardous line item ${index + 1} needs a UN number (goods.line_items[${index}].un_number).`,
          index,
        ),
      );
    }
    if (!hasValue(shipment, `goods.line_items.${index}.hazard_class`)) {
      errors.push(
        message(
          type,
          "goods.line_items.*.hazard_class",
          `Hazardous line item ${index + 1} needs a hazard class (goods.line_items[${index}].hazard_class).`,
          index,
        ),
      );
    }
  }
  return errors;
}

function preferentialZoneErrors(shipment: unknown, docType: "EUR1_MOVEMENT_CERTIFICATE" | "STATEMENT_ON_ORIGIN"): CheckMessage[] {
  const title = DOCUMENT_TITLES[docType];
  const errors: CheckMessage[] = [];
  const destination = normalizeCountry(getAt(shipment, "route.destination_country"));
  const origin = normalizeCountry(getAt(shipment, "route.origin_country"));
  if (destination === null) {
    errors.push(message(docType, "route.destination_country", `${title} requires the destination country (route.destination_country).`));
  } else if (!isEur1Destination(destination)) {
    errors.push(
      message(
        docType,
        "route.destination_country",
        `${title} is only issued for destinations in an EU member state or CH, NO, IS, LI, TR; the destination is ${destination}.`,
      ),
    );
  }
  if (origin === "US") {
    errors.push(
      message(docType, "route.origin_country", `${title} cannot be issued for goods shipped from the US (route.origin_country).`),
    );
  }
  return errors;
}

function usmcaErrors(shipment: unknown): CheckMessage[] {
  const type = "USMCA_CERTIFICATE_OF_ORIGIN";
  const destination = normalizeCountry(getAt(shipment, "route.destination_country"));
  if (destination === null) {
    return [
      message(
        type,
        "route.destination_country",
        "USMCA certification of origin requires the destination country (route.destination_country).",
      ),
    ];
  }
  if (!USMCA_COUNTRIES.has(destination)) {
    return [
      message(
        type,
        "route.destination_country",
        `USMCA certification of origin requires a destination in US, CA or MX; the destination is ${destination}.`,
      ),
    ];
  }
  return [];
}

/** Blocking errors for one type (empty when it may be generated). */
export function preCheckErrorsFor(shipment: unknown, docType: DocumentType): CheckMessage[] {
  switch (docType) {
    case "DANGEROUS_GOODS_DECLARATION": {
      // The emergency contact is a plain presence check; report it after the per-item problems.
      return [...dangerousGoodsErrors(shipment), ...presenceErrors(shipment, docType)];
    }
    case "EUR1_MOVEMENT_CERTIFICATE":
    case "STATEMENT_ON_ORIGIN":
      return [...preferentialZoneErrors(shipment, docType), ...presenceErrors(shipment, docType)];
    case "USMCA_CERTIFICATE_OF_ORIGIN":
      return [...usmcaErrors(shipment), ...presenceErrors(shipment, docType)];
    default:
      return presenceErrors(shipment, docType);
  }
}

/** Soft warnings for one type: its recommended "warn" fields (the spec's soft-warning table) that are missing. */
export function warningsFor(shipment: unknown, docType: DocumentType): CheckMessage[] {
  const title = DOCUMENT_TITLES[docType];
  return REQUIREMENTS_TABLE[docType].recommended
    .filter((e) => e.check === "warn" && !hasValue(shipment, e.dataPath))
    .map((e) => ({
      message: `${title}: ${e.label} (${e.dataPath}) is missing; the document will have a blank field for it.`,
      fieldPath: e.fieldPath,
      tab: e.tab,
    }));
}

/**
 * Pre-checks and soft warnings for the requested types (duplicates ignored, request order kept). Only
 * types with something to report appear. Errors for all requested types are collected together; the
 * caller answers 400 when preCheckErrors is non-empty, else asks for confirmation when warnings is
 * non-empty and confirm_warnings is not true.
 */
export function checkPreconditions(shipment: unknown, docTypes: readonly DocumentType[]): PreconditionResult {
  const result: PreconditionResult = { preCheckErrors: [], warnings: [] };
  for (const docType of new Set(docTypes)) {
    const errors = preCheckErrorsFor(shipment, docType);
    if (errors.length > 0) result.preCheckErrors.push({ docType, errors });
    const warnings = warningsFor(shipment, docType);
    if (warnings.length > 0) result.warnings.push({ docType, warnings });
  }
  return result;
}
