/**
 * A seller's attributes as the classifier reads them (issue 41). Free key/value pairs with lower-case
 * snake-case keys, as a shop or an ERP holds them; what a key says decides how its value weighs: a
 * material decides between fibre or material siblings, an item type or category names the goods, a
 * gender or fabric type decides between the lines that state them. Unknown keys are allowed and read
 * only for the facts their values state (tariff-facts.ts), at a lower weight. Pure.
 */
import { type FactWeights, mergeFacts, namedFacts } from "./tariff-facts.ts";

/** A key: lower-case snake case, a letter first ("material", "item_type", "package_size_length_cm"). */
export const ATTRIBUTE_KEY = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
export const MAX_ATTRIBUTES = 40;
export const MAX_ATTRIBUTE_KEY = 60;
export const MAX_ATTRIBUTE_VALUE = 300;

/** Keys whose value names the goods ("dress", "PENDANTS"). */
const GOODS_KEYS = ["item_type", "product_type", "type", "article", "goods"];
/** Keys whose value is what the goods are made of. */
const MATERIAL_KEYS = /(^|_)(material|materials|fabric|fibre|fiber|composition|metal|metals)(_|$)/;
/** Keys whose value decides between men's/women's or knitted/woven lines. */
const DECIDING_KEYS = /(^|_)(gender|department|fabric_type|technics|construction|knit|style_type|weaving|weave)(_|$)/;
/**
 * How a shop's weaving attribute says woven: AliExpress's "Craft of Weaving" is "Knit" or "Tat" (its
 * English for 梭织, shuttle-woven).
 */
const WEAVING_KEY = /(^|_)(weaving|weave)(_|$)/;
const SHUTTLE_WOVEN = /^\s*tat\s*$/i;
/** Keys that say nothing of the goods' classification (the seller's own logistics and marks). */
const IGNORED_KEYS = /(^|_)(origin|brand|model|sku|price|package|weight|size|colou?r|unit|pack|sold|cn|standard|certification)(_|$)/;

export interface ReadAttributes {
  /** Words naming the goods: the item type, then the category's last level. */
  goods: string[];
  /** Facts by dimension (tariff-facts.ts): the materials weigh fully, other keys' facts less. */
  facts: FactWeights;
}

/** The key's problem, or null when it is acceptable. */
export function attributeKeyProblem(key: string): string | null {
  if (key.length > MAX_ATTRIBUTE_KEY) return `is longer than ${MAX_ATTRIBUTE_KEY} characters`;
  if (!ATTRIBUTE_KEY.test(key)) return 'is not lower-case snake case (letters, digits and "_", a letter first), e.g. "item_type"';
  return null;
}

/** The goods words and weighed facts of the attributes (keys already checked). */
export function readAttributes(attributes: Readonly<Record<string, string>>): ReadAttributes {
  const goods: string[] = [];
  let facts: FactWeights = new Map();
  for (const key of GOODS_KEYS) {
    const v = attributes[key];
    if (v && v.toLowerCase() !== "none") goods.push(v);
  }
  const category = attributes.category;
  if (category) {
    // "Women's Clothing > Dresses": the last level names the goods; the whole path may state a gender.
    const levels = category.split(/\s*(?:>|\/|\\|\||->)\s*/).filter((x) => x.trim() !== "");
    if (levels.length > 0) goods.push(levels[levels.length - 1]);
  }
  for (const [key, value] of Object.entries(attributes)) {
    if (!value || value.toLowerCase() === "none") continue;
    if (WEAVING_KEY.test(key) && SHUTTLE_WOVEN.test(value)) {
      facts = mergeFacts(facts, namedFacts("woven"), 0.9);
      continue;
    }
    if (MATERIAL_KEYS.test(key)) facts = mergeFacts(facts, namedFacts(value), 1);
    else if (DECIDING_KEYS.test(key) || key === "category") facts = mergeFacts(facts, namedFacts(value), 0.9);
    else if (!IGNORED_KEYS.test(key) && !GOODS_KEYS.includes(key)) facts = mergeFacts(facts, namedFacts(value), 0.4);
  }
  return { goods, facts };
}
