/**
 * Between the shipment form and shipment_data, both ways. Inputs are named by their data path with the
 * row index of repeatable groups (goods.line_items.0.hs_code). Pure.
 *
 * Saving starts from the stored data, so keys the form has no input for (route.incoterms_place, a line
 * item's origin_criterion …) survive an edit: plain fields are set or removed one by one, and each row of a
 * group carries its unknown keys in a hidden `<row>.__extra` JSON input.
 */
import { FORM_FIELDS, REPEATABLE, groupOf, type FormField, type RepeatableGroup } from "./form-fields.ts";
import { getAt } from "../../documents/data.ts";
import { parseJsonText } from "../../http/json-text.ts";

export type FormBody = Record<string, string | string[] | File | (string | File)[]>;

/** What the form shows: input name -> text, the row count of each group, and per-field errors. */
export interface FormState {
  values: Record<string, string>;
  rows: Record<RepeatableGroup, number>;
  /** input name -> message in words (a number that is not one …) */
  errors: Record<string, string>;
}

export const EXTRA_KEY = "__extra";

const fieldsOfGroup = (g: RepeatableGroup) => FORM_FIELDS.filter((x) => groupOf(x.dataPath) === g);
const plainFields = () => FORM_FIELDS.filter((x) => groupOf(x.dataPath) === null);
/** The key of a field inside its row (goods.line_items.*.hs_code -> hs_code). */
const rowKey = (x: FormField, g: RepeatableGroup) => x.dataPath.slice(REPEATABLE[g].arrayPath.length + 3);

export function inputName(dataPath: string, index?: number): string {
  return index === undefined ? dataPath : dataPath.replace("*", String(index));
}

