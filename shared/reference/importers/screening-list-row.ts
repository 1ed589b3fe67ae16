/**
 * The row every screening list beyond OFAC is imported as (tables sanctions_un, sanctions_eu, sanctions_uk,
 * sanctions_us_csl; migration 20261201003701), and the XML reading the three XML lists share.
 */
import { parseXml, type XmlNode } from "../../text/xml-tree.ts";

export type { XmlNode };
import { cleanText } from "./text.ts";

export type ScreeningEntryType = "individual" | "entity" | "vessel" | "aircraft";

export interface ScreeningAliasRow {
  name: string;
  /** "aka" (the default), "fka", or a type containing "weak" (low-quality alias: not indexed). */
  type: string;
}

export interface ScreeningListRow {
  /** The (sub-)list as the effects table names it: "UN", "EU", "UK", "BIS Entity List", … */
  list: string;
  /** The publisher's identifier of the entry (UN reference number, EU reference number, UK UniqueID, CSL _id). */
  uid: string;
  name: string;
  type: ScreeningEntryType;
  programs: string[];
  aliases: ScreeningAliasRow[];
  /** Countries the entry states (addresses, nationality, citizenship), as the publisher writes them. */
  countries: string[];
  details: {
    dates_of_birth?: string[];
    ids?: { type: string; number: string; country?: string }[];
    remarks?: string;
    /**
     * An individual whose names without a comma are written given names first and state no family name
     * (the UN list's FIRST_NAME … FOURTH_NAME; an EU nameAlias without lastName): screening requires their
     * first and last word (SanctionsEntry.givenNamesFirst).
     */
    given_names_first?: true;
  };
  source: string | null;
}

/** What an XML list parser gives: the rows, the publisher's date (ISO) and how many entries it could not read. */
export interface ParsedScreeningXml {
  rows: ScreeningListRow[];
  generated: string | null;
  skipped: number;
}

/** Parses the text; throws a readable error when it is not XML with the expected root element. */
export function parseXmlRoot(text: string, root: string, format: string): XmlNode {
  let doc: XmlNode;
  try {
    doc = parseXml(text);
  } catch (e) {
    throw new Error(`${format}: not well-formed XML (${e instanceof Error ? e.message : String(e)})`);
  }
  const node = (doc[root] as XmlNode[] | undefined)?.[0];
  if (!node)
    throw new Error(
      `${format}: no <${root}> root element (found ${
        Object.keys(doc)
          .filter((k) => !k.startsWith("?"))
          .join(", ") || "none"
      })`,
    );
  return node;
}

/** The child elements of that name (always an array). */
export function kids(node: unknown, name: string): XmlNode[] {
  if (!node || typeof node !== "object") return [];
  const v = (node as XmlNode)[name];
  return Array.isArray(v) ? (v as unknown[]).map((x) => (x && typeof x === "object" ? (x as XmlNode) : { "#text": String(x ?? "") })) : [];
}

/** The text of the first child of that name ("" when absent or empty). */
export function textOf(node: unknown, name: string): string {
  const k = kids(node, name)[0];
  if (!k) return "";
  return cleanText(typeof k["#text"] === "string" ? (k["#text"] as string) : "");
}

/** An attribute ("" when absent). */
export function attr(node: unknown, name: string): string {
  if (!node || typeof node !== "object") return "";
  const v = (node as XmlNode)[`@_${name}`];
  return typeof v === "string" ? cleanText(v) : "";
}

/** Distinct non-empty values, in order of appearance. */
export function distinct(values: readonly string[]): string[] {
  return [...new Set(values.map((v) => cleanText(v)).filter((v) => v !== ""))];
}

/** Aliases without the primary name and without repeats (case-insensitive). */
export function aliasesBesides(primary: string, names: readonly ScreeningAliasRow[]): ScreeningAliasRow[] {
  const seen = new Set([primary.toLowerCase()]);
  const out: ScreeningAliasRow[] = [];
  for (const a of names) {
    const key = a.name.toLowerCase();
    if (a.name === "" || seen.has(key)) continue;
    seen.add(key);
    out.push(a);
  }
  return out;
}
