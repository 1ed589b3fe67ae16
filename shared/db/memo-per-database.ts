import type { Queryable } from "./types.ts";

/** A value read from the database, kept per database object; `forget` drops it (after an import). */
export interface MemoPerDatabase<T> {
  get(db: Queryable): Promise<T>;
  forget(db: Queryable): void;
}

/**
 * Reads `read(db)` at most once per `ttlMs` per database: for state on a hot path that changes rarely.
 * Callers meanwhile share the read in flight; a read that fails is not kept.
 */
export function memoPerDatabase<T>(ttlMs: number, read: (db: Queryable) => Promise<T>): MemoPerDatabase<T> {
  const memo = new WeakMap<object, { at: number; value: Promise<T> }>();
  return {
    get(db) {
      const hit = memo.get(db);
      const now = Date.now();
      if (hit && now - hit.at < ttlMs) return hit.value;
      const value = read(db);
      memo.set(db, { at: now, value });
      value.catch(() => memo.delete(db));
      return value;
    },
    forget(db) {
      memo.delete(db);
    },
  };
}
