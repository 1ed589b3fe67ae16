import { describe, expect, it } from "vitest";
import { applyAnswers } from "../../shared/hs-codes/classify/apply-answers.ts";
import { childrenOf, headingFit, lineFit, stepFit, valueFit } from "../../shared/hs-codes/classify/line-fit.ts";
import { meetsValueCondition, readValueCondition, unitPriceUsd } from "../../shared/hs-codes/classify/value-condition.ts";
import { buildQuestions, isResolved, type Pooled } from "../../shared/hs-codes/classify/question-builder.ts";
import { attributeKeyProblem, readAttributes } from "../../shared/hs-codes/classify/read-attributes.ts";
import { namedFacts, statedFacts } from "../../shared/hs-codes/classify/tariff-facts.ts";
import { subheadingDepths } from "../../shared/hs-codes/classify/heading-lines.ts";
import { setsUnstatedCondition, unstatedBranchDepth, wordsOf } from "../../shared/hs-codes/classify/unstated-condition.ts";

const takesUnstated = (...a: Parameters<typeof unstatedBranchDepth>) => unstatedBranchDepth(...a) !== null;

const DRESSES = "Women's or girls' suits, ensembles, dresses, knitted or crocheted";
const pool: Pooled[] = [
  { code: "6104420010", path: [DRESSES, "Dresses", "Of cotton", "Women's (659)"], score: 3 },
  { code: "6104420020", path: [DRESSES, "Dresses", "Of cotton", "Girls' (659)"], score: 1 },
  { code: "6104430010", path: [DRESSES, "Dresses", "Of synthetic fibers", "Women's (659)"], score: 3 },
  { code: "6104440000", path: [DRESSES, "Dresses", "Of artificial fibers"], score: 1 },
  { code: "6104490000", path: [DRESSES, "Dresses", "Of other textile materials"], score: 0.5 },
];

describe("tariff facts", () => {
  it("reads what a line's text states and what a seller's text names", () => {
    expect(statedFacts("Of man-made fibres").get("fibre")).toEqual(new Set(["synthetic", "artificial"]));
    expect(statedFacts("Not knitted or crocheted").get("construction")).toEqual(new Set(["woven"]));
    expect(statedFacts("Men's or boys'").get("gender")).toEqual(new Set(["male"]));
    const mix = namedFacts("cotton 95%, elastane 5%").get("fibre");
    expect(mix?.get("cotton")).toBe(1);
    expect(mix?.get("synthetic")).toBeCloseTo(5 / 95);
    expect(namedFacts("Polyester, Cotton").get("fibre")).toEqual(
      new Map([
        ["synthetic", 1],
        ["cotton", 0.5],
      ]),
    );
  });
  it("'of base metal' is stated by every base metal a seller names, not by plastics", () => {
    const baseMetal = statedFacts("Of base metal, whether or not plated with precious metal").get("material") ?? new Set();
    for (const seller of ["Zinc Alloy", "Stainless Steel", "Brass", "Metal"]) {
      const named = [...(namedFacts(seller).get("material")?.keys() ?? [])];
      expect(named.some((id) => baseMetal.has(id))).toBe(true);
    }
    expect([...(namedFacts("Plastic").get("material")?.keys() ?? [])].some((id) => baseMetal.has(id))).toBe(false);
    // "Whether or not plated with precious metal" sets no condition: the line is of base metal only.
    expect([...baseMetal].some((id) => ["silver", "gold", "platinum"].includes(id))).toBe(false);
    // Pencil leads and food in tins state no metal.
    expect(statedFacts("Pencil leads, black").get("material")).toBeUndefined();
  });
  it("matches a phrase as a whole word, + s or + es, and places a fact where its first form is", () => {
    expect(statedFacts("Of glasses").get("material")).toEqual(new Set(["glass"]));
    expect(statedFacts("Cottonseed").get("fibre")).toBeUndefined();
    // "wool" at 0 comes before "cotton" at 8: wool is the chief fibre.
    expect(namedFacts("Wools / cottons").get("fibre")).toEqual(
      new Map([
        ["wool", 1],
        ["cotton", 0.5],
      ]),
    );
  });
});

