/**
 * screenPartyNames with a per-process memory of its answers: a party name screened once is not screened
 * again while the reference data stays the same (the exporter and importer of a trader's shipments
 * repeat from one validation to the next). The answers are screenPartyNames' own; they are forgotten
 * when the screening lists' import signature changes (an OFAC import or refresh; seen within
 * SCREENING_STATE_TTL_MS) or after MAX_REMEMBERED_NAMES names.
 */
import type { SanctionsMatch } from "../rules/reference-facts.ts";
import { screeningState } from "./screening-state.ts";
import { screenPartyNames } from "./sanctions-screener.ts";
import { SCREENING_TABLES } from "./lists/screening-tables.ts";

export const MAX_REMEMBERED_NAMES = 10_000;

const memory = new WeakMap<object, { signature: string; answers: Map<string, SanctionsMatch | null> }>();

/** The screener's own contract: callers cannot tell the memory is there. */
export const screenPartyNamesCached: typeof screenPartyNames = async (db, names, tables = SCREENING_TABLES) => {
  if (names.length === 0) return new Map();
  // The bound lists join the key: the answers hold only their listings.
  const keyNow = async () => `${(await screeningState(db)).signature}|${tables.join(",")}`;
  const signature = await keyNow();
  let known = memory.get(db);
  if (!known || known.signature !== signature || known.answers.size >= MAX_REMEMBERED_NAMES) {
    known = { signature, answers: new Map() };
    memory.set(db, known);
  }
  const answers = known.answers;
  const missing = names.filter((n) => !answers.has(n));
  const screened = missing.length > 0 ? await screenPartyNames(db, missing, tables) : new Map<string, SanctionsMatch | null>();
  // Only answers given under the signature read above are kept (an import may have happened meanwhile).
  const remember = missing.length > 0 && (await keyNow()) === signature && memory.get(db) === known;
  const result = new Map<string, SanctionsMatch | null>();
  for (const n of names) {
    if (screened.has(n)) {
      const match = screened.get(n) ?? null;
      if (remember) answers.set(n, match);
      result.set(n, match);
    } else if (answers.has(n)) {
      const match = answers.get(n) ?? null;
      result.set(n, match && { ...match });
    }
  }
  return result;
};
