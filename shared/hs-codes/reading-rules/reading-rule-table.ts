/**
 * The reading rules, one table in the order they are tried (the first of a group that fires wins:
 * ../reading-rules.ts). Each cites the tariff's note it reads.
 */
import {
  BEADS_NOT_OF_STONE,
  FOOTWEAR,
  GARMENTS,
  JEWELLERY,
  JEWELLERY_ARTICLES,
  MAN_MADE_FIBRE_GARMENTS,
  PEARLS,
  STONES,
  WOOL_OR_SILK_GARMENTS,
} from "./cue-words.ts";

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
