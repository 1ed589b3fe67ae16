/**
 * Reading a filled PDF form back into shipment data (extract-filled-fields), pure: bytes in, data out.
 *
 *   readFormFields(bytes)          every text field by its fully qualified name, counts, the hidden identity
 *                                  fields pulled out, other field types listed as skipped
 *   mapFieldsToShipment(fields)    form path -> snake_case data path through shared/pdf/field-paths.ts
 *   mergeIntoShipment(data, map, schema)  the mapped values written into a copy of the shipment, typed by
 *                                  the schema the caller passes (the TradeShipment schema: numbers, booleans,
 *                                  lists), with the paths that changed; the toolbox knows no shipment schema
 *
 * Values are read from the fields' /V entries (ISO 32000-1 12.7.4.3), never from appearance streams, so forms
 * filled by tools that only set /V (NeedAppearances viewers, pdftk) read the same as forms filled in Acrobat.
 */
import { isServiceFieldName, pathSegments, tryDataPathToFieldPath, tryFieldPathToDataPath } from "./field-paths.ts";
import { DEFAULT_FORM_LIMITS, type FieldKind, type FormLimits, readFormTree } from "./form-tree.ts";
import type { InspectLimits } from "./inspect-pdf.ts";
import { loadPdf, textOf } from "./pdf-objects.ts";
import type { PDFDocument } from "pdf-lib";
import type { ZodType } from "zod";

export interface ReadFormOptions {
  /** Pre-flight limits (pages, size, nesting …). */
  limits?: Partial<InspectLimits>;
  /** Field tree limits. */
  formLimits?: Partial<FormLimits>;
}

export type SkippedFieldType = Exclude<FieldKind, "text">;

export interface SkippedField {
  name: string;
  type: SkippedFieldType;
}

/** The hidden identity fields every generated PDF carries; null when absent or empty. */
export interface FormIdentity {
  shipmentId: string | null;
  docType: string | null;
  shipmentRef: string | null;
}

export interface FormFieldsResult {
  /** Every text field by fully qualified name; unfilled fields are "". Identity fields removed. */
  fields: Record<string, string>;
  textFieldCount: number;
  /** Fields whose value is not blank. */
  filledCount: number;
  emptyCount: number;
  identity: FormIdentity;
  /** Non-text fields (checkboxes, radio groups, buttons, dropdowns, option lists, signatures, unknown). */
  skipped: SkippedField[];
  /** The form asks viewers to regenerate appearances (informational: values are read from /V anyway). */
  needAppearances: boolean;
}

const IDENTITY_KEYS: Record<string, keyof FormIdentity> = {
  _service_shipment_id: "shipmentId",
  _service_doc_type: "docType",
  _service_shipment_ref: "shipmentRef",
};

/**
 * Field values as the API returns them: line breaks normalised to "\n" (Acrobat writes "\r"), NUL removed
 * (PostgreSQL text cannot hold it); everything else exactly as typed.
 */
export function normalizeFieldValue(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(/\u0000/g, "");
}

/** Reads the form of an already loaded document (no pre-flight). */
export function readFormFieldsFromDocument(doc: PDFDocument, formLimits: Partial<FormLimits> = {}): FormFieldsResult {
  const context = doc.context;
  const tree = readFormTree(context, doc.catalog, { ...DEFAULT_FORM_LIMITS, ...formLimits });
  const entries = new Map<string, string>();
  const skipped: SkippedField[] = [];
  const identity: FormIdentity = { shipmentId: null, docType: null, shipmentRef: null };
  for (const field of tree.fields) {
    if (field.name === "") continue; // unnamed fields cannot be addressed
    const identityKey = IDENTITY_KEYS[field.name];
    if (identityKey) {
      const value = normalizeFieldValue(textOf(context, field.value) ?? "").trim();
      if (value !== "" && identity[identityKey] === null) identity[identityKey] = value;
      continue;
    }
    if (field.kind !== "text") {
      if (!skipped.some((s) => s.name === field.name)) skipped.push({ name: field.name, type: field.kind });
      continue;
    }
    const value = normalizeFieldValue(textOf(context, field.value) ?? "");
    const previous = entries.get(field.name);
    // The same name twice (some writers duplicate fields instead of adding widgets): first non-empty wins.
    if (previous === undefined || (previous.trim() === "" && value.trim() !== "")) entries.set(field.name, value);
  }
  const fields = Object.fromEntries(entries) as Record<string, string>;
  let filledCount = 0;
  for (const value of entries.values()) if (value.trim() !== "") filledCount++;
  return {
    fields,
    textFieldCount: entries.size,
    filledCount,
    emptyCount: entries.size - filledCount,
    identity,
    skipped,
    needAppearances: tree.needAppearances,
  };
}

/** Pre-flight, parse and read. Throws PdfProblemError (typed code) for unusable input. */
export async function readFormFields(bytes: Uint8Array, options: ReadFormOptions = {}): Promise<FormFieldsResult> {
  const { doc } = await loadPdf(bytes, options.limits);
  return readFormFieldsFromDocument(doc, options.formLimits);
}

