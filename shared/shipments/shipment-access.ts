/**
 * Shape-tolerant readers for shipment_data. Rules run after schema validation but still receive whatever
 * the caller sent, so every read treats a wrong type as "missing" and never throws.
 */

export type Rec = Record<string, unknown>;

export function isRecord(value: unknown): value is Rec {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Own property only (a key like "constructor" must not reach Object.prototype). */
export function prop(value: unknown, key: string): unknown {
  if (!isRecord(value)) return undefined;
  return Object.hasOwn(value, key) ? value[key] : undefined;
}

export function at(value: unknown, ...keys: string[]): unknown {
  let cur = value;
  for (const key of keys) cur = prop(cur, key);
  return cur;
}

/** A string with visible content, returned as given (untrimmed); anything else is undefined. */
export function str(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** A finite number; anything else (including numeric strings) is undefined. */
export function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

export function arr(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

/** True for null, undefined and strings without visible content: "not filled in". */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

export const PARTY_KEYS = ["exporter", "importer", "notify_party"] as const;
export type PartyKey = (typeof PARTY_KEYS)[number];

export const PARTY_LABEL: Record<PartyKey, string> = {
  exporter: "Exporter",
  importer: "Importer",
  notify_party: "Notify party",
};

/** goods.line_items as [item, index] pairs; a non-array yields none. Items keep their shape (maybe not objects). */
export function lineItems(shipment: unknown): Array<{ item: unknown; index: number }> {
  const items = arr(at(shipment, "goods", "line_items"));
  return items ? items.map((item, index) => ({ item, index })) : [];
}

/**
 * A country code normalised for decisions (trimmed, upper-cased, two letters), so that "de" still selects
 * the EU rules and " ir" still hits the embargo list; rule_format_iso_country reports the spelling.
 */
export function countryCode(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const code = value.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : undefined;
}

/** route.transport_mode trimmed and lower-cased for decisions ("SEA" is still sea; rule_transport_mode_valid reports it). */
export function transportMode(shipment: unknown): string | undefined {
  const mode = at(shipment, "route", "transport_mode");
  return typeof mode === "string" && mode.trim() !== "" ? mode.trim().toLowerCase() : undefined;
}

export function destination(shipment: unknown): string | undefined {
  return countryCode(at(shipment, "route", "destination_country"));
}

export function origin(shipment: unknown): string | undefined {
  return countryCode(at(shipment, "route", "origin_country"));
}

/** JSON-ish rendering of a found value for messages, shortened. */
export function show(value: unknown): string {
  let text: string;
  if (value === undefined) return "nothing";
  if (typeof value === "string") text = JSON.stringify(value);
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** "a string", "a number", "an array", "null" ... for type-mismatch messages. */
export function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  const t = typeof value;
  return t === "object" || t === "undefined" ? `an ${t}` : `a ${t}`;
}

/**
 * Depth-first walk over every object member of `root` (arrays included), calling `visit` with the member
 * key, value and a function that returns its path (built only when asked). Iterative and cycle-safe, so
 * arbitrary input cannot exhaust the stack.
 */
export function walkMembers(root: unknown, visit: (key: string, value: unknown, path: () => PropertyKey[]) => void): void {
  interface Node {
    value: unknown;
    key: PropertyKey;
    parent: Node | undefined;
  }
  const pathOf = (node: Node): PropertyKey[] => {
    const out: PropertyKey[] = [];
    for (let n: Node | undefined = node; n !== undefined && n.parent !== undefined; n = n.parent) out.push(n.key);
    return out.reverse();
  };
  const seen = new Set<object>();
  const stack: Node[] = [{ value: root, key: "", parent: undefined }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const value = node.value;
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    const children: Node[] = [];
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) children.push({ value: value[i], key: i, parent: node });
    } else {
      for (const key of Object.keys(value)) {
        const child: Node = { value: (value as Rec)[key], key, parent: node };
        visit(key, child.value, () => pathOf(child));
        children.push(child);
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
}
