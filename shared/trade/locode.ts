/**
 * UN/LOCODEs: the one parser for every place that reads one (validation rules, reference lookups,
 * extraction, document layouts, the UN/LOCODE importer). The accepted forms are documented in
 * docs/trade-codes.md.
 *
 * A UN/LOCODE is the ISO 3166-1 alpha-2 country code and a 3-character location code of letters and
 * digits. UNECE assigns new location codes from A–Z and 2–9, but the code list holds a few with 0
 * (DEB90, DE9B0, IT940 in release 2025-1), so 0–9 are accepted: a code in the list must never be
 * called malformed. Input is case-insensitive and may separate country and location by one space or
 * hyphen ("DEHAM", "DE HAM", "de-ham"); whitespace around it is ignored. Canonical form: "DEHAM".
 */
import { z } from "zod";

const LOCODE_INPUT = /^([A-Z]{2})[ -]?([A-Z0-9]{3})$/;
const LOCODE_CANONICAL = /^[A-Z]{2}[A-Z0-9]{3}$/;

export interface ParsedLocode {
  /** Canonical form, e.g. "DEHAM". */
  code: string;
  country: string;
  location: string;
}

export function parseLocode(raw: string): ParsedLocode | null {
  if (typeof raw !== "string") return null;
  const m = LOCODE_INPUT.exec(raw.trim().toUpperCase());
  return m ? { code: m[1] + m[2], country: m[1], location: m[2] } : null;
}

/** "de ham" → "DEHAM"; null for text that is not a UN/LOCODE in an accepted form. */
export function normaliseLocode(raw: string): string | null {
  return parseLocode(raw)?.code ?? null;
}

/** True for a UN/LOCODE in canonical form ("DEHAM"). */
export function isCanonicalLocode(code: string): boolean {
  return LOCODE_CANONICAL.test(code);
}

/** A location code as the importer reads it from the code list's Location column ("HAM"). */
export function isLocodeLocation(location: string): boolean {
  return /^[A-Z0-9]{3}$/.test(location);
}

/** A UN/LOCODE as a zod schema: accepts the documented forms, outputs the canonical code. */
export const LocodeSchema = z
  .string()
  .refine((s) => parseLocode(s) !== null, { message: 'Expected a UN/LOCODE: country and location, e.g. "DEHAM" or "DE HAM"' })
  .transform((s) => parseLocode(s)!.code);

/** The parts of a UN/LOCODE entry that name its airport. */
export interface LocodeAirportColumns {
  /** Location part of the code ("GDN" of PLGDN). */
  location: string;
  /** The code list's IATA column: filled only where the IATA code differs from the location part. */
  iata: string | null;
  /** The code list's Function column, e.g. "1--4----"; "4" in position 4 marks an airport. */
  function: string | null;
}

/** True when the Function column has the airport classifier ("4" in position 4). */
export function hasAirportFunction(fn: string | null): boolean {
  return fn?.charAt(3) === "4";
}

/**
 * The three-letter IATA code of a UN/LOCODE entry, as UNECE documents it: the IATA column where it
 * differs from the location part, the location part for a place with an airport function otherwise;
 * null when neither gives one (no IATA column and no airport function, or not three letters).
 */
export function iataCodeOf(entry: LocodeAirportColumns): string | null {
  const iata = entry.iata?.trim().toUpperCase();
  if (iata) return /^[A-Z]{3}$/.test(iata) ? iata : null;
  const location = entry.location.trim().toUpperCase();
  return hasAirportFunction(entry.function) && /^[A-Z]{3}$/.test(location) ? location : null;
}

/** An airport of the UN/LOCODE list as the air waybill names it (shared/reference/airports.ts looks them up). */
export interface Airport {
  /** The UN/LOCODE asked, canonical ("PLGDN"). */
  locode: string;
  /** Three-letter IATA code ("GDN"). */
  iata: string;
  /** The place's name in the code list ("Gdansk"). */
  name: string;
}
