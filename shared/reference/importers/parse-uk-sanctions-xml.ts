/**
 * The UK Sanctions List (FCDO), XML as its format guide describes it: <Designations> (a DateGenerated
 * element "dd/mm/yyyy", and in the full file a dateGenerated attribute) with one <Designation> per listed
 * individual, entity or ship: UniqueID (the entry's id, e.g. "AFG0001"), Names/Name (Name1–Name5 given
 * names, Name6 the family or organisation name; NameType "Primary Name", "Primary Name Variation" or
 * "Alias", any casing; AliasStrength "Good quality a.k.a" / "Low quality a.k.a"), RegimeName,
 * IndividualEntityShip, SanctionsImposed and SanctionsImposedIndicators (AssetFreeze …), Addresses,
 * IndividualDetails (DOBs, Nationalities, passports, national ids), ShipDetails (IMO numbers).
 * A Designation without a UniqueID is not a designation the publisher issues: it is skipped and counted.
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

const FORMAT = "UK Sanctions List XML";

function fullName(n: XmlNode, individual: boolean): string {
  const given = ["Name1", "Name2", "Name3", "Name4", "Name5"].map((f) => textOf(n, f)).filter(Boolean);
  const family = textOf(n, "Name6");
  if (individual && family && given.length > 0) return `${family}, ${given.join(" ")}`;
  return [...given, family].filter(Boolean).join(" ");
}

const texts = (node: unknown, group: string, item: string) =>
  kids(node, group).flatMap((g) => kids(g, item).map((i) => String(i["#text"] ?? "")));

/** The UK list; `generated` from DateGenerated (dd/mm/yyyy) or the dateGenerated attribute. */
export function parseUkSanctionsXml(text: string): ParsedScreeningXml {
  const root = parseXmlRoot(text, "Designations", FORMAT);
  const rows: ScreeningListRow[] = [];
  let skipped = 0;
  for (const d of kids(root, "Designation")) {
    const uid = textOf(d, "UniqueID");
    const kind = textOf(d, "IndividualEntityShip").toLowerCase();
    const individual = kind === "individual";
    const names = kids(kids(d, "Names")[0], "Name").map((n) => ({
      name: fullName(n, individual),
      nameType: textOf(n, "NameType").toLowerCase(),
      type: /low/i.test(textOf(n, "AliasStrength")) ? "weak aka" : "aka",
    }));
    const primary = names.find((n) => n.nameType === "primary name" && n.name !== "") ?? names.find((n) => n.name !== "");
    if (uid === "" || !primary) {
      skipped++;
      continue;
    }
    const person = kids(kids(d, "IndividualDetails")[0], "Individual")[0];
    const ship = kids(kids(d, "ShipDetails")[0], "Ship")[0];
    const births = texts(person, "DOBs", "DOB").filter((b) => /\d{4}/.test(b));
    const ids = [
      ...kids(kids(person, "PassportDetails")[0], "Passport").map((p) => ({ type: "passport", number: textOf(p, "PassportNumber") })),
      ...kids(kids(person, "NationalIdentifierDetails")[0], "NationalIdentifier").map((p) => ({
        type: "national id",
        number: textOf(p, "NationalIdentifierNumber"),
      })),
      ...texts(ship, "IMONumbers", "IMONumber").map((n) => ({ type: "IMO", number: n.trim() })),
    ].filter((i) => i.number !== "");
    const indicators = kids(d, "SanctionsImposedIndicators")[0];
    const assetFreeze = textOf(indicators, "AssetFreeze") === "true" || /asset freeze/i.test(textOf(d, "SanctionsImposed"));
    rows.push({
      list: "UK",
      uid,
      name: primary.name,
      type: individual ? "individual" : kind === "ship" ? "vessel" : "entity",
      programs: distinct([textOf(d, "RegimeName")]),
      aliases: aliasesBesides(
        primary.name,
        names.map(({ name, type }) => ({ name, type })),
      ),
      countries: distinct([
        ...texts(person, "Nationalities", "Nationality"),
        ...kids(kids(d, "Addresses")[0], "Address").map((a) => textOf(a, "AddressCountry")),
      ]),
      details: {
        ...(births.length > 0 ? { dates_of_birth: distinct(births) } : {}),
        ...(ids.length > 0 ? { ids: ids.map((i) => ({ ...i, number: i.number.trim() })) } : {}),
        remarks: assetFreeze ? "asset freeze" : textOf(d, "SanctionsImposed") || "no asset freeze",
      },
      source: textOf(d, "DesignationSource") || null,
    });
  }
  const stated = textOf(root, "DateGenerated").match(/^(\d{2})\/(\d{2})\/(\d{4})$/);
  const attrDate = typeof root["@_dateGenerated"] === "string" ? (root["@_dateGenerated"] as string) : null;
  return { rows, generated: stated ? `${stated[3]}-${stated[2]}-${stated[1]}` : attrDate, skipped };
}
