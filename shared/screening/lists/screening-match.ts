/**
 * A name's matches (the best and the others at or above the threshold) → one finding's match: every
 * listing, the most severe first (listing-effects.ts), its fields at the top level, the others in `lists`.
 */
import type { Listing, SanctionsMatch } from "../../rules/reference-facts.ts";
import { compareEffects, effectOf } from "./listing-effects.ts";
import { tablesOfDisplayList, type ScreeningTable } from "./screening-tables.ts";

/**
 * The match with only the listings of the lists a deployment is bound by (TDS_SCREENING_LISTS), or null
 * when none is left: a list not in the setting is not screened.
 */
export function boundListingsOf(best: SanctionsMatch, tables: readonly ScreeningTable[]): SanctionsMatch | null {
  const bound = (m: SanctionsMatch) => tablesOfDisplayList(m.list).some((t) => tables.includes(t));
  const kept = [best, ...(best.also ?? [])].filter(bound);
  if (kept.length === 0) return null;
  const { also: _dropped, ...lead } = kept[0];
  return kept.length > 1 ? { ...lead, also: kept.slice(1) } : lead;
}

export function toScreeningMatch(best: SanctionsMatch): SanctionsMatch {
  const all = [best, ...(best.also ?? [])];
  // Most severe first; equal effects: the better score, then the order screening ranked them in.
  const ranked = all.map((m, i) => ({ m, i })).sort((a, b) => compareEffects(a.m.list, b.m.list) || b.m.score - a.m.score || a.i - b.i);
  const lead = ranked[0].m;
  const effect = effectOf(lead.list);
  const lists: Listing[] = [];
  const seen = new Set<string>();
  for (const { m } of ranked) {
    const key = `${m.list}\u0000${m.uid}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lists.push({ list: m.list, entry_id: m.uid, program: m.program, effect: effectOf(m.list).effect, entry_hash: m.entry_hash ?? "" });
  }
  const match: SanctionsMatch = {
    uid: lead.uid,
    name: lead.name,
    matched_name: lead.matched_name,
    program: lead.program,
    score: lead.score,
    list: lead.list,
    entry_id: lead.uid,
    effect: effect.effect,
    severity: effect.severity,
    effect_words: effect.words,
    legal: effect.legal,
    entry_hash: lead.entry_hash ?? "",
    lists,
  };
  if (lead.countries) match.countries = lead.countries;
  if (lead.ids) match.ids = lead.ids;
  return match;
}
