/**
 * Codes of the in-memory index's lines by line key, built once per index (a schedule build) and kept
 * with it: the subheading a line belongs to, and the prefix a chapter or heading line stands for.
 */
import type { LineIndex } from "./line-index.ts";

/** A lookup by line key, built from `codeOf` (undefined: the line has none) the first time per index. */
function byLineKey(
  cache: WeakMap<LineIndex, Map<string, string>>,
  index: LineIndex,
  codeOf: (i: number) => string | undefined,
): (key: string) => string | undefined {
  let m = cache.get(index);
  if (!m) {
    m = new Map();
    for (let i = 0; i < index.keys.length; i++) {
      const code = codeOf(i);
      if (code !== undefined) m.set(index.keys[i], code);
    }
    cache.set(index, m);
  }
  const map = m;
  return (key) => map.get(key);
}

const groups = new WeakMap<LineIndex, Map<string, string>>();
/** A line's subheading: its first 6 digits (a chapter or heading line: its own code). */
export function subheadingOfKey(index: LineIndex): (key: string) => string | undefined {
  return byLineKey(groups, index, (i) => index.codes[i].slice(0, 6));
}

const contexts = new WeakMap<LineIndex, Map<string, string>>();
/** For a chapter or heading line (level 2 or 4), the code prefix of the lines under it ("61", "6109"). */
export function contextPrefixOfKey(index: LineIndex): (key: string) => string | undefined {
  return byLineKey(contexts, index, (i) => (index.levels[i] <= 4 ? index.codes[i].slice(0, index.levels[i]) : undefined));
}
