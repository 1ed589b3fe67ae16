import type { Db, Queryable } from "../db/types.ts";
import type { SanctionsMatch } from "../rules/reference-facts.ts";
import { buildSanctionsIndex, screenNames, type SanctionsEntry, type SanctionsIndex } from "../reference/sanctions/sanctions-index.ts";
import { referenceState } from "../reference/gather-reference-facts.ts";

interface CachedIndex {
  signature: string;
  index: Promise<SanctionsIndex>;
}

// One index per database, rebuilt only when the sanctions table is re-imported (its imported_at changes).
const indexes = new WeakMap<Queryable, CachedIndex>();

async function loadEntries(db: Queryable): Promise<SanctionsEntry[]> {
  const rows = await db.query<{ list: "SDN" | "CONS"; uid: number; name: string; type: string; programs: string[]; aliases: { name: string; type: string }[] }>(
    "select list, uid, name, type, programs, aliases from sanctions_ofac order by list, uid",
  );
  return rows.map((r) => ({
    uid: String(r.uid),
    name: r.name,
    type: r.type,
    programs: r.programs ?? [],
    list: r.list,
    aliases: (r.aliases ?? []).map((a) => ({ name: a.name, type: a.type })),
  }));
}

/** The in-memory screening index of the imported OFAC lists, or null when none was imported. */
export async function getSanctionsIndex(db: Db): Promise<SanctionsIndex | null> {
  const state = await referenceState(db);
  if (!state.loaded.sanctions) return null;
  // The signature covers every reference table; a re-import of another table rebuilds this index too (rare, harmless).
  const signature = state.signature;
  const cached = indexes.get(db);
  if (cached?.signature === signature) return cached.index;
  const index = loadEntries(db).then(buildSanctionsIndex);
  indexes.set(db, { signature, index });
  index.catch(() => indexes.delete(db)); // a failed load is retried on the next call
  return index;
}

/** Screens party names; an empty map when the list is not loaded (the rules then report "not screened"). */
export async function screenPartyNames(db: Db, names: readonly string[]): Promise<Map<string, SanctionsMatch | null>> {
  if (names.length === 0) return new Map();
  const index = await getSanctionsIndex(db);
  return index ? screenNames(index, names) : new Map();
}
