/**
 * The shapes screening answers in (agreed between the lists and the reviews/monitoring work of issue 37).
 */

/** What a listing forbids or asks of an exporter (docs/sanctions-screening.md, "Effects"). */
export type ListingEffect = "asset_freeze" | "export_denial" | "licence_required" | "red_flag" | "restriction";

/**
 * One listing of a party: which list and entry. `list` is the display id of the (sub-)list, e.g.
 * "OFAC SDN", "UN", "EU", "UK", "BIS Entity List", "BIS Denied Persons", … as the effects table names it.
 */
export interface Listing {
  list: string;
  entry_id: string;
  program: string;
  effect: ListingEffect;
  /** SHA-256 hex of the entry as imported (canonical JSON of the normalised entry). */
  entry_hash: string;
}

/** One finding per party: the most severe listing first (its fields at top level), all listings in `lists`. */
export interface ScreeningMatch extends Listing {
  severity: "error" | "warning";
  name: string;
  matched_name: string;
  score: number;
  lists: Listing[];
}
