/**
 * The UN Security Council Consolidated List, XML (schema sc-sanctions.xsd): <CONSOLIDATED_LIST
 * dateGenerated=…> with <INDIVIDUALS><INDIVIDUAL> and <ENTITIES><ENTITY>. Names are FIRST_NAME …
 * FOURTH_NAME in the listed order; aliases INDIVIDUAL_ALIAS / ENTITY_ALIAS with QUALITY ("Good", "Low",
 * "a.k.a.", "f.k.a."; "Low" is a low-quality alias, indexed as weak); the entry's id is its
 * REFERENCE_NUMBER ("CDi.001"), the id the UN, the EU and the UK all cite.
 * The schema gives the name parts no family-name role (FIRST_NAME is not always a given name: Korean
 * and Chinese names start with the family name), so an individual's names are written in the listed
 * order and marked given_names_first: screening requires their first and last word, not every word.
 */
import {
  aliasesBesides,
  distinct,
  kids,
  type ParsedScreeningXml,
  parseXmlRoot,
  type ScreeningListRow,
  textOf,
  type XmlNode,
} from "./screening-list-row.ts";

const FORMAT = "UN consolidated list XML";

function values(node: XmlNode, name: string): string[] {
  return kids(node, name).flatMap((k) => kids(k, "VALUE").map((v) => String(v["#text"] ?? "")));
}

function aliasType(quality: string): string {
  const q = quality.toLowerCase();
  if (q === "low") return "weak aka";
  if (q.startsWith("f.k.a")) return "fka";
  return "aka";
}

function entry(node: XmlNode, kind: "individual" | "entity"): ScreeningListRow | null {
  const uid = textOf(node, "REFERENCE_NUMBER") || textOf(node, "DATAID");
  const name = ["FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"]
    .map((f) => textOf(node, f))
    .filter(Boolean)
    .join(" ");
  if (uid === "" || name === "") return null;
  const prefix = kind === "individual" ? "INDIVIDUAL" : "ENTITY";
  const aliases = kids(node, `${prefix}_ALIAS`).map((a) => ({ name: textOf(a, "ALIAS_NAME"), type: aliasType(textOf(a, "QUALITY")) }));
  // Entities carry their acronym in brackets ("BUTEMBO AIRLINES (BAL)"): the name without it is listed too.
  const bare = kind === "entity" ? name.replace(/\s*\([^()]*\)\s*$/, "") : name;
  if (bare !== name && bare !== "") aliases.unshift({ name: bare, type: "aka" });
  const addressCountries = kids(node, `${prefix}_ADDRESS`).map((a) => textOf(a, "COUNTRY"));
  const births = kids(node, "INDIVIDUAL_DATE_OF_BIRTH").map((d) => textOf(d, "DATE") || textOf(d, "YEAR"));
  const documents = kids(node, "INDIVIDUAL_DOCUMENT")
    .map((d) => ({ type: textOf(d, "TYPE_OF_DOCUMENT"), number: textOf(d, "NUMBER"), country: textOf(d, "ISSUING_COUNTRY") || undefined }))
    .filter((d) => d.number !== "");
  return {
    list: "UN",
    uid,
    name,
    type: kind,
    programs: distinct([textOf(node, "UN_LIST_TYPE")]),
    aliases: aliasesBesides(name, aliases),
    countries: distinct([...values(node, "NATIONALITY"), ...addressCountries]),
    details: {
      ...(births.some(Boolean) ? { dates_of_birth: distinct(births) } : {}),
      ...(documents.length > 0 ? { ids: documents } : {}),
      ...(kind === "individual" ? { given_names_first: true as const } : {}),
    },
    source: null,
  };
}

/** The UN list; `generated` from its dateGenerated. */
export function parseUnConsolidatedXml(text: string): ParsedScreeningXml {
  const root = parseXmlRoot(text, "CONSOLIDATED_LIST", FORMAT);
  const rows: ScreeningListRow[] = [];
  let skipped = 0;
  for (const [group, item, kind] of [
    ["INDIVIDUALS", "INDIVIDUAL", "individual"],
    ["ENTITIES", "ENTITY", "entity"],
  ] as const) {
    for (const g of kids(root, group))
      for (const n of kids(g, item)) {
        const r = entry(n, kind);
        if (r) rows.push(r);
        else skipped++;
      }
  }
  const generated = typeof root["@_dateGenerated"] === "string" ? (root["@_dateGenerated"] as string) : null;
  return { rows, generated, skipped };
}
