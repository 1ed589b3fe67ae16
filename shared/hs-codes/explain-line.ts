/**
 * A result line of a search, and on a description search why it matched (`score`, `matched[]`): the
 * terms and where they were found, and each tariff reading that moved or brought the line.
 */
import type { VectorReason } from "./embedding-search.ts";
import type { HsSearchRow } from "./hs-code-repository.ts";
import { MACHINE_PARTS_RULE, type MachinePartReading } from "./machine-parts.ts";
import { MATERIAL_RULE, type NamedMaterial } from "./material-residuals.ts";
import { PARTIAL_LINE_RULE, partialOf } from "./partial-lines.ts";
import type { PlannedTerm } from "./query-plan.ts";
import { ruleFactor, type FiredRule } from "./reading-rules.ts";
import { RESIDUAL_RULE } from "./residual-subheadings.ts";
import { SCHEDULES, type HsSchedule } from "./schedules.ts";
import { alternativeOrder, MATCH_LEVELS, type ScoredLine } from "./score-lines.ts";
import type { HsMatchedTerm, HsSearchResult } from "./search-answer.ts";
import type { ReferenceMatch } from "./search-references.ts";

/** Why a text search answered a line: what scored it and each reading that moved or brought it. */
export interface LineWhy {
  scored?: ScoredLine;
  terms?: readonly PlannedTerm[];
  reference?: ReferenceMatch;
  fused?: { score: number; reason?: VectorReason };
  fired?: readonly FiredRule[];
  /** residual-subheadings.ts: the code of the line whose score it took a share of. */
  residualOf?: string;
  machinePart?: MachinePartReading;
  /** material-residuals.ts: the material the title names whose residual subheading this is. */
  material?: NamedMaterial;
}

/** A row as a result line; with `why` (a description search), its score and matched[]. */
export function toResult(schedule: HsSchedule, r: HsSearchRow, why: LineWhy = {}): HsSearchResult {
  const { scored, terms, reference, fused, fired = [], residualOf, machinePart, material } = why;
  const matched: HsMatchedTerm[] = [];
  if (reference) matched.push({ term: reference.term, words: reference.words, via: "reference", level: "subheading" });
  if (terms && scored) {
    // Per term, the alternative that scored best explains the match.
    const order = alternativeOrder(terms);
    const { alternativeScores: scores, alternativeLevels: levels } = scored;
    const best = new Map<number, number>();
    order.forEach(([ti], k) => {
      if (!(scores[k] > 0) || levels[k] < 0) return;
      const prev = best.get(ti);
      if (prev === undefined || scores[k] > scores[prev]) best.set(ti, k);
    });
    for (const [ti, k] of [...best.entries()].sort((a, b) => a[0] - b[0])) {
      const a = terms[ti]?.alternatives[order[k][1]];
      if (a) {
        const role = terms[ti].role;
        const rule = a.via === "rule" ? fired.find((f) => f.cue === terms[ti].text && f.rule.reads)?.rule.id : undefined;
        matched.push({
          term: terms[ti].text,
          words: a.words,
          via: a.via,
          level: MATCH_LEVELS[levels[k]],
          ...(role ? { role } : {}),
          ...(rule ? { rule } : {}),
        });
      }
    }
  }
  for (const f of ruleFactor(fired, r.code).moved) {
    const favour = f.rule.favour.find((p) => r.code.startsWith(p));
    const prefix = favour ?? f.rule.disfavour.find((p) => r.code.startsWith(p)) ?? "";
    matched.push({ term: f.cue, words: [prefix], via: "rule", level: "line", rule: f.rule.id, effect: favour ? "favour" : "disfavour" });
  }
  const partial = scored ? partialOf(scored.line) : undefined;
  if (partial && partial.factor < 1) {
    // The title has only part of what this line's own text names ("shoes" of "Golf shoes").
    matched.push({
      term: `${partial.found.length} of ${partial.ownStems}`,
      words: partial.found,
      via: "rule",
      level: "line",
      rule: PARTIAL_LINE_RULE,
      effect: "disfavour",
    });
  }
  if (machinePart) {
    // Section XVI Note 2(b): a part of the machine the title names goes with it, in its heading's parts lines.
    matched.push({
      term: machinePart.cue,
      words: [machinePart.machine],
      via: "rule",
      level: "line",
      rule: MACHINE_PARTS_RULE,
      effect: "favour",
    });
  }
  if (residualOf) {
    // GRI 6: the title names no specific subheading of this heading that outranked this residual one.
    matched.push({ term: residualOf, words: [r.code.slice(0, 4)], via: "rule", level: "line", rule: RESIDUAL_RULE, effect: "favour" });
  }
  if (material) {
    // Articles of a material the tariff names no heading for go to that material's residual subheading.
    matched.push({
      term: material.cue,
      words: [material.material.residual],
      via: "rule",
      level: "line",
      rule: MATERIAL_RULE,
      effect: "favour",
    });
  }
  if (fused?.reason) {
    const v = fused.reason;
    matched.push({
      term: v.term,
      words: v.words,
      via: v.via,
      level: v.via === "example" ? "subheading" : "line",
      similarity: v.similarity,
    });
  }
  return {
    code: r.code,
    description: r.description,
    full_description: r.full_description,
    country: SCHEDULES[schedule].country,
    chapter: r.chapter,
    level: r.level,
    duty_rate: r.duty_rate,
    ...(fused !== undefined
      ? { score: Math.round(fused.score * 1000) / 1000, matched }
      : scored === undefined
        ? {}
        : { score: Math.round(scored.score * 1000) / 1000, matched }),
  };
}
