/**
 * A namespace-free view of an XML document (the e-invoice readers, the screening lists' importers): fast-xml-parser (pure JS, runs on
 * Node, Deno and the edge) with prefixes removed, attributes under "@_", and every element an array so
 * the readers never guess whether one or many came.
 */
import { XMLParser } from "fast-xml-parser";

export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
  // External entities are never resolved by fast-xml-parser; entity expansion is bounded by it too.
  processEntities: true,
});

export function parseXml(text: string): XmlNode {
  return parser.parse(text) as XmlNode;
}

/** Children by a path of element names ("SpecifiedTradeProduct/Name"), across every match. */
export function all(node: XmlNode | undefined, path: string): XmlNode[] {
  let current: XmlNode[] = node ? [node] : [];
  for (const name of path.split("/")) {
    const next: XmlNode[] = [];
    for (const n of current) {
      const v = n[name];
      if (Array.isArray(v)) for (const x of v) next.push(typeof x === "object" && x !== null ? (x as XmlNode) : { "#text": String(x) });
    }
    current = next;
  }
  return current;
}

export function first(node: XmlNode | undefined, path: string): XmlNode | undefined {
  return all(node, path)[0];
}

/** The element's text content (trimmed), or undefined when absent or empty. */
export function text(node: XmlNode | undefined, path?: string): string | undefined {
  const n = path ? first(node, path) : node;
  if (!n) return undefined;
  const t = n["#text"];
  const s = typeof t === "string" ? t.trim() : typeof t === "number" ? String(t) : "";
  return s === "" ? undefined : s;
}

export function attr(node: XmlNode | undefined, name: string): string | undefined {
  const v = node?.[`@_${name}`];
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
}

/** A decimal as XML writes it ("2000.00", "-3.5"); undefined for anything else. */
export function decimal(value: string | undefined): number | undefined {
  if (value === undefined || !/^[+-]?\d+(\.\d+)?$/.test(value)) return undefined;
  return Number(value);
}
