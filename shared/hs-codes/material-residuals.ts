/**
 * Articles of a named material (issue 27). The tariff has a catch-all for the articles of each material
 * that no heading names: "Other articles of plastics" (3926.90), "of iron or steel" (7326.90), "of copper"
 * (7419.80), "other made up articles" of textiles (6307.90). The chapters' notes send there the goods
 * whose kind the tariff's words miss (a phone case, a scrunchie, a key chain), and shop titles are full of
 * such goods: a title that says what the goods are made of names no goods the tariff knows more often
 * than BM25F can tell. So a title naming a material is offered that material's residual subheading among
 * the first answers, at a share of the best line's score: below the lines its words found, in place of
 * the weakest of them. Pure.
 */
import { firstFound, wordsOfTitle } from "./reading-rules.ts";

export interface Material {
  id: string;
  /** Words or phrases that name the material (a trailing "s" allowed): never a word that is also goods ("iron on"). */
  words: readonly string[];
  /** The 6-digit residual subheading of articles of the material (HS 2022). */
  residual: string;
}

export const MATERIALS: readonly Material[] = [
  {
    id: "plastics",
    words: ["plastic", "silicone", "pvc", "acrylic", "resin", "abs", "polypropylene", "polyethylene", "nitrile", "eva", "tpu"],
    residual: "392690",
  },
  { id: "iron-or-steel", words: ["stainless steel", "steel", "cast iron", "wrought iron"], residual: "732690" },
  { id: "copper", words: ["brass", "copper", "bronze"], residual: "741980" },
  { id: "aluminium", words: ["aluminum", "aluminium"], residual: "761699" },
  { id: "wood", words: ["wood", "wooden", "bamboo"], residual: "442199" },
  { id: "glass", words: ["glass"], residual: "702000" },
  { id: "textile", words: ["fabric", "satin", "fleece", "felt", "polyester", "nylon", "canvas"], residual: "630790" },
];

/** A material a title names, with the word that named it (matched[]'s term). */
export interface NamedMaterial {
  material: Material;
  cue: string;
}

/** The materials a title names, in table order. */
export function namedMaterials(title: string): NamedMaterial[] {
  const words = wordsOfTitle(title);
  const out: NamedMaterial[] = [];
  for (const material of MATERIALS) {
    const cue = firstFound(words, material.words);
    if (cue !== null) out.push({ material, cue });
  }
  return out;
}

/**
 * A named material's residual line's score: this share of the best line's when its own is less. Chosen
 * on HSCodeComp's dev half (docs/hs-codes.md, "Articles of a named material": 0.6, 0.7, 0.8).
 */
export const MATERIAL_SHARE = 0.7;

/** matched[]'s rule name on an offered line (via "rule"; term: the material's word; words: the residual subheading). */
export const MATERIAL_RULE = "article-of-material";

/**
 * `ranked` (best first) with each offered line at `share` × the best line's score where it ranks lower or
 * not at all; `onOffer` is told each line so placed. Ties keep the order given, offered lines after.
 */
export function offerMaterialResiduals<T extends { key: string; score: number }>(
  ranked: readonly T[],
  offers: ReadonlyArray<{ key: string; named: NamedMaterial }>,
  share: number,
  onOffer: (key: string, named: NamedMaterial) => void = () => {},
): Array<T | { key: string; score: number }> {
  if (offers.length === 0 || ranked.length === 0 || share === 0) return [...ranked];
  const score = ranked[0].score * share;
  const out: Array<T | { key: string; score: number }> = [...ranked];
  for (const { key, named } of offers) {
    const at = out.findIndex((x) => x.key === key);
    if (at >= 0 && out[at].score >= score) continue;
    if (at >= 0) out.splice(at, 1);
    out.push({ key, score });
    onOffer(key, named);
  }
  return out
    .map((x, i) => ({ x, i }))
    .sort((a, b) => b.x.score - a.x.score || a.i - b.i)
    .map((y) => y.x);
}
