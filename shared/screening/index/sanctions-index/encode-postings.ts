/** How the index packs token ids and name bits: one id or a list per key, bit i of a name's mask per token i. */
import type { IdList } from "./sanctions-index-model.ts";

export function addId(map: Map<string, IdList>, key: string, id: number): void {
  const cur = map.get(key);
  if (cur === undefined) map.set(key, id);
  else if (typeof cur === "number") map.set(key, [cur, id]);
  else (cur as number[]).push(id);
}

export function forEachId(list: IdList | undefined, fn: (id: number) => void): void {
  if (list === undefined) return;
  if (typeof list === "number") fn(list);
  else for (const id of list) fn(id);
}

export function bitOf(position: number): number {
  return 1 << Math.min(position, 31);
}
