/**
 * UN/LOCODE code list, official UNECE CSV parts (`CodeListPart1..3.csv`): no header, 12 columns
 *   Change, Country, Location, Name, NameWoDiacritics, Subdivision, Function, Status, Date, IATA,
 *   Coordinates, Remarks
 * Rows without a Location are not locations: country header rows (`,AD,,.ANDORRA,…`) and see-reference
 * rows (`Vienna = Wien`, Change "=" in older releases). Change indicators on locations: "+" added,
 * "#" name changed, "|" changed, "X" marked for deletion in the next issue (kept, with `change`, so
 * lookups can leave them out). A header row (the derived single-file code list) is skipped.
 * The text must already be decoded: releases up to about 2020 were ISO-8859-1, newer ones UTF-8
 * (the directory importer detects which).
 */
import { isLocodeLocation } from "../../trade/locode.ts";
import { parseCsv } from "./csv.ts";
import { cleanText } from "./text.ts";

export interface PortRow {
  seq: number;
  /** Country + location, no space: "DEHAM". */
  code: string;
  country: string;
  location: string;
  name: string;
  name_wo_diacritics: string | null;
  subdivision: string | null;
  /** The 8-character classifier as published, e.g. "1234----". */
  function: string | null;
  port: boolean;
  rail: boolean;
  road: boolean;
  airport: boolean;
  postal: boolean;
  multimodal: boolean;
  fixed_transport: boolean;
  inland_water: boolean;
  border_crossing: boolean;
  status: string | null;
  /** YYMM of the last change. */
  change_date: string | null;
  iata: string | null;
  /** As published, "DDMMN DDDMMW". */
  coordinates: string | null;
  latitude: number | null;
  longitude: number | null;
  remarks: string | null;
  change: string | null;
}

export interface UnlocodeResult {
  rows: PortRow[];
  /** Country names from the header rows (".ANDORRA" → "ANDORRA"). */
  countries: Record<string, string>;
  skipped: { countryHeaders: number; references: number; duplicates: number; malformed: number };
}

const opt = (v: string | undefined): string | null => {
  const t = (v ?? "").trim();
  return t === "" ? null : t;
};

/** "4230N 00131E" → [42.5, 1.51667]; null when absent or malformed. */
export function parseUnlocodeCoordinates(text: string | null): { latitude: number; longitude: number } | null {
  const m = text?.trim().match(/^(\d{2})(\d{2})([NS])\s*(\d{3})(\d{2})([EW])$/);
  if (!m) return null;
  const lat = (Number(m[1]) + Number(m[2]) / 60) * (m[3] === "S" ? -1 : 1);
  const lon = (Number(m[4]) + Number(m[5]) / 60) * (m[6] === "W" ? -1 : 1);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { latitude: Math.round(lat * 1e5) / 1e5, longitude: Math.round(lon * 1e5) / 1e5 };
}

/**
 * Parses one part. `startSeq` continues the numbering over several parts; pass a shared `seen` set
 * to drop a (code, name) pair repeated across parts.
 */
export function parseUnlocodeCsv(text: string, options: { startSeq?: number; seen?: Set<string> } = {}): UnlocodeResult {
  const seen = options.seen ?? new Set<string>();
  let seq = options.startSeq ?? 1;
  const rows: PortRow[] = [];
  const countries: Record<string, string> = {};
  const skipped = { countryHeaders: 0, references: 0, duplicates: 0, malformed: 0 };
  const records = parseCsv(text);
  for (const [idx, r] of records.entries()) {
    if (idx === 0 && r[1]?.trim() === "Country" && r[2]?.trim() === "Location") continue;
    if (r.length < 10) {
      skipped.malformed++;
      continue;
    }
    const change = opt(r[0]);
    const country = (r[1] ?? "").trim().toUpperCase();
    const location = (r[2] ?? "").trim().toUpperCase();
    const name = cleanText(r[3]);
    if (!location) {
      if (name.startsWith(".")) {
        countries[country] = name.slice(1).trim();
        skipped.countryHeaders++;
      } else {
        skipped.references++;
      }
      continue;
    }
    if (change === "=") {
      skipped.references++;
      continue;
    }
    if (!/^[A-Z]{2}$/.test(country) || !isLocodeLocation(location) || !name) {
      skipped.malformed++;
      continue;
    }
    const code = country + location;
    const key = `${code}\u0000${name}`;
    if (seen.has(key)) {
      skipped.duplicates++;
      continue;
    }
    seen.add(key);
    const fn = opt(r[6]);
    const f = fn ?? "";
    const coordinates = opt(r[10]);
    const point = parseUnlocodeCoordinates(coordinates);
    rows.push({
      seq: seq++,
      code,
      country,
      location,
      name,
      name_wo_diacritics: opt(cleanText(r[4])),
      subdivision: opt(r[5]),
      function: fn,
      // Classifier digits sit at fixed positions, but testing for the character also reads older
      // files whose positions drifted.
      port: f.includes("1"),
      rail: f.includes("2"),
      road: f.includes("3"),
      airport: f.includes("4"),
      postal: f.includes("5"),
      multimodal: f.includes("6"),
      fixed_transport: f.includes("7"),
      inland_water: f.includes("8"),
      border_crossing: f.toUpperCase().includes("B"),
      status: opt(r[7]),
      change_date: opt(r[8]),
      iata: opt(r[9]),
      coordinates,
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
      remarks: opt(cleanText(r[11])),
      change,
    });
  }
  return { rows, countries, skipped };
}

/** Parses several parts in order as one list. */
export function parseUnlocodeParts(texts: string[]): UnlocodeResult {
  const seen = new Set<string>();
  const all: UnlocodeResult = { rows: [], countries: {}, skipped: { countryHeaders: 0, references: 0, duplicates: 0, malformed: 0 } };
  for (const text of texts) {
    const part = parseUnlocodeCsv(text, { startSeq: all.rows.length + 1, seen });
    for (const row of part.rows) all.rows.push(row);
    Object.assign(all.countries, part.countries);
    for (const k of Object.keys(all.skipped) as Array<keyof UnlocodeResult["skipped"]>) all.skipped[k] += part.skipped[k];
  }
  return all;
}
