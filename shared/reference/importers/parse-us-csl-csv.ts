/**
 * The US Consolidated Screening List (trade.gov), CSV: a header row with _id, source, entity_number, type,
 * programs, name, title, addresses, …, license_requirement, …, alt_names, citizenships, dates_of_birth,
 * nationalities, places_of_birth, …, ids. One row per listing; `source` names the agency's list
 * ("Entity List (EL) - Bureau of Industry and Security"). Lists are separated by "; " inside a cell.
 *
 * Rows of Treasury's lists (SDN, SSI, NS-MBS, CMIC, CAPTA, PLC, FSE) repeat entries of the OFAC files: their
 * _id is the OFAC ent_num. They are imported with `source` "OFAC <ent_num>" and screening leaves them out
 * whenever the OFAC table holds data (shared/screening/lists/read-screening-entries.ts), so a party listed
 * by OFAC gets one listing, not two.
 *
 * The BIS lists write a parenthesised short name after the name ("Huawei Technologies Co., Ltd. (Huawei)")
 * and affiliates as "<parent>. Affiliated Entity: <affiliate>": the short name becomes an alias, and an
 * affiliate row is listed under the affiliate's name with the parent's sentence as an alias.
 */
import { parseCsvWithHeader, requireColumns, stripBom } from "./csv.ts";
import { cleanText } from "./text.ts";
import { aliasesBesides, distinct, type ScreeningAliasRow, type ScreeningListRow } from "./screening-list-row.ts";

const FORMAT = "US Consolidated Screening List CSV";

/** The CSL `source` → the list the effects table names, and whether it repeats the OFAC files. */
export const CSL_SOURCES: ReadonlyArray<{ pattern: RegExp; list: string; treasury: boolean }> = [
  { pattern: /^Specially Designated Nationals/i, list: "OFAC SDN", treasury: true },
  { pattern: /^Entity List/i, list: "BIS Entity List", treasury: false },
  { pattern: /^Denied Persons/i, list: "BIS Denied Persons", treasury: false },
  { pattern: /^Unverified List/i, list: "BIS Unverified List", treasury: false },
  { pattern: /^Military End User/i, list: "BIS Military End User", treasury: false },
  { pattern: /^ITAR Debarred/i, list: "DDTC ITAR Debarred", treasury: false },
  { pattern: /^Nonproliferation Sanctions/i, list: "State Nonproliferation", treasury: false },
  { pattern: /^Sectoral Sanctions/i, list: "OFAC SSI", treasury: true },
  { pattern: /Menu-Based Sanctions/i, list: "OFAC NS-MBS", treasury: true },
  { pattern: /Chinese Military-Industrial Complex/i, list: "OFAC CMIC", treasury: true },
  { pattern: /^Capta List/i, list: "OFAC CAPTA", treasury: true },
  { pattern: /^Palestinian Legislative Council/i, list: "OFAC PLC", treasury: true },
  { pattern: /^Foreign Sanctions Evaders/i, list: "OFAC FSE", treasury: true },
];

const split = (cell: string | undefined) => (cell ?? "").split(";").map(cleanText).filter(Boolean);

/** Country codes at the end of each address ("…, Dubai, AE"). */
function addressCountries(addresses: string): string[] {
  return split(addresses).flatMap((a) => {
    const m = /,\s*([A-Z]{2})\s*$/.exec(a);
    return m ? [m[1]] : [];
  });
}

/** The listed name and the aliases its own text carries (short name, affiliate's parent). */
function readName(raw: string): { name: string; aliases: string[] } {
  let text = cleanText(raw);
  const aliases: string[] = [];
  const affiliate = /^(.*?)\.?\s+Affiliated Entit(?:y|ies):\s*(.+)$/i.exec(text);
  if (affiliate) {
    aliases.push(cleanText(affiliate[1]));
    text = cleanText(affiliate[2]);
  }
  const short = /^(.*\S)\s+\(([^()]+)\)\.?$/.exec(text);
  if (short) {
    text = short[1];
    aliases.push(short[2]);
  }
  return { name: text.replace(/[.,;]\s*$/, ""), aliases };
}

function entryType(t: string): ScreeningListRow["type"] {
  const v = t.toLowerCase();
  return v === "individual" ? "individual" : v === "vessel" ? "vessel" : v === "aircraft" ? "aircraft" : "entity";
}

export interface CslResult {
  rows: ScreeningListRow[];
  skipped: number;
  /** Rows per list, for the import's notes. */
  perList: Record<string, number>;
}

export function parseUsCslCsv(text: string): CslResult {
  const { header, rows: records } = parseCsvWithHeader(stripBom(text));
  requireColumns(header, ["_id", "source", "name", "type", "programs", "alt_names"], FORMAT);
  const rows: ScreeningListRow[] = [];
  const seen = new Set<string>();
  const perList: Record<string, number> = {};
  let skipped = 0;
  for (const r of records) {
    const source = CSL_SOURCES.find((s) => s.pattern.test(r.source ?? ""));
    const uid = cleanText(r._id);
    const { name, aliases } = readName(r.name ?? "");
    if (!source || uid === "" || name === "" || seen.has(`${source.list}\u0000${uid}`)) {
      skipped++;
      continue;
    }
    seen.add(`${source.list}\u0000${uid}`);
    const alts: ScreeningAliasRow[] = [...aliases, ...split(r.alt_names)].map((n) => ({ name: n, type: "aka" }));
    const births = split(r.dates_of_birth);
    const ids = split(r.ids).map((i) => ({ type: "id", number: i }));
    const licence = cleanText(r.license_requirement);
    rows.push({
      list: source.list,
      uid,
      name,
      type: entryType(r.type ?? ""),
      programs: split(r.programs),
      aliases: aliasesBesides(name, alts),
      countries: distinct([...addressCountries(r.addresses ?? ""), ...split(r.nationalities), ...split(r.citizenships)]),
      details: {
        ...(births.length > 0 ? { dates_of_birth: births } : {}),
        ...(ids.length > 0 ? { ids } : {}),
        ...(licence ? { remarks: `licence requirement: ${licence}` } : {}),
      },
      source: source.treasury ? `OFAC ${cleanText(r.entity_number) || uid}` : null,
    });
    perList[source.list] = (perList[source.list] ?? 0) + 1;
  }
  return { rows, skipped, perList };
}