describe("precious metals (heading 7113)", () => {
  const silverLine = "Of silver, whether or not plated or clad with other precious metal";
  const otherLine = "Of other precious metal, whether or not plated or clad with precious metal";
  const siblings = new Set([silverLine, otherLine]);
  it("each is its own fact; 'precious metal' states them all", () => {
    expect(statedFacts(silverLine).get("material")).toEqual(new Set(["silver"]));
    expect(statedFacts("Articles of precious metal").get("material")).toEqual(new Set(["silver", "gold", "platinum"]));
    expect([...(namedFacts("925 sterling silver").get("material")?.keys() ?? [])]).toEqual(["silver"]);
    expect([...(namedFacts("14K gold").get("material")?.keys() ?? [])]).toEqual(["gold"]);
  });
  it("a precious metal's look is no material: gold colour, plated, tone", () => {
    const material = (t: string) => [...(namedFacts(t).get("material")?.keys() ?? [])];
    expect(material("18K Gold Color Brass")).toEqual(["copper"]);
    expect(material("925 Sterling Silver Rose Gold Plated")).toEqual(["silver"]);
    expect(material("plated with 18k gold, brass")).toEqual(["copper"]);
    expect(material("Solid 14K Gold")).toEqual(["gold"]);
  });
  it("'of other precious metal' is what its siblings do not name: silver goes to 'Of silver', gold to the other", () => {
    const silver = namedFacts("925 sterling silver");
    const gold = namedFacts("14K gold");
    expect(stepFit(silverLine, siblings, silver)).toBeGreaterThan(0);
    expect(stepFit(otherLine, siblings, silver)).toBeLessThan(0);
    expect(stepFit(otherLine, siblings, gold)).toBeGreaterThan(0);
    expect(stepFit(silverLine, siblings, gold)).toBeLessThan(0);
  });
});

describe("a national line's own condition", () => {
  it("applies only when the seller writes one of its words; 'Other' sets none", () => {
    const brooch = wordsOf("Enamel Badge Gothic Metal Brooch zinc alloy");
    expect(setsUnstatedCondition("Toy jewelry valued not over 8 cents per piece", brooch)).toBe(true);
    expect(setsUnstatedCondition("Toy jewelry valued not over 8 cents per piece", wordsOf("kids brooch, cheap jewelry"))).toBe(false);
    expect(setsUnstatedCondition("Golf bags", wordsOf("leather golf bag"))).toBe(false);
    expect(setsUnstatedCondition("Other", brooch)).toBe(false);
    expect(setsUnstatedCondition("Other (347)", brooch)).toBe(false);
  });
  it("holds at every step below the subheading, where a branch sets a condition beside an 'Other' branch", () => {
    // HTS 7117.19: chain in continuous lengths (by value per meter, then toy jewelry) beside "Other:".
    const sub = ["Imitation jewelry", "Of base metal", "Other"];
    const chain = "Rope, curb, cable, chain and similar articles produced in continuous lengths";
    const tree = new Map<string, Set<string>>([
      [sub.join(" > "), new Set([chain, "Religious articles", "Other"])],
      [[...sub, chain].join(" > "), new Set(["Valued not over 33 cents per meter", "Valued over 33 cents per meter"])],
      [[...sub, "Other"].join(" > "), new Set(["Toy jewelry valued not over 8 cents per piece", "Other"])],
    ]);
    const siblingsAt = (path: readonly string[]) => (depth: number) => tree.get(path.slice(0, depth).join(" > "));
    const brooch = wordsOf("Enamel Badge Gothic Metal Brooch");
    const underChain = [...sub, chain, "Valued over 33 cents per meter"];
    expect(takesUnstated(underChain, sub.length, siblingsAt(underChain), brooch)).toBe(true);
    expect(takesUnstated(underChain, sub.length, siblingsAt(underChain), wordsOf("gold colour chain, 10 m"))).toBe(false);
    const residual = [...sub, "Other", "Other"];
    expect(takesUnstated(residual, sub.length, siblingsAt(residual), brooch)).toBe(false);
    // The subheading's own step is the search's to decide, not this rule's.
    expect(takesUnstated(underChain, sub.length + 1, siblingsAt(underChain), brooch)).toBe(false);
  });

  // HTS 9503.00: the heading is its own subheading, with no 6-digit line; its national lines split on
  // "Children's products" beside "Other", then (inflatable balls of rubber / "Other") and the age.
  const TOYS = "Tricycles, scooters, pedal cars and similar wheeled toys; dolls; other toys; reduced-scale models";
  const CHILDREN = "“Childrenʼs productsˮ as defined in 15 U.S.C. § 2052:";
  const BALLS = "Inflatable toy balls, balloons and punchballs, of rubber:";
  const LABELED = "Labeled or determined by importer as intended for use by persons:";
  const toyLines = [
    { code: "9503", path: [TOYS] },
    { code: "95030000", path: [TOYS] },
    { code: "9503000011", path: [TOYS, CHILDREN, BALLS, LABELED, "Under 3 years of age"] },
    { code: "9503000071", path: [TOYS, CHILDREN, "Other:", LABELED, "Under 3 years of age"] },
    { code: "9503000090", path: [TOYS, "Other"] },
  ];
  const toyTree = childrenOf(toyLines.map((l) => l.path));
  const toySiblings = (path: readonly string[]) => (depth: number) => toyTree.get(path.slice(0, depth).join(" > "));

  it("starts below a heading that is its own subheading at its first national line", () => {
    expect(subheadingDepths(toyLines).get("950300")).toBe(1);
    expect(
      subheadingDepths([
        { code: "611020", path: ["Jerseys", "Of cotton"] },
        { code: "6110202010", path: ["Jerseys", "Of cotton", "Other"] },
      ]).get("611020"),
    ).toBe(2);
    const diecast = wordsOf("Bburago 1:64 Ferrari Car Model Alloy Miniature Diecast Vehicle");
    const under3 = toyLines[3].path;
    expect(unstatedBranchDepth(under3, 1, toySiblings(under3), diecast)).toBe(1);
    expect(unstatedBranchDepth(toyLines[4].path, 1, toySiblings(toyLines[4].path), diecast)).toBeNull();
  });

  it("earns no residual fit below a branch whose condition the seller does not state", () => {
    const alloy = namedFacts("alloy");
    const under3 = toyLines[3].path;
    const open = lineFit(under3, toyTree, { facts: alloy, goods: [] });
    const conditional = lineFit(under3, toyTree, { facts: alloy, goods: [], conditionalFrom: 1 });
    expect(open.reasons.map((r) => r.effect)).toContain("residual");
    expect(conditional.fit).toBeLessThan(open.fit);
    expect(conditional.reasons.map((r) => r.effect)).not.toContain("residual");
    expect(conditional.fit).toBe(lineFit(toyLines[4].path, toyTree, { facts: alloy, goods: [] }).fit);
  });
});

