/**
 * Everyday words that tariff texts do not use, mapped to the tariff's own wording: nobody types
 * "portable automatic data processing machines", everybody types "laptop". Also the US/UK spellings
 * (tires/tyres, jewelry/jewellery), because the US schedule writes American English and the others
 * British English. Pure data and lookup.
 *
 * Each entry maps a folded word or phrase (one to three words) to alternative tariff phrases; every
 * word of an alternative must occur in a line's text (its own or its ancestors'). The query's own words
 * always stay an alternative too, so a synonym can only add matches, never hide one.
 */

type Entry = readonly [keys: string | readonly string[], alternatives: readonly string[]];

const ENTRIES: readonly Entry[] = [
  // Computers and electronics
  [["laptop", "notebook computer", "netbook", "ultrabook", "macbook", "chromebook"], ["portable automatic data processing machines"]],
  [["computer", "pc", "desktop computer", "personal computer"], ["automatic data processing machines"]],
  [["tablet computer", "ipad"], ["portable automatic data processing machines"]],
  [
    ["smartphone", "mobile phone", "cell phone", "cellphone", "cellular phone", "iphone"],
    ["smartphones", "telephones for cellular networks"],
  ],
  [
    ["phone", "handset"],
    ["telephone sets", "telephones"],
  ],
  [
    ["tv", "television", "television set", "smart tv"],
    ["television reception apparatus", "television receivers"],
  ],
  [["earphones", "earbuds", "headset", "headphones"], ["headphones earphones"]],
  [["speaker", "speakers"], ["loudspeakers"]],
  [["charger", "power adapter", "power supply"], ["static converters"]],
  [["power bank", "powerbank"], ["lithium-ion accumulators"]],
  [
    ["battery", "batteries"],
    ["electric accumulators", "primary cells batteries"],
  ],
  [["lithium battery", "lithium ion battery", "li-ion battery"], ["lithium-ion accumulators"]],
  [
    ["usb stick", "flash drive", "usb flash drive", "thumb drive", "memory stick", "memory card", "sd card"],
    ["solid-state non-volatile storage devices"],
  ],
  [["hard drive", "hard disk", "ssd", "hdd"], ["storage units"]],
  [["router", "modem", "wifi router", "network switch"], ["machines for the reception conversion and transmission"]],
  [["drone", "quadcopter"], ["unmanned aircraft"]],
  [["game console", "video game console", "games console", "playstation", "xbox"], ["video game consoles"]],
  [
    ["webcam", "camcorder", "digital camera", "camera"],
    ["digital cameras", "video camera recorders"],
  ],
  [
    ["printer", "inkjet printer", "laser printer"],
    ["printers", "printing machinery"],
  ],
  [["screen", "monitor", "computer monitor", "display"], ["monitors"]],
  [
    ["solar panel", "solar panels", "solar module", "pv panel"],
    ["photovoltaic cells modules panels", "photovoltaic"],
  ],
  [["led", "led bulb", "led lamp"], ["light-emitting diode"]],
  [
    ["light bulb", "lightbulb", "bulb", "light bulbs"],
    ["lamps", "light-emitting diode lamps"],
  ],
  [
    ["lamp", "table lamp", "desk lamp", "floor lamp", "lampshade", "ceiling light", "chandelier"],
    ["luminaires", "lighting fittings"],
  ],
  [["cable", "cables", "charging cable", "usb cable"], ["insulated electric conductors"]],
  // Household appliances
  [
    ["fridge", "refrigerator", "fridge freezer"],
    ["refrigerators", "refrigerating equipment"],
  ],
  [["washer", "washing machine", "laundry machine"], ["household or laundry-type washing machines"]],
  [["dishwasher"], ["dish washing machines"]],
  [["microwave", "microwave oven"], ["microwave ovens"]],
  [["hair dryer", "hairdryer", "blow dryer", "hair drier"], ["hair dryers"]],
  [["iron", "clothes iron", "steam iron"], ["smoothing irons"]],
  [
    ["kettle", "electric kettle", "toaster", "coffee machine", "coffee maker"],
    ["electrothermic domestic appliances", "coffee or tea makers", "toasters"],
  ],
  [["air conditioner", "aircon", "ac unit", "air conditioning"], ["air conditioning machines"]],
  [["vacuum", "vacuum cleaner", "hoover"], ["vacuum cleaners"]],
  [
    ["blender", "food processor", "mixer"],
    ["electromechanical domestic appliances", "food grinders processors mixers"],
  ],
  // Vehicles
  [
    ["car", "automobile", "passenger car", "sedan", "suv", "hatchback"],
    ["motor cars transport of persons", "motor vehicles principally designed for the transport of persons"],
  ],
  [["truck", "lorry", "pickup truck", "van"], ["motor vehicles for the transport of goods"]],
  [
    ["bike", "cycle"],
    ["bicycles", "motorcycles"],
  ],
  [
    ["e-bike", "ebike", "electric bicycle", "electric bike"],
    ["cycles electric motor", "bicycles electric motor"],
  ],
  [
    ["scooter", "electric scooter", "e-scooter", "moped"],
    ["motorcycles", "scooters"],
  ],
  [["motorbike", "motorcycle"], ["motorcycles"]],
  [["stroller", "pram", "pushchair", "buggy"], ["baby carriages"]],
  [["wheelchair"], ["carriages for disabled persons"]],
  // Clothing, footwear, accessories
  [["t-shirt", "tshirt", "tee", "tee shirt"], ["t-shirts"]],
  [
    ["jeans", "denim jeans"],
    ["trousers denim", "trousers"],
  ],
  [["pants", "slacks", "chinos"], ["trousers"]],
  [
    ["hoodie", "sweatshirt", "sweater", "jumper", "pullover"],
    ["jerseys pullovers", "sweaters", "sweatshirts"],
  ],
  [
    ["coat", "parka", "raincoat"],
    ["overcoats anoraks", "coats"],
  ],
  [["underwear", "boxers", "panties", "knickers"], ["underpants briefs"]],
  [["bra"], ["brassieres"]],
  [
    ["leggings", "tights", "stockings"],
    ["pantyhose tights", "hosiery"],
  ],
  [["swimsuit", "bikini", "swimwear", "swimming trunks"], ["swimwear"]],
  [["baby clothes", "baby clothing", "babywear"], ["babies garments"]],
  [
    ["sneakers", "trainers", "running shoes", "sports shoes", "tennis shoes"],
    ["sports footwear", "footwear outer soles rubber plastics uppers textile"],
  ],
  [["shoes", "boots", "sandals", "slippers", "heels"], ["footwear"]],
  [["flip flops", "flip-flops", "thongs"], ["footwear upper straps thongs"]],
  [["cap", "hat", "beanie", "baseball cap"], ["hats headgear"]],
  [["handbag", "purse"], ["handbags"]],
  [
    ["backpack", "rucksack", "school bag"],
    ["rucksacks backpacks", "travelling bags"],
  ],
  [
    ["wallet", "billfold", "card holder"],
    ["wallets", "articles normally carried in the pocket or in the handbag"],
  ],
  [["suitcase", "luggage", "trolley case"], ["trunks suitcases"]],
  [["glasses", "eyeglasses", "spectacles"], ["spectacles"]],
  [
    ["watch", "wristwatch", "wrist watch", "smartwatch"],
    ["wrist-watches", "wrist watches"],
  ],
  [
    ["necklace", "ring", "bracelet", "earrings", "jewelry", "jewellery", "pendant", "brooch"],
    ["jewellery", "jewelry"],
  ],
  // Home
  [["sofa", "couch", "armchair"], ["seats upholstered"]],
  [["chair", "chairs", "stool"], ["seats"]],
  [["desk", "wardrobe", "cupboard", "bookcase", "shelf", "shelves"], ["furniture"]],
  [
    ["pillow", "cushion", "duvet", "comforter", "quilt"],
    ["cushions pillows", "quilts eiderdowns"],
  ],
  [["bed sheets", "bed sheet", "bedsheets", "sheets", "pillowcases", "duvet cover"], ["bed linen"]],
  [
    ["towel", "towels", "bath towel", "bath towels", "tea towel"],
    ["toilet linen terry towelling", "toilet and kitchen linen"],
  ],
  [["rug", "rugs", "carpet", "carpets"], ["carpets textile floor coverings"]],
  [
    ["saucepan", "saucepans", "pot", "pots", "pan", "pans", "cookware", "frying pan"],
    ["table kitchen household articles", "cooking"],
  ],
  [
    ["cutlery", "spoons", "forks", "flatware"],
    ["spoons forks", "tableware"],
  ],
  [["knife", "knives", "kitchen knife", "kitchen knives"], ["knives cutting blades"]],
  [
    ["plates", "dishes", "mugs", "cups", "bowls", "dinnerware", "crockery"],
    ["tableware kitchenware", "tableware"],
  ],
  [["diapers", "diaper", "nappies", "nappy"], ["napkins napkin liners for babies"]],
  [["toy", "toys"], ["toys"]],
  // Collectible figures sold sealed, the buyer not knowing which of a series is inside.
  [["blind box", "blind boxes", "mystery box"], ["toys"]],
  [["lego", "building blocks"], ["construction sets"]],
  // Printed collectibles and decals: trading cards are printed pictures (4911.91), temporary tattoos are
  // transfers (4908).
  [["trading card", "trading cards", "collection cards", "collectible cards", "collector cards"], ["pictures designs and photographs"]],
  [["temporary tattoo", "temporary tattoos", "tattoo sticker", "tattoo stickers"], ["transfers decalcomanias"]],
  [["jigsaw", "jigsaw puzzle"], ["puzzles"]],
  [["tissues", "paper towels", "kitchen roll"], ["handkerchiefs cleansing tissues towels"]],
  [
    ["cardboard", "carton", "cartons", "corrugated board"],
    ["paperboard", "corrugated paper"],
  ],
  [
    ["box", "boxes", "crate", "crates"],
    ["boxes cartons cases", "packing cases boxes crates"],
  ],
  // Food and drink
  [["shrimp", "shrimps", "prawn", "prawns"], ["shrimps prawns"]],
  [["soda", "soft drink", "soft drinks", "cola", "lemonade"], ["waters containing added sugar"]],
  [["juice"], ["fruit juices"]],
  [["canned", "tinned", "jarred"], ["prepared or preserved"]],
  [
    ["chips", "crisps", "potato chips", "potato crisps"],
    ["potatoes prepared or preserved", "potato chips"],
  ],
  [["fries", "french fries", "chips frozen"], ["potatoes prepared or preserved frozen"]],
  [["candy", "sweets", "lollipops", "gummies"], ["sugar confectionery"]],
  [
    ["cookies", "biscuits", "crackers"],
    ["sweet biscuits", "biscuits"],
  ],
  [["cake", "cakes", "pastries", "croissants"], ["pastry cakes"]],
  [["noodles", "spaghetti", "macaroni"], ["pasta"]],
  [
    ["whisky", "whiskey", "whiskies", "bourbon", "scotch"],
    ["whiskies", "whiskey"],
  ],
  [["liquor", "spirits", "vodka", "gin", "rum", "brandy"], ["spirituous beverages"]],
  [
    ["soy", "soya", "soybean", "soybeans", "soya beans"],
    ["soya beans", "soybeans"],
  ],
  [["corn", "maize"], ["maize corn"]],
  [
    ["peanut", "peanuts", "groundnuts"],
    ["ground-nuts", "peanuts"],
  ],
  [["eggplant", "aubergine"], ["aubergines eggplants"]],
  [["zucchini", "courgette"], ["courgettes zucchini"]],
  [
    ["beef", "steak"],
    ["meat of bovine animals", "beef"],
  ],
  [["pork", "bacon", "ham"], ["meat of swine"]],
  [
    ["chicken", "turkey"],
    ["poultry", "fowls of the species gallus domesticus"],
  ],
  [["lamb", "mutton"], ["meat of sheep"]],
  [
    ["yogurt", "yoghurt", "yoghourt"],
    ["yogurt", "yoghurt"],
  ],
  [
    ["water", "bottled water", "mineral water", "sparkling water"],
    ["mineral waters", "waters"],
  ],
  [["pet food", "dog food", "cat food"], ["dog or cat food put up for retail sale"]],
  [["sugar", "cane sugar", "raw sugar"], ["cane or beet sugar"]],
  // Cosmetics, hygiene, health
  [["perfume", "fragrance", "eau de toilette", "cologne"], ["perfumes and toilet waters"]],
  [["toothpaste", "tooth paste"], ["dentifrices"]],
  [["lipstick", "lip gloss", "lip balm"], ["lip make-up preparations"]],
  [["makeup", "make-up", "cosmetics", "foundation", "mascara"], ["beauty or make-up preparations"]],
  [["deodorant", "antiperspirant"], ["deodorants antiperspirants"]],
  [
    ["detergent", "laundry detergent", "washing powder", "dish soap"],
    ["washing preparations", "surface-active preparations"],
  ],
  [
    ["medicine", "medicines", "pills", "tablets", "capsules", "paracetamol", "ibuprofen", "aspirin", "painkillers", "drugs"],
    ["medicaments measured doses", "medicaments"],
  ],
  [
    ["vitamin", "vitamins", "supplements", "dietary supplements"],
    ["vitamins", "food preparations"],
  ],
  [
    ["bandage", "bandages", "plaster", "band-aid"],
    ["wadding gauze bandages", "adhesive dressings"],
  ],
  [
    ["face mask", "face masks", "surgical mask", "surgical masks"],
    ["made up articles face masks", "protective masks"],
  ],
  // Materials, fuels, chemicals
  [
    ["aluminum", "aluminium"],
    ["aluminium", "aluminum"],
  ],
  [
    ["tire", "tires", "tyre", "tyres", "car tires", "car tyres"],
    ["new pneumatic tyres of rubber", "new pneumatic tires of rubber"],
  ],
  [["lumber", "timber", "planks"], ["wood sawn"]],
  [
    ["fertilizer", "fertiliser", "fertilizers", "fertilisers"],
    ["fertilisers", "fertilizers"],
  ],
  [
    ["gasoline", "petrol"],
    ["motor spirit", "motor gasoline", "petroleum oils"],
  ],
  [
    ["diesel", "diesel fuel", "fuel oil", "kerosene", "jet fuel"],
    ["gas oils", "fuel oils", "petroleum oils"],
  ],
  [["crude oil", "crude"], ["petroleum oils crude"]],
  [
    ["lng", "lpg", "propane", "natural gas"],
    ["petroleum gases", "natural gas"],
  ],
  [["plastic", "plastics"], ["plastics"]],
  [
    ["e-cigarette", "e-cigarettes", "vape", "vapes", "vaporizer"],
    ["electronic cigarettes", "inhalation without combustion"],
  ],
  [
    ["color", "colour"],
    ["colour", "color"],
  ],
  [
    ["fiber", "fibre", "fibers", "fibres"],
    ["fibres", "fibers"],
  ],
  [
    ["gray", "grey"],
    ["grey", "gray"],
  ],
  [
    ["sulfur", "sulphur"],
    ["sulphur", "sulfur"],
  ],
  [
    ["molded", "moulded"],
    ["moulded", "molded"],
  ],
];

