/**
 * How a customs classifier reads a product title (issue 27): rules of the tariff's legal notes and the HS
 * Explanatory Notes' usual readings that neither the tariff's words nor a model of them encode. One table,
 * one source of truth; pure functions. A rule fires on cue words of the title and moves the lines under
 * some code prefixes up (favour) or down (disfavour) before BM25F's best lines are cut; it may also add
 * the tariff's own words for what the cue names (`reads`), so that the favoured lines are among the
 * candidates at all (7116's texts say "precious or semi-precious stones", never "zircon").
 *
 * Within a group the rules are tried in order and the first that fires wins: a title stating a precious
 * metal is 7113 whatever stones it names (Note 9 of chapter 71), stones decide before plating or base
 * metal does (Note 11), PU "leather" is plastics before "leather" is leather (Note 4 of chapter 64).
 */
import { foldHsText } from "./normalize.ts";

export type ReadingRuleGroup = "jewellery" | "footwear";

export interface ReadingRule {
  id: string;
  group: ReadingRuleGroup;
  /** Why, in the tariff's terms (shown nowhere; the docs' table cites it). */
  note: string;
  /** The title must name one of these for the rule to apply at all (a piece of jewellery, a shoe). */
  scope?: readonly string[];
  /** Cue words or phrases; any of them fires the rule (a trailing "s" is allowed). */
  when: readonly string[];
  /** Words that keep the rule from firing ("14k gold" but "14k gold plated"). */
  unless?: readonly string[];
  /** Code prefixes whose lines the reading points to, and those it rules out. */
  favour: readonly string[];
  disfavour: readonly string[];
  /** The tariff's words for what the cue names, added to the query (weight WEIGHTS.rule, query-plan.ts). */
  reads?: readonly string[];
}

const JEWELLERY = [
  "jewelry",
  "jewellery",
  "jewerly",
  "ring",
  "necklace",
  "earring",
  "pendant",
  "bracelet",
  "bangle",
  "brooch",
  "charm",
  "anklet",
  "choker",
  "stud earring",
];

const FOOTWEAR = [
  "shoe",
  "sneaker",
  "boot",
  "booty",
  "booties",
  "sandal",
  "slipper",
  "loafer",
  "pump",
  "flats",
  "oxfords",
  "heels",
  "footwear",
  "trainer",
  "moccasin",
  "espadrille",
  "clog",
];

export const READING_RULES: readonly ReadingRule[] = [
  // ---- Jewellery (chapter 71, Notes 9 and 11: imitation jewellery is jewellery without precious metal,
  // except as plating or minor constituents, and without pearls or precious or semi-precious stones,
  // natural, synthetic or reconstructed).
  {
    id: "jewellery-precious-silver",
    group: "jewellery",
    note: "Silver of a stated fineness (925, sterling) is precious metal: 7113, stones set in it included (Note 9).",
    scope: JEWELLERY,
    when: ["925", "s925", "sterling silver", "sterling", "solid silver", "fine silver"],
    favour: ["7113"],
    disfavour: ["7116", "7117", "7101", "7102", "7103", "7104", "7105"],
  },
  {
    id: "jewellery-precious-gold",
    group: "jewellery",
    note: "Gold of a stated caratage or solid gold, platinum: 7113, unless only plated, coloured or filled (base metal: 7117).",
    scope: JEWELLERY,
    when: ["9k", "10k", "14k", "18k", "22k", "24k", "585", "750", "solid gold", "real gold", "platinum"],
    unless: ["plated", "plating", "color", "colour", "tone", "filled", "gp", "alloy", "brass", "copper", "stainless", "steel", "vermeil"],
    favour: ["7113"],
    disfavour: ["7116", "7117", "7101", "7102", "7103", "7104", "7105"],
  },
  {
    id: "jewellery-loose-stones",
    group: "jewellery",
    note: "Loose stones and pearls (not strung, mounted or set; graded stones only temporarily strung) stay in 7101–7104, whatever jewellery they are for.",
    scope: JEWELLERY,
    when: ["loose", "unset"],
    favour: ["7101", "7103", "7104"],
    disfavour: ["7113", "7116", "7117"],
  },
  {
    id: "jewellery-stones",
    group: "jewellery",
    note: "Precious or semi-precious stones, natural, synthetic or reconstructed (cubic zirconia, moissanite), and real pearls make the article 7116, not imitation jewellery (Note 11).",
    scope: JEWELLERY,
    when: [
      "zircon",
      "zirconia",
      "cz",
      "moissanite",
      "gemstone",
      "natural stone",
      "jade",
      "agate",
      "opal",
      "turquoise",
      "amethyst",
      "ruby",
      "sapphire",
      "emerald",
      "garnet",
      "topaz",
      "quartz",
      "tourmaline",
      "cultured pearl",
      "freshwater pearl",
      "natural pearl",
    ],
    unless: ["imitation", "faux", "artificial"],
    favour: ["7116"],
    disfavour: ["7113", "7117", "7101", "7102", "7103", "7104", "7105"],
    reads: ["stones"],
  },
  {
    id: "jewellery-imitation",
    group: "jewellery",
    note: "Base metal, plated or coloured metal, glass (rhinestone, crystal), plastics, enamel: imitation jewellery, 7117 (Note 11).",
    scope: JEWELLERY,
    when: [
      "gold color",
      "gold colour",
      "silver color",
      "silver colour",
      "gold plated",
      "silver plated",
      "plated",
      "alloy",
      "stainless steel",
      "titanium steel",
      "steel",
      "brass",
      "copper",
      "zinc",
      "enamel",
      "rhinestone",
      "crystal",
      "acrylic",
      "resin",
      "imitation",
      "fashion jewelry",
      "fashion jewellery",
      "costume",
      "cloisonne",
      "metal",
    ],
    favour: ["7117"],
    disfavour: ["7113", "7116", "7101", "7102", "7103", "7104", "7105"],
  },
  // ---- Footwear (chapter 64, Note 4: the upper's material is the one with the largest outer surface;
  // leather means the leathers of 4107 and 4112–4114, not PU "leather").
  {
    id: "footwear-synthetic-leather",
    group: "footwear",
    note: "PU, faux, synthetic or patent 'leather' and rubber or plastics uppers: 6402.",
    scope: FOOTWEAR,
    when: [
      "pu leather",
      "pu",
      "faux leather",
      "synthetic leather",
      "artificial leather",
      "vegan leather",
      "patent",
      "pvc",
      "rubber",
      "plastic",
      "eva",
      "jelly",
      "transparent",
    ],
    favour: ["6402"],
    disfavour: ["6403", "6404"],
  },
  {
    id: "footwear-leather",
    group: "footwear",
    note: "Uppers of leather (genuine leather, cowhide, suede): 6403.",
    scope: FOOTWEAR,
    when: ["genuine leather", "real leather", "cowhide", "cow leather", "leather", "suede", "nubuck", "sheepskin", "pigskin"],
    favour: ["6403"],
    disfavour: ["6402", "6404"],
  },
  {
    id: "footwear-textile",
    group: "footwear",
    note: "Uppers of textile materials (canvas, mesh, knit, cloth): 6404.",
    scope: FOOTWEAR,
    when: ["canvas", "mesh", "knit", "knitted", "fabric", "cloth", "textile", "denim", "velvet", "flyknit"],
    favour: ["6404"],
    disfavour: ["6402", "6403"],
  },
];

