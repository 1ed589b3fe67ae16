/**
 * The EU Financial Sanctions Files consolidated list, XML 1.1 (namespace http://eu.europa.ec/fpi/fsd/export):
 * <export generationDate=… globalFileId=…> with one <sanctionEntity euReferenceNumber=… logicalId=…> per
 * listed person, group or entity: <subjectType code="person|enterprise">, <nameAlias wholeName=… strong=…>
 * (a "strong=false" alias is a weak one), <regulation programme=…>, <citizenship countryIso2Code=…>,
 * <address countryIso2Code=…>, <birthdate birthdate=…>, <identification number=…>.
 * An entry repeating the euReferenceNumber of one already read is not a second listing: the Commission's
 * own sample files carry such test records ("TestOneWord"); the first is kept.
 * A person's nameAlias that states its lastName (beside firstName / middleName) is written "LASTNAME,
 * First Middle", the form the screening index reads as surname and given names (as OFAC writes them);
 * its wholeName is kept as an alias only when it holds other words, not merely the same words in another
 * order. A person's wholeName with no lastName states no family name: the entry is marked
 * given_names_first, and screening requires that name's first and last word.
 */
import {
  aliasesBesides,
  attr,
  distinct,
  kids,
  type ParsedScreeningXml,
  parseXmlRoot,
  type ScreeningAliasRow,
  type ScreeningListRow,
  type XmlNode,
} from "./screening-list-row.ts";

const FORMAT = "EU Financial Sanctions Files XML 1.1";

/** The words of a name, lower-case and sorted: two names with the same key differ only in order. */
const wordsKey = (name: string) =>
  name
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean)
    .sort()
    .join(" ");

/** The names one nameAlias gives: "LAST, First Middle" for a person whose lastName is stated, else its wholeName. */
function aliasNames(a: XmlNode, person: boolean): ScreeningAliasRow[] {
  const type = attr(a, "strong") === "false" ? "weak aka" : "aka";
  const whole = attr(a, "wholeName");
  const last = attr(a, "lastName");
  const given = [attr(a, "firstName"), attr(a, "middleName")].filter(Boolean).join(" ");
  if (person && last !== "" && given !== "") {
    const name = `${last}, ${given}`;
    return whole === "" || wordsKey(whole) === wordsKey(name)
      ? [{ name, type }]
      : [
          { name, type },
          { name: whole, type },
        ];
  }
  return [{ name: whole || [given, last].filter(Boolean).join(" "), type }];
}

export function parseEuFsfXml(text: string): ParsedScreeningXml {
  const root = parseXmlRoot(text, "export", FORMAT);
  const rows: ScreeningListRow[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const e of kids(root, "sanctionEntity")) {
    const uid = attr(e, "euReferenceNumber") || attr(e, "logicalId");
    const person = attr(kids(e, "subjectType")[0], "code") === "person";
    const names = kids(e, "nameAlias").flatMap((a) => aliasNames(a, person));
    const primary = names.find((n) => n.name !== "" && n.type === "aka") ?? names.find((n) => n.name !== "");
    if (uid === "" || !primary || seen.has(uid)) {
      skipped++;
      continue;
    }
    seen.add(uid);
    const ids = kids(e, "identification")
      .map((i) => ({
        type: attr(i, "identificationTypeDescription") || attr(i, "identificationTypeCode"),
        number: attr(i, "number"),
        country: attr(i, "countryIso2Code") || undefined,
      }))
      .filter((i) => i.number !== "");
    const births = kids(e, "birthdate").map((b) => attr(b, "birthdate") || attr(b, "year"));
    rows.push({
      list: "EU",
      uid,
      name: primary.name,
      type: person ? "individual" : "entity",
      programs: distinct(kids(e, "regulation").map((r) => attr(r, "programme"))),
      aliases: aliasesBesides(primary.name, names),
      countries: distinct(
        [...kids(e, "citizenship"), ...kids(e, "address"), ...kids(e, "birthdate")]
          .map((c) => attr(c, "countryIso2Code"))
          .filter((c) => c !== "00"),
      ),
      details: {
        ...(births.some(Boolean) ? { dates_of_birth: distinct(births) } : {}),
        ...(ids.length > 0 ? { ids } : {}),
        ...(person && names.some((n) => n.name !== "" && !n.name.includes(",")) ? { given_names_first: true as const } : {}),
      },
      source: attr(e, "unitedNationId") ? `UN ${attr(e, "unitedNationId")}` : null,
    });
  }
  return { rows, generated: attr(root, "generationDate") || null, skipped };
}
