/**
 * The fields of the shipment form, by tab, and the required / recommended markers per chosen document
 * type. The form is the generic fields below plus what each document-type descriptor brings
 * (shared/document-types): its own form fields, then every requirement row not yet listed; the markers come
 * from the ONE field-requirements table (shared/document-types/field-requirements.ts), so a new type or
 * requirement shows up in the form without a second list to keep in step. Pure.
 */
import { REQUIREMENTS_TABLE } from "../../document-types/field-requirements.ts";
import type { FieldKind, FormFieldData, FormTab } from "../../document-types/descriptor.ts";
import { DESCRIPTOR_OF } from "../../document-types/registry.ts";
import { field } from "../../document-types/descriptor.ts";
import { DOCUMENT_TYPES, type DocumentType } from "../../document-types/identities.ts";
import { INCOTERMS_2020 as INCOTERMS } from "../../trade/incoterms.ts";
import { TRANSPORT_MODES } from "../../trade/transport-modes.ts";

export type { FieldKind, FormTab };
export type FormField = FormFieldData;

export const TABS: readonly { id: FormTab; label: string }[] = [
  { id: "parties", label: "Parties" },
  { id: "route", label: "Route" },
  { id: "goods", label: "Goods" },
  { id: "logistics", label: "Logistics" },
  { id: "compliance", label: "Compliance" },
];

/** Repeatable groups: rows added and removed in the form. */
export const REPEATABLE = {
  line_items: { arrayPath: "goods.line_items", label: "Line item", tab: "goods" as FormTab },
  containers: { arrayPath: "packaging.containers", label: "Container", tab: "logistics" as FormTab },
} as const;
export type RepeatableGroup = keyof typeof REPEATABLE;

const f = field;

const partyFields = (key: string, role: string): FormField[] => [
  f(`${key}.name`, `${role} name`, "parties"),
  f(`${key}.address`, `${role} address`, "parties"),
  f(`${key}.city`, `${role} city`, "parties"),
  f(`${key}.postal_code`, `${role} postal code`, "parties"),
  f(`${key}.country`, `${role} country`, "parties", "country"),
  f(`${key}.tax_ids.eori`, `${role} EORI`, "parties"),
  f(`${key}.tax_ids.ein`, `${role} EIN`, "parties", "text", { hint: "XX-XXXXXXX" }),
  f(`${key}.contact_email`, `${role} contact e-mail`, "parties", "email"),
  f(`${key}.contact_phone`, `${role} contact phone`, "parties"),
];

/** The form's generic fields (known spec paths with input kinds), in tab order. */
const BASE_FIELDS: FormField[] = [
  ...partyFields("exporter", "Exporter"),
  ...partyFields("importer", "Importer"),
  f("notify_party.name", "Notify party name", "parties"),
  f("notify_party.address", "Notify party address", "parties"),
  f("notify_party.country", "Notify party country", "parties", "country"),
  f("route.origin_country", "Country of origin", "route", "country"),
  f("route.destination_country", "Country of destination", "route", "country"),
  f("route.transport_mode", "Transport mode", "route", "select", { options: TRANSPORT_MODES }),
  f("route.incoterms", "Incoterms", "route", "select", { options: INCOTERMS }),
  f("route.port_of_loading", "Port of loading", "route", "text", { hint: "UN/LOCODE, e.g. PLGDN" }),
  f("route.port_of_discharge", "Port of discharge", "route", "text", { hint: "UN/LOCODE, e.g. DEHAM" }),
  f("route.vessel_name", "Vessel / flight", "route"),
  f("route.voyage_number", "Voyage number", "route"),
  f("goods.currency", "Currency", "goods", "text", { hint: "ISO 4217, e.g. EUR" }),
  f("goods.total_value", "Total invoice value", "goods", "number"),
  f("goods.line_items.*.description", "Description", "goods"),
  f("goods.line_items.*.hs_code", "HS code", "goods", "text", { hint: "Suggestions follow the destination's tariff schedule" }),
  f("goods.line_items.*.quantity", "Quantity", "goods", "number"),
  f("goods.line_items.*.unit", "Unit", "goods"),
  f("goods.line_items.*.unit_price", "Unit price", "goods", "number"),
  f("goods.line_items.*.origin_country", "Origin country", "goods", "country"),
  f("goods.line_items.*.net_weight_kg", "Net weight (kg)", "goods", "number"),
  f("goods.line_items.*.gross_weight_kg", "Gross weight (kg)", "goods", "number"),
  f("goods.line_items.*.compliance_flags", "Compliance flags", "goods", "flags", { hint: "Comma-separated, e.g. dgd" }),
  f("goods.line_items.*.is_hazardous", "Hazardous", "goods", "checkbox"),
  f("goods.line_items.*.un_number", "UN number", "goods"),
  f("goods.line_items.*.hazard_class", "Hazard class", "goods"),
  f("goods.line_items.*.packing_group", "Packing group", "goods"),
  f("packaging.total_packages", "Total packages", "logistics", "number"),
  f("packaging.total_gross_weight_kg", "Total gross weight (kg)", "logistics", "number"),
  f("packaging.containers.*.container_number", "Container number", "logistics"),
  f("packaging.containers.*.seal_number", "Seal number", "logistics"),
];

