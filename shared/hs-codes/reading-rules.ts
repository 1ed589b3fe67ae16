/**
 * How a customs classifier reads a product title (issue 27): rules of the tariff's legal notes and the HS
 * Explanatory Notes' usual readings that neither the tariff's words nor a model of them encode. One table,
 * one source of truth; pure functions. A rule fires on cue words of the title and moves the lines under
 * some code prefixes up (favour) or down (disfavour) before BM25F's best lines are cut; it may also add
 * the tariff's own words for what the cue names (`reads`), so that the favoured lines are among the
 * candidates at all (7116's texts say "precious or semi-precious stones", never "zircon").
 *
 * Within a group the rules are tried in order and the first that fires wins: a title stating a precious
 * metal is 7113 whatever stones it names (Note 9 of chapter 71), loose stones and beads of stone sold as
 * beads are unset before stones make an article 7116, stones decide before plating or base metal does
 * (Note 11), PU "leather" is plastics before "leather" is leather (Note 4 of chapter 64). A garment's fibre
 * decides its subheading, never its heading (`withinHeading`).
 */
import { foldHsText } from "./normalize.ts";

export type ReadingRuleGroup = "jewellery" | "footwear" | "garments" | "garment-sets" | "bags";

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
  /**
   * Words that keep the rule from firing when the title names them before its first "for": that part
   * says what the goods are, the rest what they are for ("bead necklace" is a necklace, "beads for
   * necklace making" are beads).
   */
  unlessInProduct?: readonly string[];
  /** Code prefixes whose lines the reading points to, and those it rules out. */
  favour: readonly string[];
  disfavour: readonly string[];
  /** The tariff's words for what the cue names, added to the query (weight WEIGHTS.rule, query-plan.ts). */
  reads?: readonly string[];
  /**
   * The rule reads the subheading, never the heading: a favoured line rises at most to the score its
   * heading's best line had (score-lines.ts rankLines), so the rule reorders a heading's lines and cannot
   * lift one heading over another ("non-slip socks" are no slips of 6208.11).
   */
  withinHeading?: boolean;
  /**
   * The lines of the favoured subheadings are candidates even when the title's words select none of them:
   * the goods are those of a heading whose texts do not have the title's product noun (7101's pearls never
   * say "beads").
   */
  bringsLines?: boolean;
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

/** Precious or semi-precious stones, natural, synthetic or reconstructed (chapter 71). */
const STONES = [
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
];

/** Real pearls, natural or cultured (7101); "pearl" alone is as often of glass or plastics (7018, 3926). */
const PEARLS = ["cultured pearl", "freshwater pearl", "natural pearl"];

/** Beads that say they are not of stone or pearl. */
const BEADS_NOT_OF_STONE = ["imitation", "faux", "artificial", "glass", "acrylic", "plastic", "resin", "abs"];

/** Pieces of jewellery made up (strung, mounted or set), as against the stones and beads they are made of. */
const JEWELLERY_ARTICLES = ["necklace", "bracelet", "earring", "ring", "pendant", "anklet", "choker", "bangle", "brooch", "keychain"];

/** Garments and clothing accessories of chapters 61 and 62 (the title's goods). */
const GARMENTS = [
  "dress",
  "gown",
  "skirt",
  "shorts",
  "pants",
  "trousers",
  "leggings",
  "suit",
  "blazer",
  "jacket",
  "coat",
  "parka",
  "anorak",
  "windbreaker",
  "blouse",
  "shirt",
  "hoodie",
  "sweatshirt",
  "sweater",
  "cardigan",
  "pullover",
  "jumper",
  "pajamas",
  "pyjamas",
  "pijamas",
  "sleepwear",
  "nightgown",
  "nightdress",
  "robe",
  "bathrobe",
  "underwear",
  "briefs",
  "panties",
  "swimsuit",
  "swimwear",
  "bikini",
  "tracksuit",
  "track suit",
  "jumpsuit",
  "romper",
  "overalls",
  "camisole",
  "socks",
  "stockings",
  "tights",
  "pantyhose",
  "scarf",
  "scarves",
  "shawl",
  "bow tie",
  "bowtie",
  "necktie",
  "abaya",
  "kaftan",
];

/**
 * HS 2022 subheadings of chapters 61 and 62 whose text says "of wool or fine animal hair" or "of silk or
 * silk waste" (not "other than …"): read once from the WCO's 6-digit texts, so they hold for every schedule.
 */
const WOOL_OR_SILK_GARMENTS = [
  "610210",
  "610331",
  "610341",
  "610431",
  "610441",
  "610451",
  "610461",
  "611011",
  "611594",
  "611691",
  "620120",
  "620220",
  "620311",
  "620331",
  "620341",
  "620411",
  "620421",
  "620431",
  "620441",
  "620451",
  "620461",
  "620610",
  "620620",
  "621410",
  "621420",
  "621510",
];