describe("attributes", () => {
  it("accepts lower-case snake-case keys only", () => {
    expect(attributeKeyProblem("item_type")).toBeNull();
    expect(attributeKeyProblem("Item Type")).toMatch(/snake case/);
    expect(attributeKeyProblem("_x")).toMatch(/snake case/);
  });
  it("reads goods from the item type and the category's last level, facts from the material", () => {
    const a = readAttributes({ item_type: "Dress", category: "Women's Clothing > Dresses", material: "viscose", brand_name: "Cotton Co" });
    expect(a.goods).toEqual(["Dress", "Dresses"]);
    expect(a.facts.get("fibre")).toEqual(new Map([["artificial", 1]]));
    expect(a.facts.get("gender")?.get("female")).toBeGreaterThan(0);
  });
});

describe("knitted or woven", () => {
  it("reads a shop's weaving attribute and fabrics woven or knitted by their make", () => {
    // AliExpress's "Craft of Weaving": "Knit" or "Tat" (its English for shuttle-woven).
    expect(readAttributes({ craft_of_weaving: "Tat" }).facts.get("construction")).toEqual(new Map([["woven", 0.9]]));
    expect(readAttributes({ craft_of_weaving: "Knit" }).facts.get("construction")).toEqual(new Map([["knitted", 0.9]]));
    expect(readAttributes({ title_word: "Tat" }).facts.get("construction")).toBeUndefined();
    expect(namedFacts("Denim").get("construction")).toEqual(new Map([["woven", 1]]));
    expect(namedFacts("cotton jersey").get("construction")).toEqual(new Map([["knitted", 1]]));
    expect(namedFacts("Non-Woven").get("construction")).toBeUndefined();
  });

  it("compares a heading's own statement of it with the seller's, and a heading that states none stays even", () => {
    const knittedHeading = "Women's or girls' suits, ensembles, suit-type jackets, dresses, skirts, trousers, knitted or crocheted";
    const plainHeading = "Women's or girls' suits, ensembles, suit-type jackets, dresses, skirts, trousers (other than swimwear)";
    expect(headingFit(knittedHeading, namedFacts("woven"))).toBe(-1);
    expect(headingFit(knittedHeading, namedFacts("knit"))).toBe(1);
    expect(headingFit(plainHeading, namedFacts("woven"))).toBe(0);
    expect(headingFit("Jerseys, pullovers, cardigans, whether or not knitted", namedFacts("woven"))).toBe(0);
  });
});

