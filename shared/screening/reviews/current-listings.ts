/**
 * The listings a party name matches in today's screening, with each entry's content hash: what a
 * decision is taken on. The same screening validation uses, so a decision names exactly the list and
 * entry a finding shows.
 */
import type { Db } from "../../db/types.ts";
import { screeningState } from "../screening-state.ts";
import { screenPartyNames } from "../sanctions-screener.ts";
import type { FindingListing } from "./review-types.ts";

export type CurrentListings = { loaded: false } | { loaded: true; listings: FindingListing[] };

export async function currentListings(db: Db, partyName: string): Promise<CurrentListings> {
  if (!(await screeningState(db)).loaded) return { loaded: false };
  const match = (await screenPartyNames(db, [partyName])).get(partyName) as unknown as Record<string, unknown> | null | undefined;
  if (!match) return { loaded: true, listings: [] };
  const raw = Array.isArray(match.lists) && match.lists.length > 0 ? (match.lists as Record<string, unknown>[]) : [match];
  const listings = raw.flatMap((l) =>
    typeof l.list === "string" && typeof l.entry_id === "string"
      ? [{ list: l.list, entry_id: l.entry_id, entry_hash: typeof l.entry_hash === "string" ? l.entry_hash : null }]
      : [],
  );
  return { loaded: true, listings };
}
