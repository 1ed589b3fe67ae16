/** Rarity weights ln(1 + N / df) over the N indexed names; fills in each name's token weights. */
import type { IndexedName } from "./sanctions-index-model.ts";

export function weighTokens(names: readonly IndexedName[]): { weight: Map<string, number>; unknownWeight: number } {
  // Document frequency over distinct names → rarity weights.
  const df = new Map<string, number>();
  for (const n of names) {
    for (const t of new Set(n.tokens)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const N = Math.max(1, names.length);
  const weight = new Map<string, number>();
  for (const [t, d] of df) weight.set(t, Math.log(1 + N / d));
  const unknownWeight = Math.log(1 + N);
  for (const n of names) n.weights = n.tokens.map((t) => weight.get(t) ?? unknownWeight);
  return { weight, unknownWeight };
}
