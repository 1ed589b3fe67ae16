/**
 * The subheading a line of the in-memory index belongs to, by line key: its first 6 digits (a chapter or
 * heading line: its own code). Built once per index (a schedule build) and kept with it.
 */
import type { LineIndex } from "./line-index.ts";

const groups = new WeakMap<LineIndex, Map<string, string>>();

export function subheadingOfKey(index: LineIndex): (key: string) => string | undefined {
  let byKey = groups.get(index);
  if (!byKey) {
    byKey = new Map();
    for (let i = 0; i < index.keys.length; i++) byKey.set(index.keys[i], index.codes[i].slice(0, 6));
    groups.set(index, byKey);
  }
  const m = byKey;
  return (key) => m.get(key);
}

const contexts = new WeakMap<LineIndex, Map<string, string>>();
/** For a chapter or heading line (level 2 or 4), the code prefix of the lines under it ("61", "6109"). */
export function contextPrefixOfKey(index: LineIndex): (key: string) => string | undefined {
  let byKey = contexts.get(index);
  if (!byKey) {
    byKey = new Map();
    for (let i = 0; i < index.keys.length; i++)
      if (index.levels[i] <= 4) byKey.set(index.keys[i], index.codes[i].slice(0, index.levels[i]));
    contexts.set(index, byKey);
  }
  const m = byKey;
  return (key) => m.get(key);
}
