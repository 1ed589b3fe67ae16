/**
 * What the validation needs from the reference tables, derived from the shipment alone (before any
 * lookup). The database side answers it in one batch per table and builds ReferenceFacts.
 */
import type { HsSchedule } from "./reference-facts.ts";
import { destination, isRecord, lineItems, PARTY_KEYS, prop, str, at } from "../shipments/shipment-access.ts";
import { parseHsCode } from "../trade/hs-code.ts";
import { normaliseLocode } from "../trade/locode.ts";
import { isEuMember } from "../trade/countries.ts";

export interface ReferenceAsk {
  /**
   * Digits-only codes to look up per schedule. Only the destination's schedule is asked: US 10-digit
   * codes; EU 10-digit codes and their first 8 digits (facts.euCodeLength decides which one the rule
   * uses); UK all well-formed codes; IN 8-digit codes. wco: never asked (no rule reads it; one lookup
   * less on the hot path).
   */
  hsCodes: Record<HsSchedule, string[]>;
  /** Normalised UN/LOCODEs of port_of_loading and port_of_discharge (well-shaped ones only). */
  ports: string[];
  /** Exporter, importer and notify party names, exactly as written (the keys of facts.sanctions). */
  partyNames: string[];
}

function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}

/**
 * @param documentTypes requested document types; currently no document rule needs a fact beyond the
 * ports and codes asked anyway (rule_doc_bl_sea_only reads the ports' functions), kept for the contract.
 */
export function collectReferenceAsk(shipment: unknown, documentTypes: readonly string[] = []): ReferenceAsk {
  void documentTypes;
  const ask: Record<HsSchedule, Set<string>> = { us: new Set(), eu: new Set(), uk: new Set(), in: new Set(), wco: new Set() };
  const ports = new Set<string>();
  const names = new Set<string>();
  if (!isRecord(shipment)) {
    return { hsCodes: { us: [], eu: [], uk: [], in: [], wco: [] }, ports: [], partyNames: [] };
  }
  const dest = destination(shipment);
  for (const { item } of lineItems(shipment)) {
    const raw = str(prop(item, "hs_code"));
    if (raw === undefined) continue;
    const code = parseHsCode(raw);
    if (!code.wellFormed) continue;
    const digits = code.digits!;
    if (dest === "US" && digits.length === 10) ask.us.add(digits);
    if (isEuMember(dest) && digits.length === 10) {
      ask.eu.add(digits);
      ask.eu.add(digits.slice(0, 8));
    }
    if (dest === "GB") ask.uk.add(digits);
    if (dest === "IN" && digits.length === 8) ask.in.add(digits);
  }
  for (const field of ["port_of_loading", "port_of_discharge"]) {
    const raw = str(at(shipment, "route", field));
    if (raw === undefined) continue;
    const code = normaliseLocode(raw);
    if (code !== null) ports.add(code);
  }
  for (const party of PARTY_KEYS) {
    const name = str(at(shipment, party, "name"));
    if (name !== undefined) names.add(name);
  }
  return {
    hsCodes: {
      us: sortedUnique(ask.us),
      eu: sortedUnique(ask.eu),
      uk: sortedUnique(ask.uk),
      in: sortedUnique(ask.in),
      wco: sortedUnique(ask.wco),
    },
    ports: sortedUnique(ports),
    partyNames: sortedUnique(names),
  };
}