describe("fit among siblings", () => {
  const children = childrenOf(pool.map((p) => p.path));
  const fitOf = (i: number, material: string) => lineFit(pool[i].path, children, { facts: namedFacts(material), goods: [] }).fit;
  it("agrees, contradicts, or falls to the residual sibling", () => {
    expect(fitOf(0, "cotton")).toBeGreaterThan(0);
    expect(fitOf(2, "cotton")).toBeLessThan(0);
    expect(fitOf(4, "silk")).toBeGreaterThan(fitOf(2, "silk"));
    expect(fitOf(4, "cotton")).toBeLessThan(0);
    // A fact the seller does not state decides nothing.
    expect(fitOf(0, "")).toBe(0);
  });
  it("a fact every stating sibling only restates from above tells the siblings nothing", () => {
    // US 4203.10: "Of reptile leather" parts from "Other" on reptile, not on the heading's leather.
    const LEATHER = "Articles of apparel and clothing accessories, of leather or of composition leather";
    const apparel = [
      [LEATHER, "Articles of apparel", "Of reptile leather"],
      [LEATHER, "Articles of apparel", "Other", "Coats and jackets"],
    ];
    const tree = childrenOf(apparel);
    const leather = { facts: namedFacts("Genuine Leather"), goods: [] };
    expect(lineFit(apparel[0], tree, leather).fit).toBe(lineFit(apparel[1], tree, leather).fit);
    // Where the siblings differ in it, it counts: "Of precious metal" against "Of base metal clad with
    // precious metal" under "… of precious metal or of metal clad with precious metal".
    const JEWELRY = "Articles of jewelry and parts thereof, of precious metal or of metal clad with precious metal";
    const jewelry = [
      [JEWELRY, "Of precious metal whether or not plated or clad with precious metal", "Other"],
      [JEWELRY, "Of base metal clad with precious metal", "Other"],
    ];
    const silver = { facts: namedFacts("925 sterling silver"), goods: [] };
    expect(lineFit(jewelry[0], childrenOf(jewelry), silver).fit).toBeGreaterThan(0);
    // Below "Of man-made fibers", "Of synthetic fibers" narrows the fact and keeps it.
    const manMade = [
      ["Dresses", "Of man-made fibers", "Of synthetic fibers"],
      ["Dresses", "Of man-made fibers", "Of artificial fibers"],
      ["Dresses", "Of cotton"],
    ];
    const polyester = { facts: namedFacts("polyester"), goods: [] };
    const t = childrenOf(manMade);
    expect(lineFit(manMade[0], t, polyester).fit).toBeGreaterThan(lineFit(manMade[1], t, polyester).fit);
  });
});