/**
 * HS 2022 subheadings of chapters 61 and 62 whose text says "of synthetic fibres", "of man-made fibres"
 * or "of artificial fibres" (not "other than … fibres"): read once from the WCO's 6-digit texts, so they
 * hold for every schedule.
 */
const MAN_MADE_FIBRE_GARMENTS = [
  "610130",
  "610230",
  "610323",
  "610333",
  "610343",
  "610413",
  "610423",
  "610433",
  "610443",
  "610444",
  "610453",
  "610463",
  "610520",
  "610620",
  "610712",
  "610722",
  "610811",
  "610822",
  "610832",
  "610892",
  "611030",
  "611130",
  "611212",
  "611231",
  "611241",
  "611430",
  "611521",
  "611522",
  "611596",
  "611693",
  "620140",
  "620240",
  "620312",
  "620323",
  "620333",
  "620343",
  "620413",
  "620423",
  "620433",
  "620443",
  "620444",
  "620453",
  "620463",
  "620530",
  "620640",
  "620722",
  "620811",
  "620822",
  "620892",
  "620930",
  "621133",
  "621143",
  "621430",
  "621440",
  "621520",
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
    id: "jewellery-pearl-beads",
    group: "jewellery",
    note: "Pearls sold as beads (for jewellery making) are pearls not strung, mounted or set: 7101; a pearl necklace is a made-up article (7116).",
    scope: ["bead"],
    when: PEARLS,
    unless: BEADS_NOT_OF_STONE,
    unlessInProduct: JEWELLERY_ARTICLES,
    bringsLines: true,
    favour: ["7101"],
    disfavour: ["7103", "7104", "7113", "7116", "7117", "7018", "830890"],
  },
  {
    id: "jewellery-stone-beads",
    group: "jewellery",
    note: "Beads of precious or semi-precious stone sold as beads (for jewellery making) are stones not strung, mounted or set: 7103, 7104; a bead bracelet is a made-up article (7116).",
    scope: ["bead"],
    when: STONES,
    unless: BEADS_NOT_OF_STONE,
    unlessInProduct: JEWELLERY_ARTICLES,
    bringsLines: true,
    favour: ["7103", "7104"],
    disfavour: ["7101", "7113", "7116", "7117", "7018", "830890"],
  },
  {
    id: "jewellery-stones",
    group: "jewellery",
    note: "Precious or semi-precious stones, natural, synthetic or reconstructed (cubic zirconia, moissanite), and real pearls make the article 7116, not imitation jewellery (Note 11).",
    scope: JEWELLERY,
    when: [...STONES, ...PEARLS],
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
  // ---- Garments (Section XI, Note 2: a garment of mixed textiles is of the one predominating by weight).
  {
    id: "garments-fibre-unstated",
    group: "garments",
    note: "A shop title names cotton, silk, wool, linen, cashmere or leather when the garment is of them and leaves polyester unnamed; man-made fibres are most of the world's fibre: a garment of unstated fibre is read as of synthetic, man-made or artificial fibres.",
    when: GARMENTS,
    unless: [
      "cotton",
      "silk",
      "wool",
      "woolen",
      "woollen",
      "merino",
      "cashmere",
      "alpaca",
      "mohair",
      "angora",
      "linen",
      "hemp",
      "denim",
      "jean",
      "leather",
      "suede",
      "fur",
      "rubber",
      "latex",
      "pvc",
      "plastic",
      ...FOOTWEAR,
    ],
    favour: MAN_MADE_FIBRE_GARMENTS,
    disfavour: WOOL_OR_SILK_GARMENTS,
    withinHeading: true,
    bringsLines: true,
  },
  // ---- Garment sets (Chapters 61 and 62, Note 3: a suit has a jacket or blazer and trousers, skirt or
  // shorts of identical fabric; other garments of one fabric put up together, a top and a bottom, are an
  // ensemble).
  {
    id: "garments-ensemble",
    group: "garment-sets",
    note: "A two-piece, matching or 2pcs set of a top and a bottom, with no jacket or blazer named, is an ensemble, not a suit (Note 3 of chapters 61 and 62); sleepwear, swimwear, tracksuits and underwear sets have headings of their own.",
    scope: GARMENTS,
    when: ["two piece", "2 piece", "2pcs", "2 pcs", "3pcs", "three piece", "matching set", "set"],
    unless: [
      "pajamas",
      "pyjamas",
      "pijamas",
      "sleepwear",
      "nightwear",
      "loungewear set",
      "swimsuit",
      "swimwear",
      "bikini",
      "tracksuit",
      "track suit",
      "underwear",
      "lingerie",
      "bra",
      "panties",
      "socks",
      "blazer",
      "jacket",
      "tuxedo",
      "jewelry",
      "jewellery",
    ],
    favour: [
      "610322",
      "610323",
      "610329",
      "610422",
      "610423",
      "610429",
      "620322",
      "620323",
      "620329",
      "620421",
      "620422",
      "620423",
      "620429",
    ],
    disfavour: ["610310", "610413", "610419", "620311", "620312", "620319", "620411", "620412", "620413", "620419"],
    withinHeading: true,
    bringsLines: true,
  },
  // ---- Bags (heading 4202 names handbags, satchels, rucksacks, travel and sports bags; 3923 is for "the
  // conveyance or packing of goods", 4819 and 6305 are packing sacks of paper and of textiles).
  {
    id: "bags-carried",
    group: "bags",
    note: "A bag worn or carried by a person (shoulder, crossbody, messenger, tote, backpack, waist, clutch …) is a handbag, rucksack or similar container of 4202, not a packing bag of 3923, 4819 or 6305.",
    scope: ["bag", "handbag", "backpack", "rucksack", "purse"],
    when: [
      "shoulder",
      "crossbody",
      "cross body",
      "messenger",
      "handbag",
      "tote",
      "backpack",
      "rucksack",
      "waist bag",
      "chest bag",
      "sling bag",
      "clutch",
      "purse",
      "satchel",
      "school bag",
      "laptop bag",
      "travel bag",
      "duffel",
      "underarm",
      "bucket bag",
    ],
    // Goods for a bag, not the bag: a badge or a patch for a backpack, a bag charm.
    unless: ["jewelry", "jewellery", "brooch", "badge", "pin", "patch", "applique", "keychain", "key chain", "charm", "pendant"],
    favour: ["4202"],
    disfavour: ["3923", "4819", "6305"],
  },
];

