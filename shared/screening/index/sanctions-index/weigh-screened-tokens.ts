/** What each screened token weighs when it is not aligned with a listed token (see scoreName). */
import { looksLikeLegalFormWord } from "./detect-legal-form-noise.ts";
import type { SanctionsIndex } from "./sanctions-index-model.ts";

/**
 * Weight of an unaligned screened token that is a misspelt legal-form word ("limitd", "liabilty", "compnay",
 * "ld"): it says nothing about identity, so it barely lowers the score.
 */
const LEGAL_FORM_NOISE_WEIGHT = 0.5;

/** Extra (unaligned) screened tokens count with this factor of their rarity weight. */
const EXTRA_TOKEN_FACTOR = 0.5;

export function weighScreenedTokens(index: SanctionsIndex, query: readonly string[]): { queryWeights: number[] } {
  const queryWeights = query.map((t) =>
    looksLikeLegalFormWord(t) ? LEGAL_FORM_NOISE_WEIGHT : EXTRA_TOKEN_FACTOR * (index.weight.get(t) ?? index.unknownWeight),
  );
  return { queryWeights };
}
