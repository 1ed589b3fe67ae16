/**
 * ISO 3166-1 countries from the DataHub `country-codes` CSV (UNSD M49 + ISO 3166 + CLDR + ISO 4217
 * columns, one row per country or territory). Only the columns the service uses are read; the
 * alpha-2 / alpha-3 / numeric headers of the UNSD M49 download ("ISO-alpha2 Code", "ISO-alpha3 Code",
 * "M49 Code", semicolon-separated) are accepted too. Numeric codes are zero-padded to 3 digits.
 * Note "NA" (Namibia) is a code, not a null.
 */
import { parseCsvWithHeader } from "./csv.ts";
import { textOrNull } from "./text.ts";

export interface CountryRow {
  alpha2: string;
  alpha3: string;
  numeric: string | null;
  name: string;
  official_name: string | null;
  short_name: string | null;
  region: string | null;
  sub_region: string | null;
  intermediate_region: string | null;
  continent: string | null;
  capital: string | null;
  currency_code: string | null;
  is_independent: string | null;
  tld: string | null;
  languages: string | null;
  dial: string | null;
}

const ALIASES: Record<keyof CountryRow, string[]> = {
  alpha2: ["ISO3166-1-Alpha-2", "ISO-alpha2 Code", "alpha-2", "alpha2"],
  alpha3: ["ISO3166-1-Alpha-3", "ISO-alpha3 Code", "alpha-3", "alpha3"],
  numeric: ["ISO3166-1-numeric", "M49 Code", "numeric", "country-code"],
  name: ["official_name_en", "UNTERM English Short", "Country or Area", "name"],
  official_name: ["UNTERM English Formal"],
  short_name: ["CLDR display name"],
  region: ["Region Name"],
  sub_region: ["Sub-region Name"],
  intermediate_region: ["Intermediate Region Name"],
  continent: ["Continent"],
  capital: ["Capital"],
  currency_code: ["ISO4217-currency_alphabetic_code"],
  is_independent: ["is_independent"],
  tld: ["TLD"],
  languages: ["Languages"],
  dial: ["Dial"],
};

export function parseIsoCountriesCsv(text: string): CountryRow[] {
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = firstLine.split(";").length > firstLine.split(",").length ? ";" : ",";
  const { header, rows } = parseCsvWithHeader(text, { delimiter });
  const col = (k: keyof CountryRow) => ALIASES[k].find((a) => header.includes(a));
  const a2 = col("alpha2");
  const a3 = col("alpha3");
  if (!a2 || !a3) throw new Error(`ISO countries CSV: no alpha-2/alpha-3 columns; header starts ${JSON.stringify(header.slice(0, 12))}`);
  const get = (r: Record<string, string>, k: keyof CountryRow) => {
    const c = col(k);
    return c ? textOrNull(r[c]) : null;
  };
  const out: CountryRow[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const alpha2 = (r[a2] ?? "").trim().toUpperCase();
    // Rows without an ISO code (M49 regions, Sark, …) are not countries in ISO 3166-1.
    if (!/^[A-Z]{2}$/.test(alpha2) || seen.has(alpha2)) continue;
    seen.add(alpha2);
    const numeric = get(r, "numeric");
    const shortName = get(r, "short_name");
    out.push({
      alpha2,
      alpha3: (r[a3] ?? "").trim().toUpperCase(),
      numeric: numeric && /^\d{1,3}$/.test(numeric) ? numeric.padStart(3, "0") : null,
      name: get(r, "name") ?? shortName ?? alpha2,
      official_name: get(r, "official_name"),
      short_name: shortName,
      region: get(r, "region"),
      sub_region: get(r, "sub_region"),
      intermediate_region: get(r, "intermediate_region"),
      continent: get(r, "continent"),
      capital: get(r, "capital"),
      currency_code: get(r, "currency_code"),
      is_independent: get(r, "is_independent"),
      tld: get(r, "tld"),
      languages: get(r, "languages"),
      dial: get(r, "dial"),
    });
  }
  return out;
}
