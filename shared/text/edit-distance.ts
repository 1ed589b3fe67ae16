/**
 * Edit distances, one module for the three users: HS typo correction and sanctions screening use the
 * optimal string alignment distance (adjacent transpositions cost 1: "labtop"/"latpop"), the built-in
 * extractor's OCR label matching uses Levenshtein (OCR swaps letters for look-alikes, it does not
 * transpose them). Written here rather than taken from npm: the packages found (fastest-levenshtein,
 * leven) do Levenshtein only, without transpositions or an early exit at a bound, and both are needed.
 */

/**
 * Optimal string alignment distance (Damerau-Levenshtein without repeated edits of a substring). With
 * `max`, the answer is exact up to max and max + 1 beyond; the work stops early: a cell is at least the
 * smallest cell of the row above, or of the row before that plus one (a transposition), so two rows past
 * the bound mean the distance is too. Symmetric.
 */
export function osaDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const lb = b.length;
  if (a.length === 0 || lb === 0) return Math.min(Math.max(a.length, lb), max + 1);
  // Three rows reused across calls: HS typo correction measures one word against thousands of the
  // schedule's words, and fresh arrays per call were most of its time (allocation and collection).
  if (rows[0].length < lb + 1) rows = [0, 1, 2].map(() => new Int32Array(2 * (lb + 1))) as [Int32Array, Int32Array, Int32Array];
  let [prev2, prev, cur] = rows;
  for (let j = 0; j <= lb; j++) {
    prev2[j] = 0;
    prev[j] = j;
  }
  let prevRowMin = 0;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= lb; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        v = Math.min(v, prev2[j - 2] + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max && prevRowMin >= max) return max + 1;
    prevRowMin = rowMin;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return Math.min(prev[lb], max + 1);
}
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Levenshtein distance (insert, delete, substitute), exact up to `max` and max + 1 beyond. */
export function levenshteinDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, cur[j]);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return Math.min(prev[b.length], max + 1);
}
