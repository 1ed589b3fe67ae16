/**
 * What one document type brings: its layout (shipment -> DocumentModel, drawn with the page kit and the
 * shared layout pieces of shared/documents), its requirement rows (required, recommended with the
 * soft-warning marks, blocking-condition fields), the form fields only it needs, its stage-4 rules and its
 * sample fragment. Everything but the layout is data; the code the rules layer owns for a type — its
 * rules' check functions (rules/checks, named here by `check`) — stays there (docs/architecture.md).
 */
import type { DocumentType } from "./identities.ts";
import type { RefreshableTable } from "../runtime/config/reference-source-defaults.ts";
import type { Layout } from "../documents/layouts/common.ts";

export type FormTab = "parties" | "route" | "goods" | "logistics" | "compliance";

/**
 * How the generate-documents pre-checks treat a requirement (field-requirements.ts):
 * "precheck" blocks when missing; "condition" is the field a coded blocking condition reports on; "warn"
 * is a soft warning (only on recommended rows); absent: informational.
 */
export type RequirementCheck = "precheck" | "condition" | "warn";

/** One requirement: snake_case data path ("*" for every line item / container), form label, tab, check. */
export type RequirementRow = readonly [dataPath: string, label: string, tab: FormTab, check?: RequirementCheck];

export type FieldKind = "text" | "number" | "country" | "select" | "flags" | "checkbox" | "email" | "textarea";

/** A field of the shipment form (the dashboard renders it); `numeric` stores a select's choice as a number. */
export interface FormFieldData {
  /** snake_case data path; "*" stands for the row index of a repeatable group. */
  dataPath: string;
  label: string;
  tab: FormTab;
  kind: FieldKind;
  options?: readonly string[];
  hint?: string;
  numeric?: true;
}

/** A stage-4 rule of the type: the rules layer adds category and stage and binds `check` to its function. */
export interface DocumentRuleData {
  id: string;
  severity: "error" | "warning";
  description: string;
  /** Name of the check in DOCUMENT_CHECKS (rules/table/stage-4-documents.ts). */
  check: string;
  reads?: readonly RefreshableTable[];
  /** The documents that trigger the rule; the descriptor's own type when absent. */
  documents?: readonly DocumentType[];
}

export interface DocumentTypeDescriptor {
  type: DocumentType;
  /** The type's layout (types/<type>/layout.ts). */
  layout: Layout;
  required: readonly RequirementRow[];
  /** Served as recommended; the rows marked "warn" are the type's soft-warning fields. */
  recommended: readonly RequirementRow[];
  /** Fields of the blocking conditions (not served: the spec's table does not list them). */
  conditions?: readonly RequirementRow[];
  /** Form fields beyond the requirement rows (an input kind, a field a layout prints when present). */
  formFields?: readonly FormFieldData[];
  /** Stage-4 rules, in report order. */
  rules?: readonly DocumentRuleData[];
  /** The blocks of the sample shipment (scripts/sample-shipments.ts) that only this type reads. */
  sample?: Readonly<Record<string, unknown>>;
}

/** name, address and country of a party, labelled with the role the document gives it. */
export const party = (key: "exporter" | "importer", role: string): RequirementRow[] => [
  [`${key}.name`, `${role} name`, "parties"],
  [`${key}.address`, `${role} address`, "parties"],
  [`${key}.country`, `${role} country`, "parties"],
];

/** A form field from its path, label, tab and kind (text when absent). */
export const field = (
  dataPath: string,
  label: string,
  tab: FormTab,
  kind: FieldKind = "text",
  extra: Partial<FormFieldData> = {},
): FormFieldData => ({ dataPath, label, tab, kind, ...extra });