describe("questions", () => {
  it("asks where the candidates part, options the sibling texts, each keeping its codes", () => {
    const [q] = buildQuestions(pool);
    expect(q.text).toMatch(/made of/);
    expect(q.options.map((o) => o.label)).toEqual([
      "Of cotton",
      "Of synthetic fibers",
      "Of artificial fibers",
      "Of other textile materials",
    ]);
    expect(q.options[0].codes).toEqual(["6104420010", "6104420020"]);
  });
  it("narrows on an answer and does not ask it again", () => {
    const [q] = buildQuestions(pool);
    const cotton = q.options[0];
    const narrowed = applyAnswers(pool, [{ question_id: q.id, option_id: cotton.id }]);
    if (!narrowed.ok) throw new Error(narrowed.problem);
    expect(narrowed.pool.map((p) => p.code)).toEqual(["6104420010", "6104420020"]);
    const next = buildQuestions(narrowed.pool, narrowed.answered);
    expect(next.map((x) => x.id)).not.toContain(q.id);
    expect(next[0].options.map((o) => o.label)).toEqual(["Women's (659)", "Girls' (659)"]);
    expect(isResolved(narrowed.pool)).toBe(false);
    expect(isResolved(narrowed.pool.slice(0, 1))).toBe(true);
    expect(applyAnswers(pool, [{ question_id: q.id, option_id: "ox" }]).ok).toBe(false);
  });
  it("'None of these' keeps what a question's options leave out: more siblings than options, or lines outside the node", () => {
    const wide: Pooled[] = Array.from({ length: 10 }, (_, i) => ({
      code: `950300${String(1000 + i)}`,
      path: ["Toys", `Kind ${i}`],
      score: 10 - i,
    }));
    const outside: Pooled = { code: "9504000000", path: ["Games"], score: 0.5 };
    const pool = [...wide, outside];
    const questions = buildQuestions(pool);
    const q = questions.find((x) => x.options.some((o) => o.label === "Kind 0"));
    if (!q) throw new Error("no question over the kinds");
    expect(q.options).toHaveLength(8);
    const rest = q.options[7];
    expect(rest.label).toBe("None of these");
    // Every candidate is kept by exactly one option.
    expect(q.options.flatMap((o) => o.codes).sort()).toEqual(pool.map((p) => p.code).sort());
    const narrowed = applyAnswers(pool, [{ question_id: q.id, option_id: rest.id }]);
    if (!narrowed.ok) throw new Error(narrowed.problem);
    expect(narrowed.pool.map((p) => p.code).sort()).toEqual([...rest.codes].sort());
    expect(narrowed.pool.map((p) => p.code)).toContain("9504000000");
  });
  it("keeps at most eight options and three questions", () => {
    const wide: Pooled[] = Array.from({ length: 12 }, (_, i) => ({
      code: `95030000${10 + i}`,
      path: ["Toys", `Kind ${i}`, i % 2 ? "A" : "B"],
      score: 1,
    }));
    const qs = buildQuestions(wide);
    expect(qs.length).toBeLessThanOrEqual(3);
    for (const q of qs) expect(q.options.length).toBeLessThanOrEqual(8);
  });
});

describe("value conditions and the seller's price", () => {
  it("reads the US schedule's value conditions per unit, a dozen and a gross divided out; per kilogram is not read", () => {
    expect(readValueCondition("Valued not over $40 per piece")).toEqual({ max: { amount: 40, inclusive: true } });
    expect(readValueCondition("Toy jewelry valued not over 8 cents per piece")).toEqual({ max: { amount: 0.08, inclusive: true } });
    expect(readValueCondition("Valued not over $18 per dozen pieces or parts")?.max?.amount).toBeCloseTo(1.5);
    expect(readValueCondition("Valued over $3 but not over $6.50/pair")).toEqual({
      min: { amount: 3, inclusive: false },
      max: { amount: 6.5, inclusive: true },
    });
    expect(readValueCondition("Valued under 50¢ each")).toEqual({ max: { amount: 0.5, inclusive: false } });
    expect(readValueCondition("Valued 30¢/kg or more")).toBeNull();
    expect(readValueCondition("Other")).toBeNull();
    expect(meetsValueCondition({ min: { amount: 3, inclusive: false }, max: { amount: 6.5, inclusive: true } }, 6.5)).toBe(true);
    expect(meetsValueCondition({ min: { amount: 3, inclusive: false } }, 3)).toBe(false);
  });
  it("takes a unit price in US dollars only, divided by the units a pack holds", () => {
    expect(unitPriceUsd({ price: "4.2", currency: "USD", each_pack: "4" })).toBeCloseTo(1.05);
    expect(unitPriceUsd({ unit_price: "$12.50" })).toBe(12.5);
    expect(unitPriceUsd({ unit_price: "12.50 USD" })).toBe(12.5);
    expect(unitPriceUsd({ price: "4.2", currency: "CNY" })).toBeNull();
    expect(unitPriceUsd({ unit_price: "12.50 EUR" })).toBeNull();
    // A bare number with no currency: no exchange rate is assumed.
    expect(unitPriceUsd({ price: "12" })).toBeNull();
  });
  it("a failed condition, or 'Other' beside a met one, loses; a met condition earns nothing", () => {
    const siblings = new Set(["Valued not over $40 per piece", "Other"]);
    expect(valueFit("Valued not over $40 per piece", siblings, 12)).toBe(0);
    expect(valueFit("Other", siblings, 12)).toBe(-1);
    expect(valueFit("Valued not over $40 per piece", siblings, 60)).toBe(-1);
    expect(valueFit("Other", siblings, 60)).toBe(0);
    expect(valueFit("Of cotton", new Set(["Of cotton", "Other"]), 60)).toBe(0);
  });
});
