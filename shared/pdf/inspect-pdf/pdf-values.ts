/** The values the pre-flight keeps: numbers, names and keywords, small arrays and dictionaries; the rest is a placeholder. */

export type Value = number | { k: "name"; v: string } | { k: "ref" } | { k: "kw"; v: string } | { k: "str" } | Value[] | Dict;
export type Dict = Map<string, Value>;

export function isDict(value: Value | undefined): value is Dict {
  return value instanceof Map;
}

export function nameOf(value: Value | undefined): string | undefined {
  return value !== undefined && typeof value === "object" && !Array.isArray(value) && !(value instanceof Map) && value.k === "name"
    ? value.v
    : undefined;
}
