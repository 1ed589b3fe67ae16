/**
 * The facts on which the tariff decides between sibling lines and that a seller knows: the textile fibre
 * (chapters 50–63 split garments by it), the material of other goods (plastics, leather, base or precious
 * metal …), whom garments are for (men's or boys', women's or girls', babies') and whether a fabric is
 * knitted or crocheted (chapter 61 against 62). Each fact has the words a tariff line states it with and
 * the words traders write for it ("polyester" is a synthetic fibre, "viscose" an artificial one). Pure.
 */
import { foldHsText } from "../normalize.ts";
import { memoizeText } from "../../text/memoize.ts";

export type FactDimension = "fibre" | "material" | "gender" | "construction";

export interface Fact {
  dimension: FactDimension;
  id: string;
  /** How the tariff's lines state it ("of cotton", "of man-made fibres" states synthetic and artificial). */
  tariff: readonly string[];
  /** The words traders use for it besides the tariff's. */
  trade: readonly string[];
}

const fibre = (id: string, tariff: string[], trade: string[] = []): Fact => ({ dimension: "fibre", id, tariff, trade });
const material = (id: string, tariff: string[], trade: string[] = []): Fact => ({ dimension: "material", id, tariff, trade });

export const FACTS: readonly Fact[] = [
  fibre("cotton", ["cotton"]),
  fibre("wool", ["wool", "fine animal hair"], ["cashmere", "merino", "alpaca", "mohair", "angora", "yak", "camel hair"]),
  fibre("silk", ["silk"]),
  fibre("flax", ["flax", "linen"]),
  fibre(
    "synthetic",
    ["synthetic fibres", "synthetic fibers", "synthetic filament", "man-made fibres", "man-made fibers"],
    [
      "polyester",
      "nylon",
      "polyamide",
      "spandex",
      "elastane",
      "lycra",
      "acrylic fibre",
      "polypropylene fibre",
      "microfiber",
      "microfibre",
      "synthetic",
    ],
  ),
  fibre(
    "artificial",
    ["artificial fibres", "artificial fibers", "artificial filament", "man-made fibres", "man-made fibers"],
    ["rayon", "viscose", "modal", "lyocell", "tencel", "acetate", "cupro"],
  ),
  material("leather", ["leather", "composition leather"], ["cowhide", "sheepskin", "genuine leather", "suede"]),
  material(
    "plastics",
    ["plastics", "plastic"],
    ["pvc", "pu", "polyurethane", "silicone", "abs", "resin", "eva", "tpu", "acrylic", "pp", "pe"],
  ),
  material("rubber", ["rubber"], ["latex"]),
  // "Of base metal" states every base metal (Section XV: iron and steel, copper, nickel, aluminium, lead,
  // zinc, tin, and the other metals of chapter 81), so a seller's "zinc alloy" or "stainless steel" agrees.
  material("iron-or-steel", ["iron or steel", "stainless steel", "steel", "base metal"], ["iron", "carbon steel", "alloy steel"]),
  material("aluminium", ["aluminum", "aluminium", "base metal"]),
  material("copper", ["copper", "brass", "bronze", "base metal"]),
  material("zinc", ["zinc", "base metal"], ["zinc alloy"]),
  material(
    "other-base-metal",
    // "Tin" and "lead" are left to the trade words: as tariff words they also mean containers and pencil leads.
    ["base metal", "nickel", "tungsten", "molybdenum", "tantalum", "magnesium", "cobalt", "titanium"],
    ["alloy", "metal", "pewter", "tin", "lead", "titanium alloy"],
  ),
  // Heading 7113 parts silver from the other precious metals (7113.11 / 7113.19), as 7106–7110 do: each
  // precious metal is its own fact, and "precious metal" states all of them.
  material("silver", ["silver", "precious metal"], ["925", "s925", "sterling"]),
  material("gold", ["gold", "precious metal"], ["18k", "14k", "10k", "24k"]),
  material("platinum", ["platinum", "precious metal"], ["palladium", "rhodium"]),
  material("glass", ["glass"], ["crystal glass"]),
  material("wood", ["wood"], ["wooden", "bamboo", "pine", "oak", "mdf", "plywood"]),
  material("paper", ["paper", "paperboard"], ["cardboard", "kraft"]),
  material("ceramic", ["ceramic", "porcelain"], ["stoneware", "earthenware"]),
  material("textile", ["textile materials", "textile"], ["fabric", "cloth", "canvas", "felt", "fleece", "satin"]),
  { dimension: "gender", id: "male", tariff: ["men's", "boys'", "men", "boys"], trade: ["male", "mens", "man", "boy"] },
  {
    dimension: "gender",
    id: "female",
    tariff: ["women's", "girls'", "women", "girls"],
    trade: ["female", "womens", "woman", "ladies", "lady", "girl"],
  },
  { dimension: "gender", id: "baby", tariff: ["babies'", "babies", "infants"], trade: ["baby", "infant", "newborn", "toddler"] },
  // Fabrics that are knitted or woven by their make: a seller names the fabric, not the construction.
  {
    dimension: "construction",
    id: "knitted",
    tariff: ["knitted", "crocheted"],
    trade: ["knit", "knitting", "jersey", "crochet", "interlock"],
  },
  {
    dimension: "construction",
    id: "woven",
    tariff: ["woven", "not knitted"],
    trade: [
      "weave",
      "woven fabric",
      "denim",
      "broadcloth",
      "poplin",
      "twill",
      "chiffon",
      "taffeta",
      "gabardine",
      "chambray",
      "organza",
      "voile",
    ],
  },
];

/** A text as padded words: phrases match whole words ("of cotton" in " of cotton "). Possessives kept as written ("men's"). */
export const paddedWords = memoizeText(
  (text: string): string =>
    ` ${foldHsText(text)
      .toLowerCase()
      .replace(/[^a-z0-9'-]+/g, " ")
      .trim()} `,
);

