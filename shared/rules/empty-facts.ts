import type { ReferenceFacts } from "./reference-facts.ts";

/** Facts of an empty reference database: every lookup rule reports "not loaded" (sanctions an error, the others a warning). */
export function emptyReferenceFacts(): ReferenceFacts {
  return {
    loaded: { us: false, eu: false, uk: false, in: false, wco: false, ports: false, sanctions: false, countries: false, currencies: false },
    hsCodes: { us: new Set(), eu: new Set(), uk: new Set(), in: new Set(), wco: new Set() },
    euCodeLength: 8,
    ports: new Map(),
    countries: new Set(),
    currencies: new Set(),
    sanctions: new Map(),
    embargoes: [],
    embargoedRegions: [],
  };
}