/** Factors of a fired rule on a line's BM25F score: chosen on HSCodeComp's dev half (docs/hs-codes.md). */
export const RULE_FACTORS = { favour: 1.5, disfavour: 0.6 };

/** The groups in force (all; tests and measurements may pass fewer to firedRules). */
export const READING_RULE_GROUPS: readonly ReadingRuleGroup[] = ["jewellery", "footwear", "garments", "garment-sets", "bags"];

/** A rule that fired on a title, with the words that fired it (matched[]'s term). */
export interface FiredRule {
  rule: ReadingRule;
  cue: string;
}

/** The title as words separated by single spaces, padded: cues match whole words and phrases. */
export function wordsOfTitle(title: string): string {
  const folded = foldHsText(title).toLowerCase().replace(/'s\b/g, "").replace(/'/g, "");
  return ` ${folded.replace(/[^a-z0-9]+/g, " ").trim()} `;
}

/** The first of `phrases` the title has (a trailing "s" or "es" allowed), or null. */
export function firstFound(words: string, phrases: readonly string[]): string | null {
  for (const p of phrases) {
    const phrase = p.replace(/[^a-z0-9]+/g, " ").trim();
    if (words.includes(` ${phrase} `) || words.includes(` ${phrase}s `) || words.includes(` ${phrase}es `)) return p;
  }
  return null;
}

/** The words before the title's first "for" (padded as `words` is): what the goods are, not what they are for. */
function productPart(words: string): string {
  const at = words.indexOf(" for ");
  return at < 0 ? words : `${words.slice(0, at)} `;
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
    if (rule.unlessInProduct && firstFound(productPart(words), rule.unlessInProduct) !== null) continue;
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

/** How the fired rules that read only the subheading (`withinHeading`) move a line: up, down or not at all. */
export function withinHeadingMove(fired: readonly FiredRule[], code: string): "favour" | "disfavour" | null {
  for (const f of fired) {
    if (!f.rule.withinHeading) continue;
    if (f.rule.favour.some((p) => code.startsWith(p))) return "favour";
    if (f.rule.disfavour.some((p) => code.startsWith(p))) return "disfavour";
  }
  return null;
}

/**
 * The schedule's subheadings (of `subheadings`) whose lines the fired rules bring as candidates
 * (`bringsLines`). A rule that reads only the subheading (`withinHeading`) brings them only under the
 * headings in `headings` (those the title's words already reached): it picks a heading's subheading and
 * never proposes a heading of its own.
 */
export function broughtSubheadings(
  fired: readonly FiredRule[],
  subheadings: Iterable<string>,
  headings: ReadonlySet<string> = new Set(),
): string[] {
  const brings = fired.filter((f) => f.rule.bringsLines);
  if (brings.length === 0) return [];
  return [...subheadings].filter((k) =>
    brings.some((f) => (!f.rule.withinHeading || headings.has(k.slice(0, 4))) && f.rule.favour.some((p) => k.startsWith(p))),
  );
}
