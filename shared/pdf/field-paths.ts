/**
 * The one mapping between shipment data paths and PDF form field paths.
 *
 *   data path (snake_case, dotted, numeric indexes):  goods.line_items.0.compliance_flags
 *   form path (camelCase, dotted, numeric indexes):   goods.lineItems.0.complianceFlags
 *
 * Generated PDFs name every fillable field by its form path; extract-filled-fields maps a filled field's
 * name back to the data path with {@link fieldPathToDataPath}. The mapping is a bijection between the two
 * grammars below, so `fieldPathToDataPath(dataPathToFieldPath(p)) === p` for every valid data path and the
 * other way round (tested with fast-check).
 *
 * Segment grammar (segments are separated by "."):
 *   index     0 | [1-9][0-9]*                                 kept as is in both directions
 *   wildcard  *                                               kept as is ("every line item", requirement tables only)
 *   snake     [a-z][a-z0-9]* ( _[a-z0-9]+ )*                  e.g. line_items, net_weight_kg, address_line_2
 *   camel     [a-z][a-z0-9]* ( [A-Z][a-z0-9]* | _[0-9][a-z0-9]* )*   e.g. lineItems, netWeightKg, addressLine_2
 *
 * Conversion of one word segment: "_" followed by a letter <-> that letter upper-cased; "_" followed by a
 * digit stays "_<digit>" (a digit has no upper case, so the underscore is what keeps the mapping reversible).
 * Anything outside the grammar (upper-case snake keys, "__", leading "_", the hidden `_service_*` identity
 * fields) has no mapping: the `try*` functions return null and the plain ones throw.
 *
 * Data paths may also be written with brackets as the validator reports them (goods.line_items[0].hs_code);
 * {@link normalizeDataPath} turns that into the dotted form first.
 */

const INDEX = /^(?:0|[1-9][0-9]*)$/;
const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
const CAMEL = /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*|_[0-9][a-z0-9]*)*$/;

/** Hidden identity fields every generated PDF carries; never mapped to shipment data. */
export const SERVICE_FIELD_NAMES = ["_service_shipment_id", "_service_doc_type", "_service_shipment_ref"] as const;
export type ServiceFieldName = (typeof SERVICE_FIELD_NAMES)[number];

export function isServiceFieldName(name: string): name is ServiceFieldName {
  return (SERVICE_FIELD_NAMES as readonly string[]).includes(name);
}

function isPassThrough(segment: string): boolean {
  return segment === "*" || INDEX.test(segment);
}

/** line_items -> lineItems, address_line_2 -> addressLine_2; null outside the snake grammar. */
export function snakeSegmentToCamel(segment: string): string | null {
  if (isPassThrough(segment)) return segment;
  if (!SNAKE.test(segment)) return null;
  return segment.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase());
}

/** lineItems -> line_items, addressLine_2 -> address_line_2; null outside the camel grammar. */
export function camelSegmentToSnake(segment: string): string | null {
  if (isPassThrough(segment)) return segment;
  if (!CAMEL.test(segment)) return null;
  return segment.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** goods.line_items[0].hs_code -> goods.line_items.0.hs_code (dotted paths are returned unchanged). */
export function normalizeDataPath(path: string): string {
  return path.replace(/\[(\d+|\*)\]/g, ".$1").replace(/^\./, "");
}

function mapSegments(path: string, map: (segment: string) => string | null): string | null {
  if (path.length === 0) return null;
  const out: string[] = [];
  for (const segment of path.split(".")) {
    const mapped = map(segment);
    if (mapped === null) return null;
    out.push(mapped);
  }
  return out.join(".");
}

/** Data path -> form field path, or null when the path is outside the grammar. */
export function tryDataPathToFieldPath(dataPath: string): string | null {
  return mapSegments(normalizeDataPath(dataPath), snakeSegmentToCamel);
}

/** Form field path -> data path, or null when the name is outside the grammar (e.g. `_service_doc_type`). */
export function tryFieldPathToDataPath(fieldPath: string): string | null {
  return mapSegments(fieldPath, camelSegmentToSnake);
}

export function dataPathToFieldPath(dataPath: string): string {
  const mapped = tryDataPathToFieldPath(dataPath);
  if (mapped === null) throw new Error(`Not a mappable data path: ${JSON.stringify(dataPath)}`);
  return mapped;
}

export function fieldPathToDataPath(fieldPath: string): string {
  const mapped = tryFieldPathToDataPath(fieldPath);
  if (mapped === null) throw new Error(`Not a mappable form field path: ${JSON.stringify(fieldPath)}`);
  return mapped;
}

/** Splits a dotted path into segments, numeric segments as numbers: "a.b.0.c" -> ["a", "b", 0, "c"]. */
export function pathSegments(path: string): (string | number)[] {
  return normalizeDataPath(path)
    .split(".")
    .map((segment) => (INDEX.test(segment) ? Number(segment) : segment));
}

/** True when a concrete path matches a pattern whose "*" segments stand for any index. */
export function pathMatches(pattern: string, path: string): boolean {
  const a = pattern.split(".");
  const b = path.split(".");
  if (a.length !== b.length) return false;
  return a.every((segment, i) => segment === b[i] || (segment === "*" && INDEX.test(b[i])));
}

/** Replaces the "*" segments of a pattern with the given indexes in order: ("a.*.b", [2]) -> "a.2.b". */
export function instantiatePath(pattern: string, ...indexes: number[]): string {
  let next = 0;
  return pattern
    .split(".")
    .map((segment) => (segment === "*" ? String(indexes[next++] ?? 0) : segment))
    .join(".");
}