/** A phrase as the padded forms looked for, in order: itself, + "s", + "es" (" cotton ", " cottons ", " cottones "). */
const padded = (phrase: string): readonly string[] => [` ${phrase} `, ` ${phrase}s `, ` ${phrase}es `];

/**
 * Per fact, the padded forms of its tariff phrases, and of its tariff then trade phrases: made once, not
 * on every text read (a classify call reads each attribute value, split in parts, against every fact).
 */
const TARIFF_FORMS = new Map(FACTS.map((f) => [f, f.tariff.map(padded)]));
const ALL_FORMS = new Map(FACTS.map((f) => [f, [...f.tariff, ...f.trade].map(padded)]));

function has(words: string, forms: readonly string[]): boolean {
  return words.includes(forms[0]) || words.includes(forms[1]) || words.includes(forms[2]);
}

/**
 * The facts a tariff line's own text states, by dimension ("Of man-made fibres": synthetic and artificial).
 * Remembered per text: the answer is shared, so callers only read it.
 */
export const statedFacts: (segment: string) => ReadonlyMap<FactDimension, ReadonlySet<string>> = memoizeText(readStatedFacts);

/** "Whether or not plated with precious metal", "whether or not knitted": what follows sets no condition. */
const WHETHER_OR_NOT = /\bwhether or not\b[^,;:()]*/gi;

function readStatedFacts(segment: string): Map<FactDimension, Set<string>> {
  const words = paddedWords(segment.replace(WHETHER_OR_NOT, " "));
  const out = new Map<FactDimension, Set<string>>();
  // "Not knitted or crocheted" states woven, not knitted.
  const negatedKnit = /\bnot knitted\b/.test(words);
  for (const f of FACTS) {
    if (f.id === "knitted" && negatedKnit) continue;
    if ((TARIFF_FORMS.get(f) ?? []).some((forms) => has(words, forms))) {
      let set = out.get(f.dimension);
      if (!set) out.set(f.dimension, (set = new Set()));
      set.add(f.id);
    }
  }
  return out;
}

/**
 * A precious metal's look, not its material: "gold color", "18k gold plated", "silver tone", "rose gold
 * filled", "plated with gold" (chapter 71, Note 9: base metal plated with precious metal is not of
 * precious metal; a colour is no material at all).
 */
const PRECIOUS_LOOK =
  / (?:(?:[0-9]{1,2}k|rose|white|yellow) )?(?:gold|silver|platinum|rhodium)(?: -)? (?:colou?r(?:ed)?|tone[ds]?|plated|plating|filled|coated|finish(?:ed)?|look)(?= )| (?:plated|coated) (?:with |in )?(?:[0-9]{1,2}k )?(?:gold|silver|platinum|rhodium)(?= )/g;

/** Weighed facts of a seller's text: per dimension, fact → weight (0–1, the chief one 1). */
export type FactWeights = Map<FactDimension, Map<string, number>>;

/**
 * The facts a seller's text names. Shares ("cotton 95%, elastane 5%") weigh the fibres by them (the
 * tariff classifies a mixture by the fibre that predominates by weight); without shares the first named
 * is the chief one and the others weigh half.
 */
export function namedFacts(text: string): FactWeights {
  const out: FactWeights = new Map();
  const found: Array<{ fact: Fact; at: number; share: number | null }> = [];
  // A share belongs to the part of the list it is written in ("95% cotton, 5% elastane", "cotton 95%").
  let offset = 0;
  for (const part of foldHsText(text)
    .toLowerCase()
    .split(/[,;/+]|\band\b/)) {
    const words = paddedWords(part).replace(PRECIOUS_LOOK, " ");
    const m = /([0-9]{1,3}(?:\.[0-9]+)?)\s*%/.exec(part);
    const share = m && Number(m[1]) > 0 && Number(m[1]) <= 100 ? Number(m[1]) : null;
    for (const f of FACTS) {
      let at = -1;
      for (const forms of ALL_FORMS.get(f) ?? []) {
        const i = firstIndex(words, forms);
        if (i >= 0 && (at < 0 || i < at)) at = i;
      }
      if (at >= 0) found.push({ fact: f, at: offset + at, share });
    }
    offset += part.length + 1;
  }
  for (const dimension of ["fibre", "material", "gender", "construction"] as const) {
    const of = found.filter((x) => x.fact.dimension === dimension).sort((a, b) => a.at - b.at);
    if (of.length === 0) continue;
    const top = Math.max(...of.map((x) => x.share ?? 0));
    const weights = new Map<string, number>();
    of.forEach((x, i) => {
      const w = top > 0 && x.share !== null ? x.share / top : top > 0 ? 0.3 : i === 0 ? 1 : 0.5;
      weights.set(x.fact.id, Math.max(weights.get(x.fact.id) ?? 0, w));
    });
    out.set(dimension, weights);
  }
  return out;
}

/** Where the first of a phrase's padded forms (in their order) that the words have is. */
function firstIndex(words: string, forms: readonly string[]): number {
  for (const form of forms) {
    const i = words.indexOf(form);
    if (i >= 0) return i;
  }
  return -1;
}

/** Both weights merged, `b`'s weighed by `factor` (a fact already in `a` keeps the larger). */
export function mergeFacts(a: FactWeights, b: FactWeights, factor = 1): FactWeights {
  const out: FactWeights = new Map([...a].map(([d, m]) => [d, new Map(m)]));
  for (const [d, m] of b) {
    let into = out.get(d);
    if (!into) out.set(d, (into = new Map()));
    for (const [id, w] of m) into.set(id, Math.max(into.get(id) ?? 0, w * factor));
  }
  return out;
}