function toText(field: FormField, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (field.kind === "flags") return Array.isArray(value) ? value.filter((v) => typeof v === "string").join(", ") : String(value);
  if (field.kind === "checkbox") return value === true ? "on" : "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The form's state for stored (or extracted) data. Groups show at least one row. */
export function formStateFromShipment(data: Record<string, unknown>): FormState {
  const values: Record<string, string> = {};
  for (const x of plainFields()) {
    const text = toText(x, getAt(data, x.dataPath));
    if (text !== "") values[x.dataPath] = text;
  }
  const rows = {} as Record<RepeatableGroup, number>;
  for (const g of Object.keys(REPEATABLE) as RepeatableGroup[]) {
    const items = getAt(data, REPEATABLE[g].arrayPath);
    const list = Array.isArray(items) ? items : [];
    rows[g] = Math.max(1, list.length);
    const known = new Set(fieldsOfGroup(g).map((x) => rowKey(x, g)));
    list.forEach((item, i) => {
      if (!item || typeof item !== "object") return;
      for (const x of fieldsOfGroup(g)) {
        const text = toText(x, (item as Record<string, unknown>)[rowKey(x, g)]);
        if (text !== "") values[inputName(x.dataPath, i)] = text;
      }
      const extra = Object.fromEntries(Object.entries(item).filter(([k]) => !known.has(k)));
      if (Object.keys(extra).length > 0) values[`${REPEATABLE[g].arrayPath}.${i}.${EXTRA_KEY}`] = JSON.stringify(extra);
    });
  }
  return { values, rows, errors: {} };
}

function text(body: FormBody, name: string): string {
  const v = body[name];
  const s = Array.isArray(v) ? v[v.length - 1] : v;
  return typeof s === "string" ? s.trim() : "";
}

/** Parses one input: the value to store (undefined = remove the key) or an error in words. */
function parseValue(field: FormField, raw: string): { value?: unknown; error?: string } {
  if (field.kind === "checkbox") return raw === "" ? {} : { value: true };
  if (raw === "") return {};
  if (raw.includes("\u0000")) return { error: "Remove the NUL character from this value." };
  switch (field.kind) {
    case "number": {
      const n = Number(raw.replace(/[\s\u00a0]/g, ""));
      return Number.isFinite(n) ? { value: n } : { error: `"${raw}" is not a number; enter digits with a decimal point, e.g. 1234.50.` };
    }
    case "country":
      return /^[A-Za-z]{2}$/.test(raw)
        ? { value: raw.toUpperCase() }
        : { error: `"${raw}" is not a two-letter country code (ISO 3166-1), e.g. DE or US.` };
    case "flags": {
      const flags = raw
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      return flags.length > 0 ? { value: flags } : {};
    }
    case "select":
      if (field.numeric) return { value: Number(raw) };
      return { value: raw };
    default:
      return { value: raw.length > 2000 ? raw.slice(0, 2000) : raw };
  }
}

function setAt(root: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  let node = root;
  for (const key of parts.slice(0, -1)) {
    const next = node[key];
    if (!next || typeof next !== "object" || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}

function deleteAt(root: Record<string, unknown>, path: string): void {
  const parts = path.split(".");
  const stack: Record<string, unknown>[] = [root];
  let node: unknown = root;
  for (const key of parts.slice(0, -1)) {
    node = (node as Record<string, unknown>)[key];
    if (!node || typeof node !== "object" || Array.isArray(node)) return;
    stack.push(node as Record<string, unknown>);
  }
  delete (node as Record<string, unknown>)[parts[parts.length - 1]];
  // Objects the form emptied go too (a notify party with no field left is no notify party).
  for (let i = stack.length - 1; i > 0; i--) {
    if (Object.keys(stack[i]).length === 0) delete stack[i - 1][parts[i - 1]];
  }
}

/** Row indexes of a group present in the posted form, in order. */
export function postedRowIndexes(body: FormBody, g: RepeatableGroup): number[] {
  const prefix = `${REPEATABLE[g].arrayPath}.`;
  const found = new Set<number>();
  for (const name of Object.keys(body)) {
    if (!name.startsWith(prefix)) continue;
    const m = /^(\d{1,4})\./.exec(name.slice(prefix.length));
    if (m) found.add(Number(m[1]));
  }
  return [...found].sort((a, b) => a - b);
}

function parseExtra(raw: string): Record<string, unknown> {
  if (raw === "") return {};
  try {
    // The service's one reader of outside JSON: depth, numbers, NUL and lone surrogates as for API bodies.
    const v = parseJsonText(raw);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export interface ParsedForm {
  data: Record<string, unknown>;
  /** The state to show again (rows renumbered 0…n-1, the texts as typed, errors by input name). */
  state: FormState;
}

/**
 * The posted form applied to `base` (the stored data, or {} for a new shipment). Rows whose inputs are
 * all blank are dropped; `removeRow` drops one row on purpose (the "Remove" button).
 */
export function shipmentFromForm(
  body: FormBody,
  base: Record<string, unknown>,
  removeRow?: { group: RepeatableGroup; index: number },
): ParsedForm {
  const data = structuredClone(base);
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const x of plainFields()) {
    const raw = text(body, x.dataPath);
    if (raw !== "") values[x.dataPath] = raw;
    const parsed = parseValue(x, raw);
    if (parsed.error) errors[x.dataPath] = parsed.error;
    else if (parsed.value === undefined) deleteAt(data, x.dataPath);
    else setAt(data, x.dataPath, parsed.value);
  }
  const rows = {} as Record<RepeatableGroup, number>;
  for (const g of Object.keys(REPEATABLE) as RepeatableGroup[]) {
    const { arrayPath } = REPEATABLE[g];
    const items: Record<string, unknown>[] = [];
    let shown = 0;
    for (const posted of postedRowIndexes(body, g)) {
      if (removeRow && removeRow.group === g && removeRow.index === posted) continue;
      const item: Record<string, unknown> = parseExtra(text(body, `${arrayPath}.${posted}.${EXTRA_KEY}`));
      const rowValues: Record<string, string> = {};
      let filled = Object.keys(item).length > 0;
      for (const x of fieldsOfGroup(g)) {
        const raw = text(body, inputName(x.dataPath, posted));
        if (raw === "") continue;
        filled = true;
        rowValues[inputName(x.dataPath, shown)] = raw;
        const parsed = parseValue(x, raw);
        if (parsed.error) errors[inputName(x.dataPath, shown)] = parsed.error;
        else if (parsed.value !== undefined) item[rowKey(x, g)] = parsed.value;
      }
      if (!filled) continue;
      Object.assign(values, rowValues);
      const extra = text(body, `${arrayPath}.${posted}.${EXTRA_KEY}`);
      if (extra !== "") values[`${arrayPath}.${shown}.${EXTRA_KEY}`] = extra;
      items.push(item);
      shown++;
    }
    rows[g] = Math.max(1, shown);
    if (items.length > 0) setAt(data, arrayPath, items);
    else deleteAt(data, arrayPath);
  }
  return { data, state: { values, rows, errors } };
}
