import type { Finding, FindingCheck } from "../rule-types.ts";
import { at, destination, isBlank, PARTY_KEYS, PARTY_LABEL, type PartyKey } from "../../shipments/shipment-access.ts";
import { isEuMember } from "../../trade/countries.ts";
import { found, notLoaded } from "./helpers.ts";

type TaxId = "ein" | "eori" | "iec" | "gstin" | "pan";

/** Every party's filled-in tax id of one kind (any JSON type; non-strings fail the format). */
function taxIds(shipment: unknown, kind: TaxId): Array<{ party: PartyKey; value: unknown }> {
  const out: Array<{ party: PartyKey; value: unknown }> = [];
  for (const party of PARTY_KEYS) {
    const value = at(shipment, party, "tax_ids", kind);
    if (!isBlank(value)) out.push({ party, value });
  }
  return out;
}

function formatCheck(
  kind: TaxId,
  label: string,
  pattern: RegExp,
  expected: string,
  select: (value: unknown) => boolean = () => true,
): FindingCheck {
  return (shipment) =>
    taxIds(shipment, kind)
      .filter(({ value }) => select(value))
      .flatMap(({ party, value }): Finding[] => {
        if (typeof value === "string" && pattern.test(value)) return [];
        return [
          {
            path: [party, "tax_ids", kind],
            message: `${PARTY_LABEL[party]} ${label} ${found(value)}. Expected ${expected}. Correct ${party}.tax_ids.${kind} as shown on the registration certificate.`,
          },
        ];
      });
}

/** Any party's EIN (the spec names the exporter; an EIN is the same number wherever it appears). */
export const usEinFormat = formatCheck(
  "ein",
  "EIN",
  /^\d{2}-\d{7}$/,
  'the US Employer Identification Number format XX-XXXXXXX (2 digits, hyphen, 7 digits), e.g. "12-3456789"',
);

const startsWithGB = (value: unknown) => typeof value === "string" && value.startsWith("GB");

/**
 * Every party's EORI that is not a UK one: an ISO country code (or XI, Northern Ireland) followed by 1 to
 * 15 digits, as the spec defines it. GB-prefixed EORIs are rule_uk_eori_format's.
 */
export const euEoriFormat: FindingCheck = (shipment, { facts }) =>
  taxIds(shipment, "eori")
    .filter(({ value }) => !startsWithGB(value))
    .flatMap(({ party, value }): Finding[] => {
      const match = typeof value === "string" ? /^([A-Z]{2})\d{1,15}$/.exec(value) : null;
      const prefix = match?.[1];
      if (match && prefix !== "XI" && !facts.loaded.countries) {
        return [notLoaded([party, "tax_ids", "eori"], "countries", `the EORI's country prefix ${prefix}`, facts)];
      }
      const knownPrefix = prefix !== undefined && (prefix === "XI" || facts.countries.has(prefix));
      if (match && knownPrefix) return [];
      const why = match && !knownPrefix ? ` ("${prefix}" is not a country code)` : "";
      return [
        {
          path: [party, "tax_ids", "eori"],
          message:
            `${PARTY_LABEL[party]} EORI ${found(value)}${why}. Expected the issuing country's code followed by up to 15 digits, ` +
            `e.g. "DE1234567890123", without spaces. Copy the EORI exactly as issued by customs.`,
        },
      ];
    });

export const euEoriRequired: FindingCheck = (shipment) => {
  const dest = destination(shipment);
  if (!isEuMember(dest)) return [];
  const value = at(shipment, "importer", "tax_ids", "eori");
  if (!isBlank(value)) return [];
  return [
    {
      path: ["importer", "tax_ids", "eori"],
      message:
        `Importer EORI ${found(value)}, but the destination ${dest} is an EU member state. Expected the importer's EORI number ` +
        `for customs clearance in the EU. Add importer.tax_ids.eori (e.g. "DE1234567890123").`,
      context: { destination_country: dest },
    },
  ];
};

export const ukEoriGbPrefix: FindingCheck = (shipment) => {
  if (destination(shipment) !== "GB") return [];
  const value = at(shipment, "importer", "tax_ids", "eori");
  if (isBlank(value) || startsWithGB(value)) return [];
  return [
    {
      path: ["importer", "tax_ids", "eori"],
      message:
        `Importer EORI ${found(value)}, but imports into the United Kingdom (destination GB) need a UK EORI. ` +
        `Expected an EORI starting with GB. Use the importer's GB EORI issued by HMRC.`,
      context: { destination_country: "GB" },
    },
  ];
};

export const ukEoriFormat = formatCheck(
  "eori",
  "UK EORI",
  /^GB(\d{9}|\d{12})$/,
  'GB followed by 9 or 12 digits, e.g. "GB123456789000", without spaces',
  startsWithGB,
);

export const inIecRequired: FindingCheck = (shipment) => {
  if (destination(shipment) !== "IN") return [];
  const value = at(shipment, "importer", "tax_ids", "iec");
  if (!isBlank(value)) return [];
  return [
    {
      path: ["importer", "tax_ids", "iec"],
      message:
        `Importer IEC ${found(value)}, but the destination is India. Expected the importer's 10-character Importer-Exporter Code ` +
        `issued by DGFT. Add importer.tax_ids.iec.`,
      context: { destination_country: "IN" },
    },
  ];
};

export const inIecFormat = formatCheck(
  "iec",
  "IEC",
  /^[A-Z0-9]{10}$/,
  "10 characters, upper-case letters and digits only (the Importer-Exporter Code)",
);
export const inGstinFormat = formatCheck(
  "gstin",
  "GSTIN",
  /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/,
  'the 15-character GSTIN: 2-digit state code, the 10-character PAN, entity number, "Z" and a check character, e.g. "27AAPFU0939F1ZV"',
);
export const inPanFormat = formatCheck(
  "pan",
  "PAN",
  /^[A-Z]{5}\d{4}[A-Z]$/,
  'the PAN format: 5 letters, 4 digits, 1 letter, e.g. "AAPFU0939F"',
);