/** The table's entries that mark a row of a group, e.g. goods.line_items.*.compliance_flags. */
function tableEntries() {
  return DOCUMENT_TYPES.flatMap((t) => [...REQUIREMENTS_TABLE[t].required, ...REQUIREMENTS_TABLE[t].recommended]);
}

/**
 * Every field: per tab, the base fields, then the descriptors' form fields of that tab (DOCUMENT_TYPES
 * order); then each table path not in them (label and tab from the table).
 */
export const FORM_FIELDS: readonly FormField[] = (() => {
  const own = DOCUMENT_TYPES.flatMap((t) => DESCRIPTOR_OF[t].formFields ?? []);
  const fields = TABS.flatMap(({ id }) => [...BASE_FIELDS, ...own].filter((x) => x.tab === id));
  const known = new Set(fields.map((x) => x.dataPath));
  for (const e of tableEntries()) {
    if (known.has(e.dataPath)) continue;
    known.add(e.dataPath);
    fields.push(f(e.dataPath, e.label, e.tab));
  }
  return fields;
})();

export function fieldsOfTab(tab: FormTab): FormField[] {
  return FORM_FIELDS.filter((x) => x.tab === tab);
}

/** The group a "*" path belongs to, or null for a plain field. */
export function groupOf(dataPath: string): RepeatableGroup | null {
  for (const [name, g] of Object.entries(REPEATABLE) as [RepeatableGroup, (typeof REPEATABLE)[RepeatableGroup]][]) {
    if (dataPath.startsWith(`${g.arrayPath}.*.`)) return name;
  }
  return null;
}

export type Requirement = "required" | "recommended";

/** For one (pattern) data path: the document types that require it and those that recommend it. */
export interface FieldDemand {
  required: DocumentType[];
  recommended: DocumentType[];
}

/** The table inverted: pattern data path -> which types require / recommend it. */
export const DEMAND_BY_PATH: ReadonlyMap<string, FieldDemand> = (() => {
  const map = new Map<string, FieldDemand>();
  for (const type of DOCUMENT_TYPES) {
    for (const kind of ["required", "recommended"] as const) {
      for (const e of REQUIREMENTS_TABLE[type][kind]) {
        const d = map.get(e.dataPath) ?? { required: [], recommended: [] };
        if (!d[kind].includes(type)) d[kind].push(type);
        map.set(e.dataPath, d);
      }
    }
  }
  return map;
})();

/** The marker a field gets for the chosen document types: required beats recommended. */
export function requirementFor(dataPath: string, chosen: readonly DocumentType[]): { level: Requirement; types: DocumentType[] } | null {
  const demand = DEMAND_BY_PATH.get(dataPath);
  if (!demand) return null;
  const required = demand.required.filter((t) => chosen.includes(t));
  if (required.length > 0) return { level: "required", types: required };
  const recommended = demand.recommended.filter((t) => chosen.includes(t));
  if (recommended.length > 0) return { level: "recommended", types: recommended };
  return null;
}

/** The chosen document types from form/query values (unknown names dropped, table order). */
export function chosenDocumentTypes(values: readonly string[]): DocumentType[] {
  const set = new Set(values);
  return DOCUMENT_TYPES.filter((t) => set.has(t));
}

/** The label of a data path's field (line-item rows numbered), or the path itself. */
export function fieldLabel(name: string): string {
  const pattern = name.replace(/\.\d+\./g, ".*.");
  const x = FORM_FIELDS.find((f) => f.dataPath === pattern);
  if (!x) return name;
  const row = /\.(\d+)\./.exec(name);
  return row ? `${x.label} (row ${Number(row[1]) + 1})` : x.label;
}