/** Key (folded words joined by one space) → alternative phrases. */
const TABLE: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const [keys, alternatives] of ENTRIES) {
    for (const key of typeof keys === "string" ? [keys] : keys) {
      const list = map.get(key) ?? [];
      for (const a of alternatives) if (!list.includes(a)) list.push(a);
      map.set(key, list);
    }
  }
  return map;
})();

/** Longest key, in words. */
export const MAX_SYNONYM_WORDS = 3;

/** How many everyday keys the table has (for the docs and tests). */
export const SYNONYM_KEY_COUNT = TABLE.size;

/** A crude singular for lookups only ("laptops" → "laptop", "knives" → "knife", "boxes" → "box"). */
export function singularWord(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ives")) return `${word.slice(0, -3)}fe`;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** The tariff phrases for an everyday phrase (its words already folded), or an empty list. */
export function synonymsFor(words: readonly string[]): readonly string[] {
  const key = words.join(" ");
  const direct = TABLE.get(key);
  if (direct) return direct;
  const singular = [...words.slice(0, -1), singularWord(words[words.length - 1])].join(" ");
  return TABLE.get(singular) ?? [];
}

/** The one-word everyday keys ("laptop", "fridge"), which the typo vocabulary knows too. */
export function everydayWords(): string[] {
  return [...TABLE.keys()].filter((k) => !k.includes(" "));
}
