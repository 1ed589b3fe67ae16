/**
 * The EU Financial Sanctions Files consolidated list, XML 1.1 (namespace http://eu.europa.ec/fpi/fsd/export):
 * <export generationDate=… globalFileId=…> with one <sanctionEntity euReferenceNumber=… logicalId=…> per
 * listed person, group or entity: <subjectType code="person|enterprise">, <nameAlias wholeName=… strong=…>
 * (a "strong=false" alias is a weak one), <regulation programme=…>, <citizenship countryIso2Code=…>,
 * <address countryIso2Code=…>, <birthdate birthdate=…>, <identification number=…>.
 * An entry repeating the euReferenceNumber of one already read is not a second listing: the Commission's
 * own sample files carry such test records ("TestOneWord"); the first is kept.
 */
import { aliasesBesides, attr, distinct, kids, parseXmlRoot, type ScreeningListRow } from "./screening-list-row.ts";

const FORMAT = "EU Financial Sanctions Files XML 1.1";

export interface EuListResult {
  rows: ScreeningListRow[];
  generated: string | null;
  skipped: number;
}

export function parseEuFsfXml(text: string): EuListResult {
  const root = parseXmlRoot(text, "export", FORMAT);
  const rows: ScreeningListRow[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const e of kids(root, "sanctionEntity")) {
    const uid = attr(e, "euReferenceNumber") || attr(e, "logicalId");
    const names = kids(e, "nameAlias").map((a) => ({
      name: attr(a, "wholeName") || [attr(a, "firstName"), attr(a, "middleName"), attr(a, "lastName")].filter(Boolean).join(" "),
      type: attr(a, "strong") === "false" ? "weak aka" : "aka",
    }));
    const primary = names.find((n) => n.name !== "" && n.type === "aka") ?? names.find((n) => n.name !== "");
    if (uid === "" || !primary || seen.has(uid)) {
      skipped++;
      continue;
    }
    seen.add(uid);
    const code = attr(kids(e, "subjectType")[0], "code");
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
      type: code === "person" ? "individual" : "entity",
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
      },
      source: attr(e, "unitedNationId") ? `UN ${attr(e, "unitedNationId")}` : null,
    });
  }
  return { rows, generated: attr(root, "generationDate") || null, skipped };
}