// ---------------------------------------------------------------------------------------------------------
// Mapping

export interface MappedFields {
  /** snake_case data path -> trimmed value, non-empty fields only. */
  mapped_data: Record<string, string>;
  /** Non-empty fields whose name is outside the form-path grammar (keyed by field name, trimmed value). */
  unmapped_fields: Record<string, string>;
}

/** Maps form field names to shipment data paths with the generator's own mapping (field-paths.ts). */
export function mapFieldsToShipment(fields: Record<string, string>): MappedFields {
  const mapped: [string, string][] = [];
  const unmapped: [string, string][] = [];
  for (const [name, raw] of Object.entries(fields)) {
    if (isServiceFieldName(name)) continue;
    const value = raw.trim();
    if (value === "") continue;
    const dataPath = tryFieldPathToDataPath(name);
    if (dataPath === null) unmapped.push([name, value]);
    else mapped.push([dataPath, value]);
  }
  return { mapped_data: Object.fromEntries(mapped), unmapped_fields: Object.fromEntries(unmapped) };
}

// ---------------------------------------------------------------------------------------------------------
// Merging

export type MergeSkipReason = "not_a_number" | "not_a_boolean" | "type_conflict" | "index_gap" | "invalid_path";

export interface MergeResult {
  /** A deep copy of the shipment with the values written. */
  data: Record<string, unknown>;
  /** Paths whose value was missing, empty or different and has been written (mapped_data order). */
  updatedPaths: string[];
  /** Paths that could not be written, with the reason (the value stays in extracted_fields). */
  skipped: { path: string; reason: MergeSkipReason }[];
}

type Kind = "string" | "number" | "boolean" | "array" | "object" | "unknown";

interface ZodLike {
  _zod: { def: { type: string; innerType?: ZodLike; shape?: Record<string, ZodLike>; element?: ZodLike; options?: ZodLike[] } };
}

/** The value kinds a zod schema allows at a path (unknown when the path is not in the schema). */
export function schemaKindsAt(schema: ZodType, dataPath: string): Set<Kind> {
  let nodes: ZodLike[] = [schema as unknown as ZodLike];
  const unwrap = (list: ZodLike[]): ZodLike[] => {
    const out: ZodLike[] = [];
    const queue = [...list];
    while (queue.length > 0) {
      const node = queue.shift()!;
      const def = node._zod.def;
      if ((def.type === "optional" || def.type === "nullable" || def.type === "default") && def.innerType) queue.push(def.innerType);
      else if (def.type === "union" && def.options) queue.push(...def.options);
      else out.push(node);
    }
    return out;
  };
  for (const segment of pathSegments(dataPath)) {
    const next: ZodLike[] = [];
    for (const node of unwrap(nodes)) {
      const def = node._zod.def;
      if (typeof segment === "number" && def.type === "array" && def.element) next.push(def.element);
      if (typeof segment === "string" && def.type === "object" && def.shape && Object.hasOwn(def.shape, segment))
        next.push(def.shape[segment]);
    }
    if (next.length === 0) return new Set(["unknown"]);
    nodes = next;
  }
  const kinds = new Set<Kind>();
  for (const node of unwrap(nodes)) {
    const type = node._zod.def.type;
    kinds.add(type === "string" || type === "number" || type === "boolean" || type === "array" || type === "object" ? type : "unknown");
  }
  return kinds;
}

