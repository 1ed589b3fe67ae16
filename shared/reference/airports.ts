/**
 * Airports of UN/LOCODE entries for the air waybill: the IATA code (shared/trade/locode.ts, iataCodeOf)
 * and the place's name, read from port_codes (its iata and function columns) on either backend.
 */
import type { Queryable } from "../db/types.ts";
import { type Airport, iataCodeOf, normaliseLocode } from "../trade/locode.ts";

export type { Airport };

/** The airports of these UN/LOCODEs, by code; codes that are unknown or have no IATA code are left out. */
export async function lookupAirports(db: Queryable, codes: readonly unknown[]): Promise<Record<string, Airport>> {
  const asked = [...new Set(codes.map((c) => (typeof c === "string" ? normaliseLocode(c) : null)).filter((c): c is string => c !== null))];
  if (asked.length === 0) return {};
  // A code with several names answers with the first one in the list, as the validation lookups do.
  const rows = await db.query<{ code: string; location: string; name: string; iata: string | null; function: string | null }>(
    `select distinct on (p.code) p.code, p.location, p.name, p.iata, p.function
       from (select distinct jsonb_array_elements_text($1::text::jsonb) as k) a
       join port_codes p on p.code = a.k
      where p.change is null or p.change <> 'X'
      order by p.code, p.seq`,
    [JSON.stringify(asked)],
  );
  const out: Record<string, Airport> = {};
  for (const r of rows) {
    const iata = iataCodeOf(r);
    if (iata) out[r.code] = { locode: r.code, iata, name: r.name };
  }
  return out;
}
