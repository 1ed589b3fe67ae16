import type { Queryable } from "../db/types.ts";
import type { Tier } from "./tiers.ts";

/** The caller behind a verified API key. */
export interface KeyPrincipal {
  accountId: string;
  keyId: string;
  tier: Tier;
  /**
   * Answered from this process's memory, not read from the database now: a revocation made by another
   * instance may not be seen yet. Only a route whose write re-checks the key (key-recheck.ts) accepts it.
   */
  fromMemory?: true;
}

/**
 * How long a verified key may be answered from memory, to a route that re-checks the key in its write
 * (so a revocation holds at once everywhere). A revocation or tier change made in this process forgets
 * the key at once (forgetKeyPrincipals); a tier change made by another instance is seen here within this
 * time. docs/architecture.md, API keys.
 */
export const KEY_PRINCIPAL_TTL_MS = 2000;
/** Enough for every active key of a large deployment; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 10_000;

interface Entry {
  db: Queryable;
  principal: KeyPrincipal;
  at: number;
}

// By the key's hash (never the key); an entry answers only for the database it was read from.
const entries = new Map<string, Entry>();
// Bumped by every forget: a lookup that was under way meanwhile may have read the row before the change,
// so its answer is used once but not remembered.
let generation = 0;

export function rememberedPrincipal(db: Queryable, keyHash: string, now: number): KeyPrincipal | null {
  const hit = entries.get(keyHash);
  return hit && hit.db === db && now - hit.at >= 0 && now - hit.at < KEY_PRINCIPAL_TTL_MS ? hit.principal : null;
}

export function lookupGeneration(): number {
  return generation;
}

/** `at` is when the lookup began: the entry is never older than the row it was read from claims. */
export function rememberPrincipal(db: Queryable, keyHash: string, principal: KeyPrincipal, at: number, startedAt: number): void {
  if (startedAt !== generation) return;
  entries.delete(keyHash);
  const oldest = entries.size >= MAX_ENTRIES ? entries.keys().next() : null;
  if (oldest && !oldest.done) entries.delete(oldest.value);
  entries.set(keyHash, { db, principal: { ...principal, fromMemory: true }, at });
}

/** Forgets the keys of one key id or of a whole account (revocation, tier change), in this process. */
export function forgetKeyPrincipals(match: { keyId?: string; accountId?: string }): void {
  generation++;
  for (const [hash, { principal }] of entries) {
    if (principal.keyId === match.keyId || principal.accountId === match.accountId) entries.delete(hash);
  }
}
