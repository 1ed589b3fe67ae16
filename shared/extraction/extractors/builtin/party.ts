/** Splits a party block (name, street lines, postal code and city, country, ids, contacts) into fields. */
import { readElisions } from "./repair-misread-words.ts";
import { countryCode, trailingCountry } from "./normalize-values.ts";
import { COUNTRY_CODES as ISO_COUNTRIES } from "../../../trade/countries.ts";

export interface BlockLine {
  text: string;
  confidence: number;
}

export interface PartyField {
  field: string;
  value: string;
  /** How sure the layout makes us (before OCR confidence and checks). */
  base: number;
  source: BlockLine[];
}

const PHONE = /\b(?:tel(?:ephone|efon|efono)?|phone|fon|t[eé]l[eé]phone|mob(?:ile)?|fax)\b\.?\s*:?\s*(\+?[\d][\d ()/.-]{5,}\d)/i;
/** A line that is only an international number ("+33 4 72 07 08 55", its icon gone) is a phone. */
const PHONE_ALONE = /^(\+\d[\d ()/.-]{6,}\d)$/;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const EORI = /\bEORI(?:[- ]?(?:no|nr|number|nummer))?\.?\s*:?\s*([A-Z]{2}[0-9A-Z]{4,15})\b/i;
const VAT =
  /(?:\b(?:VAT(?:[- ]?(?:no|reg|registration|number|id))*\.?|USt\.?-?\s?Id(?:ent)?\.?-?\s?Nr|UID(?:-Nr)?|TVA(?: intracom(?:munautaire)?)?|IVA|NIF|CIF|P\.? ?IVA|Partita IVA|BTW(?:[- ]?(?:nr|nummer|no))?)|N[°º]? ?TVA(?: client)?)\.?\s*:?\s*([A-Z]{2}[0-9A-Z ]{6,14}[0-9A-Z])\b/i;
/** Greek VAT ids start with EL, every other EU one with the ISO 3166 code. */
const VAT_PREFIX_COUNTRY: Record<string, string> = { EL: "GR" };
/** A labelled line inside a block: "Name: Müller GmbH", "Anschrift: Musterstr. 99". */
const NAME_LINE = /^(?:name|firma|company|raison sociale|societe|nombre|razon social|nome|ragione sociale|naam|bedrijf)\s*:\s*(.+)$/i;
const STREET_LINE = /^(?:anschrift|adresse|address|strasse|straße|street|direccion|dirección|indirizzo|adres)\s*:\s*(.+)$/i;
/** "Nummer: 549910", "Globale Nummer: 4333741000005 (GLN)", "Customer no.: 1234": ids, not the party's name or address. */
const ID_LINE = /^[^:]{1,32}:\s*[A-Z]{0,3}[\d][\d A-Z/().-]*$/i;
/** The same with its colon lost, as OCR often reads it ("Nummer 549910", "Kundennr 12345"): a number word, then four digits or more. */
const ID_WORD_LINE = /^(?:[\p{L}.-]+\s+){0,2}[\p{L}-]*(?:nummer|number|nr|no|id|gln|gtin|iln)\.?\s+[A-Z]{0,3}\d{4,}[\d A-Z/().-]*$/iu;
/** A form's field title, with or without its colon: "Nummer", "Globale Nummer", "Name", "Anschrift:". */
export const FORM_LABEL =
  /^(?:(?:[\p{L}.-]+\s+){0,2}[\p{L}-]*(?:nummer|number|nr|no|id|gln|gtin|iln)|name|firma|company|raison sociale|nombre|nome|naam|anschrift|adresse|address|street|direccion|dirección|indirizzo|adres)\.?\s*:?$/iu;
