/**
 * OFAC legacy CSV lists (Treasury `dat_spec.txt`): no header, ASCII, CRLF, `-0-` (often `-0- `) as
 * null, a final Ctrl-Z byte.
 *   sdn.csv / cons_prim.csv        ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type,
 *                                  Tonnage, GRT, Vess_flag, Vess_owner, Remarks
 *   alt.csv / cons_alt.csv         ent_num, alt_num, alt_type (aka|fka|nka), alt_name, alt_remarks
 *   add.csv / cons_add.csv         ent_num, add_num, address, city_state_province_postal, country, add_remarks
 *   sdn_comments / cons_comments   ent_num, remarks_extension (the rest of a truncated Remarks)
 * The SDN list and the consolidated non-SDN list share this layout; one row per entry comes out,
 * with its aliases and addresses folded in.
 */
import { parseCsv } from "./csv.ts";
import { cleanText } from "./text.ts";

export type OfacList = "SDN" | "CONS";
export type OfacEntryType = "individual" | "entity" | "vessel" | "aircraft";

export interface OfacAlias {
  name: string;
  type: string;
  remarks?: string;
}

export interface OfacAddress {
  address: string | null;
  city_state_province_postal: string | null;
  country: string | null;
  remarks: string | null;
}

export interface SanctionsRow {
  uid: number;
  list: OfacList;
  name: string;
  type: OfacEntryType;
  programs: string[];
  title: string | null;
  call_sign: string | null;
  vessel_type: string | null;
  tonnage: string | null;
  grt: string | null;
  vessel_flag: string | null;
  vessel_owner: string | null;
  remarks: string | null;
  aliases: OfacAlias[];
  addresses: OfacAddress[];
}

export interface OfacFiles {
  primary: string;
  alt?: string;
  add?: string;
  comments?: string;
}

export interface OfacResult {
  rows: SanctionsRow[];
  /** Alias/address/comment records whose ent_num is not in the primary file (the files' dates differ). */
  orphans: { alt: number; add: number; comments: number };
}

/** OFAC's null marker, with or without its trailing space. */
export function ofacValue(field: string | undefined): string | null {
  const t = cleanText(field);
  return t === "" || t === "-0-" ? null : t;
}

function records(text: string, minFields: number, file: string): string[][] {
  // The Ctrl-Z end-of-file byte is a DOS relic, not data.
  const out = parseCsv(text.replace(/\u001a/g, ""));
  return out.filter((r, i) => {
    if (r.length === 1 && r[0].trim() === "") return false;
    if (r.length < minFields) throw new Error(`OFAC ${file}: record ${i + 1} has ${r.length} fields, expected ${minFields}`);
    return true;
  });
}

function entNum(value: string, file: string): number {
  const n = Number.parseInt(value.trim(), 10);
  if (!Number.isInteger(n) || String(n) !== value.trim()) throw new Error(`OFAC ${file}: bad ent_num "${value}"`);
  return n;
}

/** "SDGT] [SYRIA" → ["SDGT", "SYRIA"]. */
export function splitPrograms(value: string | null): string[] {
  if (!value) return [];
  return value
    .split("] [")
    .map((p) => p.replace(/^\[|\]$/g, "").trim())
    .filter(Boolean);
}

function entryType(value: string | null): OfacEntryType {
  const t = (value ?? "").toLowerCase();
  return t === "individual" || t === "vessel" || t === "aircraft" ? t : "entity";
}

export function parseOfacPrimary(text: string, list: OfacList): SanctionsRow[] {
  const seen = new Set<number>();
  const rows: SanctionsRow[] = [];
  for (const r of records(text, 12, list === "SDN" ? "sdn.csv" : "cons_prim.csv")) {
    const uid = entNum(r[0], "primary");
    if (seen.has(uid)) continue;
    seen.add(uid);
    const name = ofacValue(r[1]);
    if (!name) throw new Error(`OFAC primary: entry ${uid} has no name`);
    rows.push({
      uid,
      list,
      name,
      type: entryType(ofacValue(r[2])),
      programs: splitPrograms(ofacValue(r[3])),
      title: ofacValue(r[4]),
      call_sign: ofacValue(r[5]),
      vessel_type: ofacValue(r[6]),
      tonnage: ofacValue(r[7]),
      grt: ofacValue(r[8]),
      vessel_flag: ofacValue(r[9]),
      vessel_owner: ofacValue(r[10]),
      remarks: ofacValue(r[11]),
      aliases: [],
      addresses: [],
    });
  }
  return rows;
}

export function parseOfacAlt(text: string): Array<{ uid: number; alias: OfacAlias }> {
  return records(text, 5, "alt.csv").flatMap((r) => {
    const name = ofacValue(r[3]);
    if (!name) return [];
    const remarks = ofacValue(r[4]);
    const alias: OfacAlias = { name, type: (ofacValue(r[2]) ?? "aka").toLowerCase() };
    if (remarks) alias.remarks = remarks;
    return [{ uid: entNum(r[0], "alt.csv"), alias }];
  });
}

export function parseOfacAdd(text: string): Array<{ uid: number; address: OfacAddress }> {
  return records(text, 6, "add.csv").map((r) => ({
    uid: entNum(r[0], "add.csv"),
    address: { address: ofacValue(r[2]), city_state_province_postal: ofacValue(r[3]), country: ofacValue(r[4]), remarks: ofacValue(r[5]) },
  }));
}

export function parseOfacComments(text: string): Array<{ uid: number; text: string }> {
  return records(text, 2, "comments").flatMap((r) => {
    // Not cleaned: the extension continues the Remarks mid-word, spaces included.
    const t = (r[1] ?? "").trim() === "-0-" ? "" : (r[1] ?? "");
    return t ? [{ uid: entNum(r[0], "comments"), text: t }] : [];
  });
}

/** One list (SDN or consolidated): primary entries with their aliases, addresses and remark overflow. */
export function parseOfacList(list: OfacList, files: OfacFiles): OfacResult {
  const rows = parseOfacPrimary(files.primary, list);
  const byUid = new Map(rows.map((r) => [r.uid, r]));
  const orphans = { alt: 0, add: 0, comments: 0 };
  for (const { uid, alias } of files.alt ? parseOfacAlt(files.alt) : []) {
    const row = byUid.get(uid);
    if (row) row.aliases.push(alias);
    else orphans.alt++;
  }
  for (const { uid, address } of files.add ? parseOfacAdd(files.add) : []) {
    const row = byUid.get(uid);
    if (row) row.addresses.push(address);
    else orphans.add++;
  }
  for (const { uid, text } of files.comments ? parseOfacComments(files.comments) : []) {
    const row = byUid.get(uid);
    if (row) row.remarks = cleanText((row.remarks ?? "") + text);
    else orphans.comments++;
  }
  return { rows, orphans };
}