/** Factors of a fired rule on a line's BM25F score: chosen on HSCodeComp's dev half (docs/hs-codes.md). */
export const RULE_FACTORS = { favour: 1.5, disfavour: 0.6 };

/** The groups in force (all; tests and measurements may pass fewer to firedRules). */
export const READING_RULE_GROUPS: readonly ReadingRuleGroup[] = ["jewellery", "footwear"];

/** A rule that fired on a title, with the words that fired it (matched[]'s term). */
export interface FiredRule {
  rule: ReadingRule;
  cue: string;
}

/** The title as words separated by single spaces, padded: cues match whole words and phrases. */
function wordsOfTitle(title: string): string {
  const folded = foldHsText(title).toLowerCase().replace(/'s\b/g, "").replace(/'/g, "");
  return ` ${folded.replace(/[^a-z0-9]+/g, " ").trim()} `;
}

/** The first of `phrases` the title has (a trailing "s" or "es" allowed), or null. */
function firstFound(words: string, phrases: readonly string[]): string | null {
  for (const p of phrases) {
    const phrase = p.replace(/[^a-z0-9]+/g, " ").trim();
    if (words.includes(` ${phrase} `) || words.includes(` ${phrase}s `) || words.includes(` ${phrase}es `)) return p;
  }
  return null;
}

/** The rules a title fires: per group, the first rule in table order whose scope and cue it has. */
export function firedRules(title: string, groups: readonly ReadingRuleGroup[] = READING_RULE_GROUPS): FiredRule[] {
  const words = wordsOfTitle(title);
  const out: FiredRule[] = [];
  const decided = new Set<ReadingRuleGroup>();
  for (const rule of READING_RULES) {
    if (decided.has(rule.group) || !groups.includes(rule.group)) continue;
    if (rule.scope && firstFound(words, rule.scope) === null) continue;
    const cue = firstFound(words, rule.when);
    if (cue === null || (rule.unless && firstFound(words, rule.unless) !== null)) continue;
    out.push({ rule, cue });
    decided.add(rule.group);
  }
  return out;
}

/** A line's factor under the fired rules, and the rules that moved it (none: factor 1). */
export function ruleFactor(fired: readonly FiredRule[], code: string): { factor: number; moved: FiredRule[] } {
  let factor = 1;
  const moved: FiredRule[] = [];
  for (const f of fired) {
    if (f.rule.favour.some((p) => code.startsWith(p))) {
      factor *= RULE_FACTORS.favour;
      moved.push(f);
    } else if (f.rule.disfavour.some((p) => code.startsWith(p))) {
      factor *= RULE_FACTORS.disfavour;
      moved.push(f);
    }
  }
  return { factor, moved };
}
