/**
 * Party profiles: the address book of exporters, importers and notify parties of an account.
 */
import { pageOffset, pagination } from "../http/pagination.ts";
import type { Db } from "../db/types.ts";
import { AppError } from "../errors/app-error.ts";
import { foldCharacters } from "../text/fold.ts";
import { checkTaxIds } from "./tax-ids.ts";
import type { CreatePartyInput, PartyRecord, PatchPartyInput } from "./party-schemas.ts";
import { deleteParty, findParty, insertParty, listParties, updateParty, type PartyFields } from "./party-repository.ts";
import { PLATFORM_ERRORS } from "../errors/platform-errors.ts";
import { PARTIES_ERRORS } from "./parties-errors.ts";

/**
 * A name folded for search: accents and special letters folded ("Łódź" → "lodz", "Müller" → "muller",
 * "Straße" → "strasse"), lower case, every run of other characters one space.
 */
export function foldPartyName(name: string): string {
  return foldCharacters(name)
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The words of a name search, folded like the names (at most 10). */
export function partySearchWords(search: string | undefined): string[] {
  if (!search) return [];
  return [...new Set(foldPartyName(search).split(" ").filter(Boolean))].slice(0, 10);
}

export function partyNotFound(id: string): AppError {
  return new AppError(PARTIES_ERRORS.SVC_PARTY_001, "Party not found", { details: { party_id: id } });
}

export async function createParty(db: Db, accountId: string, input: CreatePartyInput): Promise<PartyRecord> {
  const fields: PartyFields = {
    name: input.name,
    address: input.address ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    postal_code: input.postal_code ?? null,
    country: input.country,
    tax_ids: input.tax_ids ?? {},
    contact_email: input.contact_email ?? null,
    contact_phone: input.contact_phone ?? null,
  };
  return insertParty(db, accountId, fields, foldPartyName(fields.name));
}

export async function getParty(db: Db, accountId: string, id: string): Promise<PartyRecord> {
  const party = await findParty(db, accountId, id);
  if (!party) throw partyNotFound(id);
  return party;
}

/** Sent keys whose value is not undefined replace the stored value; null clears an optional field. */
function merged<K extends keyof PartyFields>(patch: PatchPartyInput, key: K, current: PartyFields[K]): PartyFields[K] {
  const v = (patch as Record<string, unknown>)[key];
  return v === undefined ? current : (v as PartyFields[K]);
}

/**
 * JSON merge patch in one transaction (the row is locked, so two patches of the tax ids cannot lose each
 * other's keys). The merged tax ids are checked as a whole: a new PAN must still match a stored GSTIN.
 * A patch that changes nothing leaves updated_at alone.
 */
export async function patchParty(db: Db, accountId: string, id: string, patch: PatchPartyInput): Promise<PartyRecord> {
  return db.transaction(async (tx) => {
    const current = await findParty(tx, accountId, id, true);
    if (!current) throw partyNotFound(id);
    let taxIds = current.tax_ids;
    if (patch.tax_ids === null) taxIds = {};
    else if (patch.tax_ids !== undefined) {
      taxIds = { ...current.tax_ids };
      for (const [k, v] of Object.entries(patch.tax_ids)) {
        if (v === null) delete taxIds[k];
        else taxIds[k] = v;
      }
      const issues = checkTaxIds(taxIds);
      if (issues.length > 0) {
        throw new AppError(PARTIES_ERRORS.SVC_PARTY_002, `tax_ids.${issues[0].key}: ${issues[0].message}`, {
          details: { field: `tax_ids.${issues[0].key}`, issues: issues.map((i) => ({ field: `tax_ids.${i.key}`, message: i.message })) },
        });
      }
      if (Object.keys(taxIds).length > 20) {
        throw new AppError(PLATFORM_ERRORS.SVC_REQ_002, "tax_ids: at most 20 tax ids", { details: { field: "tax_ids" } });
      }
    }
    const next: PartyFields = {
      name: merged(patch, "name", current.name),
      address: merged(patch, "address", current.address),
      city: merged(patch, "city", current.city),
      state: merged(patch, "state", current.state),
      postal_code: merged(patch, "postal_code", current.postal_code),
      country: merged(patch, "country", current.country),
      tax_ids: taxIds,
      contact_email: merged(patch, "contact_email", current.contact_email),
      contact_phone: merged(patch, "contact_phone", current.contact_phone),
    };
    const sameTaxIds = JSON.stringify(Object.entries(next.tax_ids).sort()) === JSON.stringify(Object.entries(current.tax_ids).sort());
    const textKeys = ["name", "address", "city", "state", "postal_code", "country", "contact_email", "contact_phone"] as const;
    if (sameTaxIds && textKeys.every((k) => next[k] === current[k])) return current;
    const updated = await updateParty(tx, accountId, id, next, foldPartyName(next.name));
    if (!updated) throw partyNotFound(id);
    return updated;
  });
}

export async function removeParty(db: Db, accountId: string, id: string): Promise<void> {
  if (!(await deleteParty(db, accountId, id))) throw partyNotFound(id);
}

export interface PartyPageQuery {
  page: number;
  limit: number;
  search?: string;
  country?: string;
}

export async function listPartyPage(db: Db, accountId: string, q: PartyPageQuery) {
  const { parties, total } = await listParties(db, accountId, {
    words: partySearchWords(q.search),
    country: q.country,
    limit: q.limit,
    offset: pageOffset(q),
  });
  return { parties, pagination: pagination(q, total) };
}
