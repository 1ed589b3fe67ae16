import type { FindingCheck } from "../rule-types.ts";
import { at, str, transportMode } from "../../shipments/shipment-access.ts";
import { INCOTERMS_2010_REPLACED, INCOTERMS_2020, INCOTERMS_SEA_ONLY } from "../../trade/incoterms.ts";
import { found } from "./helpers.ts";

const VALID = new Set<string>(INCOTERMS_2020);

function isRemoved2010(value: string): boolean {
  return Object.hasOwn(INCOTERMS_2010_REPLACED, value.trim().toUpperCase());
}

/**
 * Incoterms, when given, is exactly one of the 11 Incoterms 2020 codes (upper case, no place). A removed
 * 2010 term (DAT, DAF, DES, DEQ, DDU, any case) is left to rule_incoterms_2010_deprecated so that the
 * sender gets one message with the replacement.
 */
export const incotermsValid2020: FindingCheck = (shipment) => {
  const value = at(shipment, "route", "incoterms");
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return [];
  if (typeof value === "string" && (VALID.has(value) || isRemoved2010(value))) return [];
  const normalised = typeof value === "string" ? value.trim().toUpperCase() : "";
  const firstWord = normalised.split(/\s+/)[0];
  const hint = VALID.has(normalised)
    ? ` Write it as "${normalised}".`
    : VALID.has(firstWord)
      ? ` Put only the code "${firstWord}" in route.incoterms (the named place belongs elsewhere, e.g. the port fields).`
      : "";
  return [
    {
      path: ["route", "incoterms"],
      message: `Incoterms ${found(value)}. Expected one of the Incoterms 2020 rules: ${INCOTERMS_2020.join(", ")}.${hint}`,
    },
  ];
};

export const incoterms2010Deprecated: FindingCheck = (shipment) => {
  const value = str(at(shipment, "route", "incoterms"));
  if (value === undefined || !isRemoved2010(value)) return [];
  const term = value.trim().toUpperCase();
  const replacement = INCOTERMS_2010_REPLACED[term];
  return [
    {
      path: ["route", "incoterms"],
      message:
        `Incoterms "${value}" is an Incoterms 2010 (or older) rule that Incoterms 2020 removed. Expected an Incoterms 2020 rule. ` +
        `Use ${replacement} instead${term === "DAT" || term === "DEQ" ? " (delivered at place unloaded)" : " (delivered at place)"}.`,
      context: { incoterms: term, replacement },
    },
  ];
};

/** FAS, FOB, CFR, CIF need transport_mode sea (Incoterms 2020: sea and inland waterway; the enum has no inland waterway). */
export const incotermsSeaOnly: FindingCheck = (shipment) => {
  const term = str(at(shipment, "route", "incoterms"))
    ?.trim()
    .toUpperCase();
  const mode = transportMode(shipment);
  if (term === undefined || mode === undefined) return [];
  if (!(INCOTERMS_SEA_ONLY as readonly string[]).includes(term) || mode === "sea") return [];
  const alternative: Record<string, string> = { FAS: "FCA", FOB: "FCA", CFR: "CPT", CIF: "CIP" };
  return [
    {
      path: ["route", "incoterms"],
      message:
        `Incoterms ${term} is used with transport mode "${mode}". Expected ${INCOTERMS_SEA_ONLY.join(", ")} only with sea transport. ` +
        `Use ${alternative[term]} for ${mode} transport, or correct route.transport_mode.`,
      context: { incoterms: term, transport_mode: mode, suggested: alternative[term] },
    },
  ];
};
