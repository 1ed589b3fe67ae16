/**
 * Residual subheadings (issue 27, fifth round). Under the Harmonized System's General Interpretative Rule 6
 * a heading's subheadings are compared only with each other, and goods that no specific subheading names
 * fall in the residual one ("Other:"). BM25F cannot rank a residual subheading high: its own text has no
 * word to match, so the specific subheading that shares one word with a title ("Golf shoes" for "Leather
 * Shoes", "Of watch bracelets" for "Watch Strap") outranks it. Here each residual 6-digit subheading among
 * the candidates takes `factor` × the score of its heading's best other line when that is more than its
 * own. Pure; chosen and measured on HSCodeComp's dev half (docs/hs-codes.md).
 */

/** What the lift needs of a candidate line. */
export interface ResidualCandidate {
  code: string;
  /** A 6-digit subheading whose own text has no searchable word ("Other", "Other:"). */
  residual: boolean;
}

export interface ResidualLift<T> {
  /** Every line once, best first; ties keep the order given. */
  lines: T[];
  /** Lifted line key → the code of the line of its heading whose score it took a share of. */
  lifted: Map<string, string>;
}

/** `factor` 0 leaves the order as given. Lines `describe` does not know are left alone. */
export function liftResidualSubheadings<T extends { key: string; score: number }>(
  ranked: readonly T[],
  describe: (key: string) => ResidualCandidate | undefined,
  factor: number,
): ResidualLift<T> {
  const best = new Map<string, { score: number; code: string }>();
  for (const x of ranked) {
    const d = describe(x.key);
    if (!d || d.residual) continue;
    const heading = d.code.slice(0, 4);
    const prev = best.get(heading);
    if (!prev || x.score > prev.score) best.set(heading, { score: x.score, code: d.code });
  }
  const lifted = new Map<string, string>();
  const lines = ranked
    .map((x, i) => {
      const d = describe(x.key);
      const top = d?.residual ? best.get(d.code.slice(0, 4)) : undefined;
      if (!top || factor * top.score <= x.score) return { x, i };
      lifted.set(x.key, top.code);
      return { x: { ...x, score: factor * top.score }, i };
    })
    .sort((a, b) => b.x.score - a.x.score || a.i - b.i)
    .map((y) => y.x);
  return { lines, lifted };
}

/** matched[]'s rule name on a lifted line (via "rule"; term: the code whose score it took a share of). */
export const RESIDUAL_RULE = "residual-subheading";