const THIN_SPACES = /[\s\u00a0\u202f\u2009']/g;

/**
 * A number typed into a form: "1800", "-3.5", "53,340.00" (thousands separators as the renderer prints
 * them), "12,75" (decimal comma, when the part after the comma is not exactly three digits), "1 800".
 * Anything else (units, two separators of the same kind …) is not a number.
 */
export function parseFormNumber(text: string): number | null {
  const s = text.trim().replace(THIN_SPACES, "");
  let normalized: string | null = null;
  if (/^[+-]?\d+(\.\d+)?$/.test(s)) normalized = s;
  else if (/^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) normalized = s.replace(/,/g, "");
  else if (/^[+-]?\d+,\d+$/.test(s) && !/,\d{3}$/.test(s)) normalized = s.replace(",", ".");
  if (normalized === null) return null;
  const n = Number(normalized);
  return Number.isFinite(n) ? n : null;
}

export function parseFormBoolean(text: string): boolean | null {
  const s = text.trim().toLowerCase();
  if (["yes", "y", "true", "1", "x", "✓", "✔", "☒", "☑", "ja", "oui", "sí", "si", "tak"].includes(s)) return true;
  if (["no", "n", "false", "0", "☐", "nein", "non", "nie"].includes(s)) return false;
  return null;
}

function splitList(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  return Object.is(a, b);
}

function coerce(text: string, kinds: Set<Kind>, existing: unknown): { value: unknown } | { reason: MergeSkipReason } {
  const has = (kind: Kind) => kinds.has(kind);
  // The existing value's type wins when the schema allows it (or does not know the path).
  const existingKind: Kind | null =
    existing === null || existing === undefined ? null : Array.isArray(existing) ? "array" : (typeof existing as Kind);
  if (existingKind && (has(existingKind) || has("unknown"))) {
    if (existingKind === "number") {
      const n = parseFormNumber(text);
      if (n !== null) return { value: n };
      if (!has("string")) return { reason: "not_a_number" };
    } else if (existingKind === "boolean") {
      const b = parseFormBoolean(text);
      if (b !== null) return { value: b };
      if (!has("string")) return { reason: "not_a_boolean" };
    } else if (existingKind === "array") {
      return { value: splitList(text) };
    } else if (existingKind === "string") {
      return { value: text };
    }
  }
  if (has("number")) {
    const n = parseFormNumber(text);
    if (n !== null) return { value: n };
  }
  if (has("boolean")) {
    const b = parseFormBoolean(text);
    if (b !== null) return { value: b };
  }
  if (has("string") || has("unknown")) return { value: text };
  if (has("array")) return { value: splitList(text) };
  if (has("number")) return { reason: "not_a_number" };
  if (has("boolean")) return { reason: "not_a_boolean" };
  return { reason: "type_conflict" };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Writes mapped values into a deep copy of the shipment (pure). Missing containers are created (objects for
 * names, arrays for indexes; an index may extend an array by one, never leave a gap). Values are typed by the
 * TradeShipment schema or the value already stored: numbers ("53,340.00" -> 53340), booleans ("Yes"),
 * lists ("dgd, lq" -> ["dgd", "lq"]). Both empty/missing and changed values are written and listed; equal
 * values are left alone and not listed.
 */
/** The value under `key` in `container`, or why it cannot hold one: a number key needs an array and no gap before it. */
function childOf(container: unknown, key: string | number): { conflict: "type_conflict" | "index_gap" | null; value: unknown } {
  if (typeof key === "number") {
    if (!Array.isArray(container)) return { conflict: "type_conflict", value: undefined };
    if (key > container.length) return { conflict: "index_gap", value: undefined };
    return { conflict: null, value: container[key] };
  }
  if (isPlainObject(container)) return { conflict: null, value: Object.hasOwn(container, key) ? container[key] : undefined };
  return { conflict: "type_conflict", value: undefined };
}

export function mergeIntoShipment(shipmentData: unknown, mappedData: Record<string, string>, schema: ZodType): MergeResult {
  const data: Record<string, unknown> = isPlainObject(shipmentData) ? structuredClone(shipmentData) : {};
  const updatedPaths: string[] = [];
  const skipped: MergeResult["skipped"] = [];
  for (const [path, text] of Object.entries(mappedData)) {
    // Only paths the generator's mapping can produce (no "__proto__", no empty segments, no wildcards).
    const segments = pathSegments(path);
    if (tryDataPathToFieldPath(path) === null || path.includes("[") || segments.some((s) => s === "*")) {
      skipped.push({ path, reason: "invalid_path" });
      continue;
    }
    // Walk to the parent container, noting what has to be created.
    let container: unknown = data;
    let conflict: MergeSkipReason | null = null;
    const creations: { parent: Record<string, unknown> | unknown[]; key: string | number; value: Record<string, unknown> | unknown[] }[] =
      [];
    for (let i = 0; i < segments.length - 1 && conflict === null; i++) {
      const key = segments[i];
      const wantArray = typeof segments[i + 1] === "number";
      const read = childOf(container, key);
      conflict = read.conflict;
      if (conflict) break;
      let child = read.value;
      if (child === undefined || child === null) {
        const created = wantArray ? [] : {};
        creations.push({ parent: container as Record<string, unknown> | unknown[], key, value: created });
        child = created;
      } else if (wantArray ? !Array.isArray(child) : !isPlainObject(child)) {
        conflict = "type_conflict";
      }
      container = child;
    }
    const last = segments[segments.length - 1];
    let existing: unknown;
    if (conflict === null) {
      const read = childOf(container, last);
      conflict = read.conflict;
      existing = read.value;
    }
    if (conflict !== null) {
      skipped.push({ path, reason: conflict });
      continue;
    }
    const coerced = coerce(text, schemaKindsAt(schema, path), existing);
    if ("reason" in coerced) {
      skipped.push({ path, reason: coerced.reason });
      continue;
    }
    if (existing !== undefined && sameValue(existing, coerced.value)) continue;
    for (const { parent, key, value } of creations) {
      if (Array.isArray(parent)) parent[key as number] = value;
      else parent[key as string] = value;
    }
    if (Array.isArray(container)) container[last as number] = coerced.value;
    else (container as Record<string, unknown>)[last as string] = coerced.value;
    updatedPaths.push(path);
  }
  return { data, updatedPaths, skipped };
}
