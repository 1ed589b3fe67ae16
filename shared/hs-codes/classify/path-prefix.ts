/**
 * A path's prefix of `depth` texts joined with " > " (a node of a heading's tree: question-builder.ts,
 * line-fit.ts, heading-lines.ts), remembered per path: a classify call asks it of every candidate's path
 * at every depth, for every node the questions weigh (thousands of joins per call). The paths are the
 * heading lines' (heading-lines.ts keeps them per schedule build) and are never changed, so a path's
 * prefixes live as long as it does (a WeakMap). Pure.
 */
const prefixesOf = new WeakMap<readonly string[], string[]>();

export function pathPrefix(path: readonly string[], depth: number): string {
  let prefixes = prefixesOf.get(path);
  if (!prefixes) {
    prefixes = [];
    prefixesOf.set(path, prefixes);
  }
  let key = prefixes[depth];
  if (key === undefined) {
    key = path.slice(0, depth).join(" > ");
    prefixes[depth] = key;
  }
  return key;
}
