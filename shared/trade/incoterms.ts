/** Incoterms 2020, the sea-only subset, and the 2010 terms that 2020 removed (refused with their replacement). */
import { z } from "zod";

export const INCOTERMS_2020 = ["EXW", "FCA", "CPT", "CIP", "DAP", "DPU", "DDP", "FAS", "FOB", "CFR", "CIF"] as const;
export type Incoterm = (typeof INCOTERMS_2020)[number];

export const IncotermSchema = z.enum(INCOTERMS_2020);

const SET: ReadonlySet<string> = new Set(INCOTERMS_2020);
export function isIncoterm2020(term: string): term is Incoterm {
  return SET.has(term);
}

/** Incoterms 2020 for sea and inland waterway transport only (the mode enum has no inland waterway: sea only). */
export const INCOTERMS_SEA_ONLY = ["FAS", "FOB", "CFR", "CIF"] as const;

/** Incoterms 2010 (and older) terms that 2020 removed, with the 2020 term that replaces each. */
export const INCOTERMS_2010_REPLACED: Readonly<Record<string, string>> = {
  DAT: "DPU",
  DAF: "DAP",
  DES: "DAP",
  DEQ: "DPU",
  DDU: "DAP",
};

/** An Incoterm 2020 as a whole word in free text ("FOB Hamburg"): for extraction from documents. */
export const INCOTERM_WORD = new RegExp(`\\b(${INCOTERMS_2020.join("|")})\\b`);
