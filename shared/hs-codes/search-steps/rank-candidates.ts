/**
 * Fifth step of a description search: the candidates ranked by BM25F with the tariff's readings
 * (reading rules, partial lines, parts of a machine), the heading classifier, residual subheadings and
 * named materials, fused with the word vectors when they are on, and spread over headings and
 * subheadings into the page (docs/hs-codes.md, "How description search works", steps 5–10).
 */
import { FUSION, vectorSide } from "../embedding-search.ts";
import { withHeadingPrior } from "../heading-prior.ts";
import { contextPrefixOfKey, subheadingOfKey } from "../line-groups.ts";
import { firstListedLine } from "../line-index.ts";
import { MACHINE_PART_FACTOR } from "../machine-parts.ts";
import { MATERIAL_SHARE, type NamedMaterial, offerMaterialResiduals } from "../material-residuals.ts";
import { partialFactorOf } from "../partial-lines.ts";
import { fuseScores, spreadOverSubheadings } from "../rank-fusion.ts";
import { ruleFactor, withinHeadingMove } from "../reading-rules.ts";
import { liftResidualSubheadings } from "../residual-subheadings.ts";
import { rankLines, referencedLines } from "../score-lines.ts";
import type { Candidates, PageLine, QueryReading, Ranking, TermPlan, TextSearchRequest } from "./search-context.ts";

/**
 * The answer spread over headings and subheadings (rank-fusion.ts spreadOverSubheadings): a line's score
 * × these per line of its heading, and of its subheading, ranked above it. The subheading factor is
 * small: the first page shows each subheading's best line before a second line of any of them (the
 * other readings of a title before more national lines of one). Chosen on HSCodeComp's dev half
 * (docs/hs-codes.md, "One line per subheading first"); 1 leaves the order as scored.
 */
export const PAGE_SPREAD = { heading: 0.95, subheading: 0.05 };

/**
 * A residual 6-digit subheading's score: at least this share of its heading's best line's
 * (residual-subheadings.ts; 0 leaves the order as scored). Chosen on HSCodeComp's dev half
 * (docs/hs-codes.md: 0.9 and 1 gain 2 listings, 0.95 gains 3).
 */
export const RESIDUAL_LIFT = 0.95;

/** How much a matched search reference adds to the text score of the line it names (its score × this). */
export const REFERENCE_WEIGHT = 1;

export async function rankCandidates(search: TextSearchRequest & QueryReading & TermPlan & Candidates): Promise<Ranking> {
  const { db, schedule, limit, wordVectors, build, tokens, roles, fields, index, fired, materials, planned } = search;
  const { candidates, references, headingModel, partLines, listedOn } = search;
  const referenced = referencedLines(candidates, references);
  const bonus = new Map([...referenced].map(([key, m]) => [key, REFERENCE_WEIGHT * m.score]));
  // Fusion with the embedding side (issue 27): BM25F's best lines and the lines the word vectors propose,
  // by BM25F's score plus the cosines (rank-fusion.ts, docs/hs-codes.md).
  const lexical = rankLines(
    planned,
    fields.averages,
    candidates,
    Math.max(limit, FUSION.lexicalDepth),
    bonus,
    // Reading rules by code, lines whose own text the title names only in part (partial-lines.ts), and
    // the parts lines of the machine a part is for (machine-parts.ts).
    (line) =>
      (fired.length > 0 ? ruleFactor(fired, line.code).factor : 1) *
      partialFactorOf(line) *
      (partLines?.keys.has(line.lineKey) ? MACHINE_PART_FACTOR : 1),
    fired.some((f) => f.rule.withinHeading) ? (line) => withinHeadingMove(fired, line.code) : undefined,
  );
  const vectors = wordVectors ? await vectorSide(db, schedule, build, tokens, (_, i) => roles.factors[i] ?? 0, roles.head) : null;
  const scoredByKey = new Map(lexical.map((x) => [x.line.lineKey, x]));
  // GRI 6: a residual subheading ("Other:") takes a share of its heading's best line (residual-subheadings.ts).
  const residuals = liftResidualSubheadings(
    withHeadingPrior(headingModel, index, planned, lexical),
    (key) => {
      const line = scoredByKey.get(key)?.line;
      return line && { code: line.code, residual: line.level === 6 && line.lengths.own === 0 };
    },
    RESIDUAL_LIFT,
  );
  // Articles of a named material: that material's residual subheading among the first (material-residuals.ts).
  const offered = new Map<string, NamedMaterial>();
  const withPrior = offerMaterialResiduals(
    residuals.lines,
    materials.flatMap((m) => {
      const key = firstListedLine(index, m.material.residual, listedOn);
      return key === null ? [] : [{ key, named: m }];
    }),
    MATERIAL_SHARE,
    (key, named) => offered.set(key, named),
  );
  const subheadingOf = subheadingOfKey(index);
  const ordered = vectors
    ? fuseScores(withPrior, vectors.proposed, vectors.similarity, vectors.exampleSimilarity, FUSION.weights)
    : withPrior;
  const page: PageLine[] = spreadOverSubheadings(
    spreadOverSubheadings(ordered, (k) => subheadingOf(k)?.slice(0, 4), PAGE_SPREAD.heading),
    subheadingOf,
    PAGE_SPREAD.subheading,
    contextPrefixOfKey(index),
  )
    .slice(0, limit)
    .map((f) => {
      const scored = scoredByKey.get(f.key);
      // The vector side explains a line it brought (BM25F did not rank it) or one a labelled example named.
      return {
        key: f.key,
        scored,
        fused: vectors ? { score: f.score, reason: vectors.reason(f.key, scored !== undefined) } : { score: f.score },
      };
    });
  return { referenced, residualOf: residuals.lifted, offered, page };
}
