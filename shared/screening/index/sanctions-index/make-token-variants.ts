/** Variants of list and screened tokens that the index looks up: one-character deletions, joined pairs. */

/**
 * The distinct strings made by deleting one character. Built from character codes so that each result is a
 * flat string (a concatenation of two slices would keep both slices alive as map keys: twice the memory).
 */
export function deletionsOf(token: string): string[] {
  const out: string[] = [];
  const codes: number[] = [];
  for (let i = 0; i < token.length; i++) codes.push(token.charCodeAt(i));
  for (let i = 0; i < codes.length; i++) {
    if (i > 0 && codes[i] === codes[i - 1]) continue; // same deletion as the previous position
    out.push(String.fromCharCode(...codes.slice(0, i), ...codes.slice(i + 1)));
  }
  return out;
}

/** a + b as a flat string (see deletionsOf). */
export function joinFlat(a: string, b: string): string {
  const codes: number[] = [];
  for (let i = 0; i < a.length; i++) codes.push(a.charCodeAt(i));
  for (let i = 0; i < b.length; i++) codes.push(b.charCodeAt(i));
  return String.fromCharCode(...codes);
}
