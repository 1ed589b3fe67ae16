/** Text and value normalisation for the built-in extractor: labels, numbers, countries, codes. */
import { COUNTRY_CODES as ISO_COUNTRIES } from "../../../trade/countries.ts";
import { CURRENCY_CODES as ISO_CURRENCIES } from "../../../trade/currencies.ts";
import { INCOTERM_WORD } from "../../../trade/incoterms.ts";
import { hsCodeDigits } from "../../../trade/hs-code.ts";
import { parseLocode } from "../../../trade/locode.ts";
import { stripAccents } from "../../../text/fold.ts";

/** Lower case, no diacritics, punctuation as spaces, single spaces: "N° de Facture:" → "n de facture". */
export function norm(text: string): string {
  return stripAccents(text)
    .replace(/ß/g, "ss")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const LANGS = ["en", "de", "fr", "es", "it", "nl", "pt", "pl"];
const ALIASES: Record<string, string> = {
  usa: "US",
  "u s a": "US",
  "u s": "US",
  "ee uu": "US",
  eeuu: "US",
  "united states of america": "US",
  america: "US",
  "vereinigte staaten von amerika": "US",
  uk: "GB",
  "u k": "GB",
  "great britain": "GB",
  britain: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  grossbritannien: "GB",
  prc: "CN",
  "p r china": "CN",
  "peoples republic of china": "CN",
  "people s republic of china": "CN",
  "pr china": "CN",
  holland: "NL",
  "the netherlands": "NL",
  korea: "KR",
  "south korea": "KR",
  "republic of korea": "KR",
  "deutschland brd": "DE",
  russia: "RU",
  "viet nam": "VN",
  turkiye: "TR",
  "czech republic": "CZ",
  uae: "AE",
  "u a e": "AE",
  "hong kong sar": "HK",
  "taiwan roc": "TW",
  swiss: "CH",
  schweiz: "CH",
  suisse: "CH",
};

let countryNames: Map<string, string> | null = null;

function names(): Map<string, string> {
  if (countryNames) return countryNames;
  const map = new Map<string, string>();
  for (const lang of LANGS) {
    let dn: Intl.DisplayNames | null = null;
    try {
      dn = new Intl.DisplayNames([lang], { type: "region", fallback: "none" });
    } catch {
      continue;
    }
    for (const code of ISO_COUNTRIES) {
      const name = dn.of(code);
      if (!name) continue;
      const n = norm(name);
      if (n && !map.has(n)) map.set(n, code);
      // "Korea, Republic of" style and "Hong Kong SAR China": also the part before a comma or bracket.
      const short = norm(name.split(/[,(]/)[0]);
      if (short && short.length > 3 && !map.has(short)) map.set(short, code);
    }
  }
  for (const [k, v] of Object.entries(ALIASES)) map.set(k, v);
  countryNames = map;
  return map;
}

/** "Germany", "Deutschland", "DE", "Allemagne" → "DE"; null when the text is not a country. */
export function countryCode(text: string): string | null {
  const t = text.trim().replace(/[.;:]+$/, "");
  if (/^[A-Z]{2}$/.test(t) && ISO_COUNTRIES.has(t)) return t;
  const n = norm(t);
  if (!n) return null;
  return names().get(n) ?? null;
}

/** A country named at the end of a text ("20457 Hamburg, Germany" → DE and the rest). */
export function trailingCountry(text: string): { code: string; rest: string } | null {
  const words = text.trim().split(/[\s,]+/);
  for (let take = Math.min(5, words.length); take >= 1; take--) {
    const tail = words.slice(words.length - take).join(" ");
    // Two-letter codes only when alone or after a comma, never a state abbreviation inside a line.
    if (/^[A-Z]{2}$/.test(tail) && take === words.length) return countryCode(tail) ? { code: tail, rest: "" } : null;
    if (/^[A-Za-z]{2}$/.test(tail)) continue;
    const code = countryCode(tail);
    if (code) {
      const idx = text.lastIndexOf(words[words.length - take]);
      return {
        code,
        rest: text
          .slice(0, idx)
          .replace(/[\s,;-]+$/, "")
          .trim(),
      };
    }
  }
  return null;
}

/**
 * Decides whether a document writes decimals with a comma ("1.234,56", "1 234,56") or a point: the
 * pattern of separators in all its amounts.
 */
export function detectDecimalComma(texts: string[]): boolean {
  let comma = 0;
  let point = 0;
  for (const t of texts) {
    for (const m of t.matchAll(/\d([.,])(\d+)(?![\d.,])/g)) {
      const digits = m[2].length;
      if (digits === 3) continue; // 1,200 or 1.200: ambiguous
      if (m[1] === ",") comma++;
      else point++;
    }
    for (const m of t.matchAll(/\d{1,3}(?:\.\d{3})+,\d+/g)) comma += 2 + 0 * m.length;
    for (const m of t.matchAll(/\d{1,3}(?:,\d{3})+\.\d+/g)) point += 2 + 0 * m.length;
  }
  return comma > point;
}

/** "1.234,56" / "1,234.56" / "1 234,56" / "1'234.56" / "(12.50)" → number; null when not a number. */
export function parseNumber(text: string, decimalComma: boolean): number | null {
  const m = /-?\(?\d[\d.,' \u00a0\u202f]*\d\)?|-?\d/.exec(text);
  if (!m) return null;
  let s = m[0].replace(/[()\s\u00a0\u202f']/g, "");
  const negative = s.startsWith("-");
  s = s.replace(/^-/, "");
  const lastComma = s.lastIndexOf(",");
  const lastPoint = s.lastIndexOf(".");
  if (lastComma >= 0 && lastPoint >= 0) {
    const decimal = lastComma > lastPoint ? "," : ".";
    s = decimal === "," ? s.replace(/\./g, "").replace(",", ".") : s.replace(/,/g, "");
  } else if (lastComma >= 0) {
    const groups = s.split(",");
    const thousands = groups.length > 2 || (!decimalComma && groups[1].length === 3);
    s = thousands ? s.replace(/,/g, "") : s.replace(",", ".");
  } else if (lastPoint >= 0) {
    const groups = s.split(".");
    const thousands = groups.length > 2 || (decimalComma && groups[1].length === 3);
    if (thousands) s = s.replace(/\./g, "");
  }
  const n = Number(s);
  if (!Number.isFinite(n)) return null;
  return negative ? -n : n;
}

/** Every number in a text, in order. */
export function allNumbers(text: string, decimalComma: boolean): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\d[\d.,' \u00a0]*\d|\d/g)) {
    // A run like "12 500" inside a text is one number only if it groups by three.
    const parts = m[0].split(/[ \u00a0]/);
    const chunks = parts.length > 1 && parts.slice(1).every((p) => /^\d{3}([.,]\d+)?$/.test(p)) ? [m[0]] : parts;
    for (const c of chunks) {
      const n = parseNumber(c, decimalComma);
      if (n !== null) out.push(n);
    }
  }
  return out;
}

const CURRENCY_SYMBOLS: Record<string, string> = { "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", US$: "USD", $: "USD", CHF: "CHF" };
const CURRENCY_WORDS: Record<string, string> = {
  euro: "EUR",
  euros: "EUR",
  dollars: "USD",
  "us dollars": "USD",
  "u s dollars": "USD",
  "pounds sterling": "GBP",
  yuan: "CNY",
  renminbi: "CNY",
  rmb: "CNY",
  rupees: "INR",
  "indian rupees": "INR",
};

/** Currencies recognised in free text; after a currency label any ISO 4217 code counts. */
const TRADE_CURRENCIES = new Set(
  "USD EUR GBP CNY JPY CHF CAD AUD NZD INR HKD SGD SEK NOK DKK PLN CZK HUF RON BGN MXN BRL ZAR KRW TWD THB MYR IDR VND PHP AED SAR ILS RUB".split(
    " ",
  ),
);

/**
 * An ISO 4217 code written in the text, or one implied by a symbol (weaker). Without `anyIso` only
 * the common trade currencies count: "KGS" after a weight is kilograms, not Kyrgyz som.
 */
export function findCurrency(text: string, anyIso = false): { code: string; fromSymbol: boolean; ambiguous: boolean } | null {
  for (const m of text.matchAll(/\b([A-Z]{3})\b/g))
    if ((anyIso ? ISO_CURRENCIES : TRADE_CURRENCIES).has(m[1])) return { code: m[1], fromSymbol: false, ambiguous: false };
  const n = norm(text);
  for (const [w, code] of Object.entries(CURRENCY_WORDS))
    if (new RegExp(`\\b${w}\\b`).test(n)) return { code, fromSymbol: false, ambiguous: false };
  if (/\bRMB\b/.test(text)) return { code: "CNY", fromSymbol: false, ambiguous: false };
  // "Rs. 1,200", "Rs 450/-": rupees — India's most often, but Pakistan, Sri Lanka and Nepal write it too.
  if (/\bRs\.?\s?\d|\bRs\.(?=\s|$)/.test(text)) return { code: "INR", fromSymbol: true, ambiguous: true };
  // € and £ name one currency each; $ and ¥ several (USD/CAD/AUD…, JPY/CNY).
  for (const [sym, code] of Object.entries(CURRENCY_SYMBOLS))
    if (text.includes(sym)) return { code, fromSymbol: true, ambiguous: sym === "$" || sym === "¥" };
  return null;
}

export function findIncoterm(text: string): string | null {
  const m = INCOTERM_WORD.exec(text.toUpperCase());
  return m ? m[1] : null;
}

/**
 * A UN/LOCODE written as "DEHAM", "DE HAM" or "(DE-HAM)" (shared/trade/locode.ts reads the candidate).
 * In running text the location must start with a letter and the country must exist, which keeps
 * "EU 100" and the like out.
 */
export function findLocode(text: string): string | null {
  for (const m of text.matchAll(/\b([A-Z]{2})[ -]?([A-Z][A-Z0-9]{2})\b/g)) {
    const locode = parseLocode(m[0]);
    if (locode && ISO_COUNTRIES.has(locode.country)) return locode.code;
  }
  return null;
}

/** HS codes: 6 to 10 digits, often written with dots, spaces or hyphens (7318.15.00, 8471 30 00 00, 8471-30). */
export function findHsCode(text: string): string | null {
  const m = /\b\d{4}(?:[.\s-]?\d{2}){1,3}\b/.exec(text);
  return m ? hsCodeDigits(m[0]) : null;
}

const MODES: [RegExp, string][] = [
  [/\b(multimodal|intermodal|combined transport|kombiniert)/, "multimodal"],
  [/\b(sea|ocean|vessel|maritime|maritimo|seefracht|seeweg|see|schiff|mer|barco|mare|nave|zee|fcl|lcl)\b/, "sea"],
  [/\b(air|airfreight|luftfracht|luft|flugzeug|aerien|aereo|aerea|avion|aereo|lucht)\b/, "air"],
  [/\b(road|truck|lorry|lkw|strasse|camion|carretera|terrestre|route|strada|weg|trucking)\b/, "road"],
  [/\b(rail|railway|train|bahn|schiene|ferroviaire|ferrocarril|ferrovia|spoor)\b/, "rail"],
];

export function transportMode(text: string): string | null {
  const n = norm(text);
  for (const [re, mode] of MODES) if (re.test(n)) return mode;
  return null;
}

export function cleanValue(text: string): string {
  return text
    .replace(/^[\s:#.\-–|/]+/, "")
    .replace(/[\s,;:|]+$/, "")
    .trim();
}
