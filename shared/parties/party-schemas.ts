/**
 * Request and response schemas of the party endpoints. Country and tax ids are normalised here
 * (trimmed, upper-cased) and then checked, so handlers receive clean values; a wrong country answers
 * SVC_PARTY_003 and a wrong tax id SVC_PARTY_002, both with the `field` (partyBodyErrorCode).
 */
import { z } from "zod";
import type { ErrorDef } from "../errors/error-code.ts";
import { PARTIES_ERRORS } from "./parties-errors.ts";
import { isEmail, isPhone } from "../text/contact-formats.ts";
import { COUNTRY_HINTS, isCountryCode as isIsoCountry } from "../trade/countries.ts";
import { checkTaxIds, MAX_TAX_ID_LENGTH, MAX_TAX_IDS, normalizeTaxId, TAX_ID_KEY } from "./tax-ids.ts";

/** Issues raised by these checks carry one of these in `params.code`, which picks the error code. */
const COUNTRY_ISSUE = "party_country";
const TAX_ID_ISSUE = "party_tax_id";

function countryMessage(value: string): string {
  const hint = COUNTRY_HINTS[value];
  return `"${value}" is not an ISO 3166-1 alpha-2 country code${hint ? ` (use "${hint}")` : ""}; expected two letters such as "DE" or "US"`;
}

const Country = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .superRefine((value, ctx) => {
    if (!isIsoCountry(value)) ctx.addIssue({ code: "custom", message: countryMessage(value), params: { code: COUNTRY_ISSUE } });
  })
  .describe('ISO 3166-1 alpha-2, e.g. "DE" (case is ignored; stored upper-case)');

/** PostgreSQL text cannot hold NUL characters: refused here rather than failing in the database. */
const NO_NUL = [(s: string) => !s.includes("\u0000"), { message: "must not contain NUL characters (\\u0000)" }] as const;

/** Optional text: trimmed; an empty string means "not set" (null). */
const optionalText = (max: number, description: string) =>
  z
    .string()
    .max(max)
    .refine(...NO_NUL)
    .nullish()
    .transform((s) => (s === undefined ? undefined : s === null || s.trim() === "" ? null : s.trim()))
    .describe(description);

const Email = optionalText(254, "Contact e-mail address").superRefine((value, ctx) => {
  if (value && !isEmail(value))
    ctx.addIssue({ code: "custom", message: `"${value}" is not an e-mail address; expected e.g. "export@example.com"` });
});
const Phone = optionalText(40, "Contact phone number: digits, spaces, +, -, ( and )").superRefine((value, ctx) => {
  if (value && !isPhone(value)) {
    ctx.addIssue({
      code: "custom",
      message: `"${value}" is not a phone number; expected digits, spaces, +, -, ( and ) only, e.g. "+49 40 123456-0"`,
    });
  }
});

const TaxIdValue = z
  .string()
  .max(MAX_TAX_ID_LENGTH)
  .refine((s) => s.trim() !== "", { message: "a tax id cannot be empty" })
  .refine(...NO_NUL);

function checkedTaxIds<T extends Record<string, string | null>>(value: T, ctx: z.RefinementCtx): void {
  const present = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) as Record<string, string>;
  for (const issue of checkTaxIds(present)) {
    ctx.addIssue({ code: "custom", path: [issue.key], message: issue.message, params: { code: TAX_ID_ISSUE } });
  }
}

const normalizeAll = <T extends string | null>(o: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, (v === null ? null : normalizeTaxId(k, v)) as T]));

const taxIdKeys = z.string().regex(TAX_ID_KEY, "tax id keys are lower-case letters, digits and _ (e.g. ein, eori, vat)");

export const TaxIds = z
  .record(taxIdKeys, TaxIdValue)
  .refine((o) => Object.keys(o).length <= MAX_TAX_IDS, { message: `at most ${MAX_TAX_IDS} tax ids` })
  .transform((o) => normalizeAll(o))
  .superRefine(checkedTaxIds)
  .describe(
    "Tax identifiers by kind: ein, eori, iec, gstin, pan are format-checked (docs/parties.md); other keys (vat, abn …) are kept as given",
  );

/** PATCH: a key set to null removes that id; other keys are added or replaced (JSON merge patch). */
const TaxIdsPatch = z
  .record(taxIdKeys, TaxIdValue.nullable())
  .refine((o) => Object.keys(o).length <= MAX_TAX_IDS, { message: `at most ${MAX_TAX_IDS} tax ids` })
  .transform((o) => normalizeAll(o))
  .nullable()
  .describe("Merged into the stored tax ids: a key set to null removes it; tax_ids: null removes them all");

const Name = z
  .string()
  .trim()
  .min(1, "name cannot be empty")
  .max(200)
  .refine(...NO_NUL)
  .describe("Company or person name");

const fields = {
  address: optionalText(500, "Street address"),
  city: optionalText(200, "City"),
  state: optionalText(200, "State, province or region"),
  postal_code: optionalText(40, "Postal code"),
  contact_email: Email,
  contact_phone: Phone,
};

export const CreatePartyBody = z.strictObject({
  name: Name,
  country: Country,
  ...fields,
  tax_ids: TaxIds.optional(),
});
export type CreatePartyInput = z.output<typeof CreatePartyBody>;

export const PatchPartyBody = z.strictObject({
  name: Name.optional(),
  country: Country.optional(),
  ...fields,
  tax_ids: TaxIdsPatch.optional(),
});
export type PatchPartyInput = z.output<typeof PatchPartyBody>;

export const ListPartiesQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe("Name contains these words (or their beginnings), ignoring case and accents"),
  country: Country.optional().describe("Only parties in this country (ISO alpha-2)"),
});

export const PartyIdParam = z.object({ id: z.string().describe("party_<id>") });

/** Maps a body issue to the party codes: country → SVC_PARTY_003, tax ids → SVC_PARTY_002. */
export function partyIssueCode(issue: z.core.$ZodIssue): ErrorDef | undefined {
  const tag = issue.code === "custom" ? (issue.params as { code?: string } | undefined)?.code : undefined;
  if (tag === COUNTRY_ISSUE) return PARTIES_ERRORS.SVC_PARTY_003;
  if (tag === TAX_ID_ISSUE) return PARTIES_ERRORS.SVC_PARTY_002;
  return undefined;
}

const Timestamp = z.string().describe("ISO 8601 timestamp");

export const PartySchema = z.object({
  id: z.string().describe("party_ followed by 32 hexadecimal characters"),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string(),
  tax_ids: z.record(z.string(), z.string()),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type PartyRecord = z.infer<typeof PartySchema>;

export const CreatedPartySchema = PartySchema.pick({ id: true, name: true, country: true, created_at: true });

export const PartyPage = z.object({
  parties: z.array(PartySchema),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), total_pages: z.number().int() }),
});
