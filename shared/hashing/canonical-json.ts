/**
 * RFC 8785 JSON Canonicalization Scheme (JCS):
 * - object members sorted by key, comparing UTF-16 code units (JavaScript's default string order);
 * - numbers in ECMAScript Number::toString form (JSON.stringify's: -0 → 0, 1e21 → 1e+21, 1e-7 → 1e-7);
 *   NaN and ±Infinity are rejected (they have no JSON form);
 * - strings as JSON.stringify writes them (minimal escapes, \u00XX lower-case for other controls;
 *   lone surrogates are escaped as \uDXXX by well-formed JSON.stringify rather than rejected);
 * - no whitespace.
 * Like JSON.stringify: toJSON() is honoured, object members whose value is undefined, a function or a
 * symbol are dropped, and such array elements become null. BigInt and cyclic structures are rejected.
 */

export class CanonicalJsonError extends TypeError {
  constructor(message: string) {
    super(message);
    this.name = "CanonicalJsonError";
  }
}

function isSkippable(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

export function canonicalJson(value: unknown): string {
  const out = serialise(value, new Set(), "$");
  if (out === undefined) throw new CanonicalJsonError("the value has no JSON representation");
  return out;
}

function serialise(value: unknown, stack: Set<object>, where: string): string | undefined {
  if (value !== null && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function") {
    value = (value as { toJSON: () => unknown }).toJSON();
  }
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (!Number.isFinite(value)) throw new CanonicalJsonError(`non-finite number at ${where}`);
      return JSON.stringify(value); // ECMAScript Number::toString; -0 → "0"
    case "string":
      return JSON.stringify(value);
    case "bigint":
      throw new CanonicalJsonError(`BigInt at ${where}`);
    case "undefined":
    case "function":
    case "symbol":
      return undefined;
  }
  const obj = value as object;
  if (stack.has(obj)) throw new CanonicalJsonError(`cyclic structure at ${where}`);
  stack.add(obj);
  try {
    if (Array.isArray(obj)) {
      const parts = obj.map((item, i) => (isSkippable(item) ? "null" : (serialise(item, stack, `${where}[${i}]`) ?? "null")));
      return `[${parts.join(",")}]`;
    }
    const keys = Object.keys(obj).sort(); // default sort: UTF-16 code unit order, as RFC 8785 requires
    const parts: string[] = [];
    for (const key of keys) {
      const member = (obj as Record<string, unknown>)[key];
      const text = serialise(member, stack, `${where}.${key}`);
      if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
    }
    return `{${parts.join(",")}}`;
  } finally {
    stack.delete(obj);
  }
}