/** Old national prefixes before postcodes ("D-80333", "F-75001"). */
const POSTAL_PREFIX: Record<string, string> = {
  D: "DE",
  F: "FR",
  A: "AT",
  I: "IT",
  B: "BE",
  L: "LU",
  E: "ES",
  P: "PT",
  S: "SE",
  N: "NO",
  DK: "DK",
  CH: "CH",
  NL: "NL",
  FL: "LI",
};
const EIN = /\b(?:EIN|IRS(?: no)?|Tax ID)\.?\s*:?\s*(\d{2}-\d{7})\b/i;
const IEC = /\bIEC(?: (?:no|code))?\.?\s*:?\s*([0-9A-Z]{10})\b/i;
const GSTIN = /\bGSTIN?\.?\s*:?\s*([0-9]{2}[A-Z0-9]{13})\b/i;

/** A postcode first, then the place ("80333 München", "53200, KUALA LUMPUR", "D-80333 München"). */
const POSTAL_FIRST = /^(\d{4} ?[A-Z]{2}(?= )|(?:[A-Z]{1,2}[- ])?\d{4,6}|\d{2}-\d{3}|\d{3} ?\d{2}),?\s+(\D.*)$/;
const US_LINE = /^(.+?),?\s+([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/;
const POSTAL_LAST = /^(\D.*?),?\s+(\d{4,6}(?:-\d{3,4})?)$/;
/**
 * A postcode inside a line, after the street and before the city (and perhaps a state): five digits,
 * or a Dutch one ("Badweg 48, 8401 BL, Gorredijk").
 */
const POSTAL_INSIDE = /^(.*\D[\s,])(\d{5}|\d{4} ?[A-Z]{2}(?=[\s,]))\s*,?\s+([A-Za-z][A-Za-z .'-]{2,}?)(?:,.*)?$/;
const UK_LINE = /^(.+?),?\s+([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})$/;
/** A UK postcode before its place, as continental layouts print it ("GB SW1B 3BN London"). */
const UK_FIRST = /^(?:GB\s+)?([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}),?\s+(\D.*)$/;

/** A company register's line: its number may end in digits that look like a postcode. */
const REGISTER_LINE = /^(siren|siret|rcs|ape|naf|tva|vat|kvk|btw|ust|hrb|hra|amtsgericht|gst|uen|abn|crn|company (reg|no)|reg\.? no)\b/i;

const ATTENTION_LINE =
  /^(z\.?\s?hd\.?|zu h(ä|ae|a)nden|attn\.?|attention\s*:|attention of|for the attention of|fao\b|t\.?\s?a\.?\s?v\.?|ter attentie van|(à|a) l'attention de|a la atenci(ó|o)n de|alla c\.?a\.?|all'attenzione di)(?=[\s:.]|$)/i;

export function parseParty(input: BlockLine[]): PartyField[] {
  // A line wholly in brackets is a note ("(Not to be used for payment remittance)"), not party data;
  // OCR reads a round bracket as a curly or square one ("{Not … )").
  let lines = input
    // An icon before a phone number or an e-mail address ("☎", "✉", a symbol font's glyph) is no text.
    .map((l) => ({
      ...l,
      text: readElisions(
        l.text
          .replace(/^[\p{So}\p{Co}\s]+/u, "")
          .replace(/\s+/g, " ")
          .trim(),
      ),
    }))
    .filter((l) => l.text && !/^[([{].*[)\]}]$/.test(l.text));
  // "Müller GmbH, Hafenstraße 5, 20457 Hamburg, Germany" on one line: the commas separate the lines.
  if (lines.length === 1 && lines[0].text.split(",").length >= 3) {
    const parts = lines[0].text
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
    // "Chicago, IL 60607": the state and ZIP belong with the city.
    const merged: string[] = [];
    for (const p of parts) {
      if (/^[A-Z]{2} \d{5}(-\d{4})?$/.test(p) && merged.length > 1) merged[merged.length - 1] += `, ${p}`;
      else merged.push(p);
    }
    lines = merged.map((t) => ({ text: t, confidence: lines[0].confidence }));
  }
  const out: PartyField[] = [];
  const rest: BlockLine[] = [];
  for (const l of lines) {
    let t = l.text;
    let matched = false;
    const take = (re: RegExp, field: string, base = 0.9) => {
      const m = re.exec(t);
      if (!m) return;
      out.push({ field, value: m[1].replace(/\s+/g, field === "contact_phone" ? " " : ""), base, source: [l] });
      t = (t.slice(0, m.index) + t.slice(m.index + m[0].length)).trim();
      matched = true;
    };
    take(EORI, "tax_ids.eori");
    take(EIN, "tax_ids.ein");
    take(GSTIN, "tax_ids.gstin");
    take(IEC, "tax_ids.iec");
    take(VAT, "tax_ids.vat");
    const named = NAME_LINE.exec(t);
    if (named) {
      // Stands first in `rest`, whatever came before it (id lines usually do).
      rest.unshift({ text: named[1].trim(), confidence: l.confidence, named: true } as BlockLine);
      continue;
    }
    // "z. Hd. Herr Mustermann", "Attn: Accounts", "T.a.v. bosd": the person the letter goes to, not a street.
    if (rest.length > 0 && ATTENTION_LINE.test(t)) continue;
    const street = STREET_LINE.exec(t);
    if (street) t = street[1].trim();
    else if (!matched && (ID_LINE.test(t) || ID_WORD_LINE.test(t))) continue;
    const email = EMAIL.exec(t);
    if (email) {
      out.push({ field: "contact_email", value: email[0], base: 0.95, source: [l] });
      t = t
        .replace(email[0], "")
        .replace(/\b(e-?mail|email)\b\s*:?/i, "")
        .trim();
      matched = true;
    }
    take(PHONE, "contact_phone", 0.85);
    take(PHONE_ALONE, "contact_phone", 0.8);
    t = t.replace(/^[\s,;:|/-]+|[\s,;:|/-]+$/g, "");
    // An identifier or contact label left without its value ("EORI:") is not an address line.
    if (/^(eori|vat|ein|iec|gstin|tax id|tel|phone|fax|e-?mail)(\s*(no|nr|number))?\.?$/i.test(t)) continue;
    if (!matched || (t && !/^(tel|phone|fax|e-?mail|eori|vat)\b/i.test(t) && t.length > 2)) {
      if (t) rest.push({ text: t, confidence: l.confidence });
    }
  }
  if (rest.length === 0) return out;
  // "Same as consignee", "idem", "wie Empfänger": a reference, not a party.
  if (/^(same as|as per|idem|see above|wie |siehe |identique|voir |igual |ver )/i.test(rest[0].text)) return out;
  const [name, ...others] = rest;
  out.push({ field: "name", value: name.text, base: 0.9, source: [name] });
  // Country: the last line alone ("Germany"), or at the end of it ("20457 Hamburg, Germany").
  if (others.length > 0) {
    const last = others[others.length - 1];
    const alone = countryCode(last.text);
    if (alone) {
      out.push({ field: "country", value: alone, base: 0.9, source: [last] });
      others.pop();
    } else {
      const tail = trailingCountry(last.text);
      if (tail && tail.rest) {
        out.push({ field: "country", value: tail.code, base: 0.85, source: [last] });
        others[others.length - 1] = { text: tail.rest, confidence: last.confidence };
      }
    }
  }
  // City and postal code: the last line that looks like one, from the bottom.
  let cityIndex = -1;
  for (let i = others.length - 1; i >= 0 && cityIndex < 0; i--) {
    const t = others[i].text.replace(/,$/, "");
    // "SIREN SIRET 123 456 789 00014" ends in five digits and is no postal line.
    if (REGISTER_LINE.test(t)) continue;
    let m: RegExpExecArray | null;
    if ((m = US_LINE.exec(t)) && !/\d/.test(m[1].slice(-1))) {
      out.push({ field: "city", value: m[1].replace(/,$/, ""), base: 0.85, source: [others[i]] });
      out.push({ field: "state", value: m[2], base: 0.85, source: [others[i]] });
      out.push({ field: "postal_code", value: m[3], base: 0.85, source: [others[i]] });
      cityIndex = i;
    } else if ((m = POSTAL_FIRST.exec(t))) {
      const prefixed = /^([A-Z]{1,2})[- ](.+)$/.exec(m[1]);
      const country = prefixed ? (POSTAL_PREFIX[prefixed[1]] ?? (ISO_COUNTRIES.has(prefixed[1]) ? prefixed[1] : null)) : null;
      if (prefixed && country && !out.some((f) => f.field === "country"))
        out.push({ field: "country", value: country, base: 0.8, source: [others[i]] });
      out.push({ field: "postal_code", value: prefixed && country ? prefixed[2] : m[1], base: 0.85, source: [others[i]] });
      // "84340 Malaucène France": a country after the place is the country, not part of the city.
      let city = m[2].replace(/,.*$/, "").trim();
      const tail = trailingCountry(city);
      if (tail?.rest) {
        // "97400 Saint Denis de la Réunion": the preposition before the country goes with it.
        city = tail.rest.replace(/\s+(?:de|du|des|di|del|von|van|of)$/i, "");
        if (!out.some((f) => f.field === "country")) out.push({ field: "country", value: tail.code, base: 0.8, source: [others[i]] });
      }
      out.push({ field: "city", value: city, base: 0.85, source: [others[i]] });
      cityIndex = i;
    } else if ((m = UK_FIRST.exec(t)) && i > 0) {
      if (/^GB\s/.test(t) && !out.some((f) => f.field === "country"))
        out.push({ field: "country", value: "GB", base: 0.8, source: [others[i]] });
      out.push({ field: "postal_code", value: m[1], base: 0.8, source: [others[i]] });
      out.push({ field: "city", value: m[2].replace(/,.*$/, "").trim(), base: 0.8, source: [others[i]] });
      cityIndex = i;
    } else if ((m = UK_LINE.exec(t)) && i > 0) {
      out.push({ field: "city", value: m[1], base: 0.8, source: [others[i]] });
      out.push({ field: "postal_code", value: m[2], base: 0.8, source: [others[i]] });
      cityIndex = i;
    } else if ((m = POSTAL_INSIDE.exec(t)) && (i > 0 || /,\s*$/.test(m[1]))) {
      // On the first line only after a comma: "Badweg 48, 8401 BL, Gorredijk" is street, postcode, city.
      // "Kawasan Perindustrian Tampoi, 81200 Johor Bahru, Johor": the street ends where the postcode starts.
      out.push({ field: "postal_code", value: m[2], base: 0.8, source: [others[i]] });
      out.push({ field: "city", value: m[3].trim(), base: 0.8, source: [others[i]] });
      if (m[1].replace(/[\s,]+$/, "")) others[i] = { text: m[1].replace(/[\s,]+$/, ""), confidence: others[i].confidence };
      cityIndex = m[1].replace(/[\s,]+$/, "") ? i + 1 : i;
    } else if ((m = POSTAL_LAST.exec(t)) && i > 0) {
      out.push({ field: "city", value: m[1], base: 0.8, source: [others[i]] });
      out.push({ field: "postal_code", value: m[2], base: 0.8, source: [others[i]] });
      cityIndex = i;
    }
  }
  let street = cityIndex >= 0 ? others.slice(0, cityIndex) : others;
  if (cityIndex < 0 && others.length >= 2) {
    // No postal code: the last line is most likely the city.
    const city = others[others.length - 1];
    if (!/\d/.test(city.text) && city.text.length < 40) {
      out.push({ field: "city", value: city.text, base: 0.6, source: [city] });
      street = others.slice(0, -1);
    }
  }
  if (street.length > 0) out.push({ field: "address", value: street.map((l) => l.text).join(", "), base: 0.85, source: street });
  // No country written: an EU VAT id names it.
  const vat = out.find((f) => f.field === "tax_ids.vat");
  if (vat && !out.some((f) => f.field === "country")) {
    const prefix = vat.value.slice(0, 2).toUpperCase();
    const code = VAT_PREFIX_COUNTRY[prefix] ?? prefix;
    if (ISO_COUNTRIES.has(code)) out.push({ field: "country", value: code, base: 0.75, source: vat.source });
  }
  return out;
}
