/**
 * The shapes screening answers in (agreed between the lists and the reviews/monitoring work of issue 37).
 */

import type { Listing } from "../rules/reference-facts.ts";

/**
 * ListingEffect: what a listing forbids or asks. Listing: one listing of a party, which list and entry;
 * `list` is the display id of the (sub-)list, e.g. "OFAC SDN", "UN", "EU", "UK", "BIS Entity List",
 * "BIS Denied Persons", … as the effects table names it; entry_hash is the SHA-256 hex of the entry as
 * imported. Both are defined beside the rules' facts (a lower tier), which carry them.
 */
export type { Listing, ListingEffect } from "../rules/reference-facts.ts";

/** One finding per party: the most severe listing first (its fields at top level), all listings in `lists`. */
export interface ScreeningMatch extends Listing {
  severity: "error" | "warning";
  name: string;
  matched_name: string;
  score: number;
  lists: Listing[];
}
