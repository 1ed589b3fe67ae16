import { describe, expect, it } from "vitest";
import {
  candidateStems,
  expandQuery,
  candidateAlternatives,
  isStopTerm,
  planStems,
  planTerm,
  stemIdf,
  typoAlternatives,
  queryRoles,
  termFactor,
  ROLE_FACTORS,
  WEIGHTS,
  BRIDGE_TARGETS,
  tariffBridge,
} from "../../../shared/hs-codes/query-plan.ts";
import { bm25Idf } from "../../../shared/hs-codes/bm25.ts";
import { titleWords, tokenizeHsQuery } from "../../../shared/hs-codes/normalize.ts";
import { singularWord, synonymsFor, SYNONYM_KEY_COUNT } from "../../../shared/hs-codes/synonyms.ts";

// A toy stemmer and statistics standing in for ts_lexize and hs_search_stems.
const STOP = new Set(["of", "the", "for", "and", "or"]);
const stemsOf = (w: string) => (STOP.has(w) ? [] : [w.replace(/(es|s)$/, "")]);
const stats = (df: Record<string, number>, own: Record<string, number> = df, shared: Record<string, number> = {}) => ({
  df: (s: string) => df[s] ?? 0,
  dfOwn: (s: string) => own[s] ?? 0,
  dfShared: (s: string) => shared[s] ?? 0,
  lines: 1000,
  sharedDocs: 200,
});

describe("synonyms", () => {
  it("maps everyday words and phrases to tariff wording, plurals included", () => {
    expect(synonymsFor(["laptop"])).toContain("portable automatic data processing machines");
    expect(synonymsFor(["laptops"])).toContain("portable automatic data processing machines");
    expect(synonymsFor(["hair", "dryer"])).toContain("hair dryers");
    expect(synonymsFor(["tyres"])).toEqual(expect.arrayContaining(["new pneumatic tyres of rubber", "new pneumatic tires of rubber"]));
    expect(synonymsFor(["granite"])).toEqual([]);
    expect(SYNONYM_KEY_COUNT).toBeGreaterThan(200);
  });

  it("singularises crudely, for lookups only", () => {
    expect(["laptops", "knives", "batteries", "boxes", "glass", "bus"].map(singularWord)).toEqual([
      "laptop",
      "knife",
      "battery",
      "box",
      "glass",
      "bus",
    ]);
  });
});

describe("query plan", () => {
  it("groups the longest synonym phrase into one term", () => {
    const terms = expandQuery(["men", "cotton", "hair", "dryer"]);
    expect(terms.map((t) => t.text)).toEqual(["men", "cotton", "hair dryer"]);
    const phrase = terms[2];
    expect(phrase.alternatives[0]).toEqual({ words: ["hair", "dryer"], weight: WEIGHTS.query, via: "query" });
    expect(phrase.alternatives.some((a) => a.via === "synonym" && a.words.join(" ") === "hair dryers")).toBe(true);
    // The head word alone is a weaker fallback.
    expect(phrase.alternatives.find((a) => a.words.join(" ") === "dryer")?.weight).toBe(WEIGHTS.headWord);
  });

  it("keeps the alternatives whose every stem occurs in the schedule, weighted by rarity", () => {
    const [laptop] = expandQuery(["laptop"]);
    const planned = planTerm(laptop, stemsOf, stats({ portable: 5, automatic: 50, data: 60, processing: 40, machin: 400 }))!;
    // "laptop" itself never occurs; the tariff wording does.
    expect(planned.alternatives).toHaveLength(1);
    expect(planned.alternatives[0]).toMatchObject({ via: "synonym", stems: ["portable", "automatic", "data", "processing", "machin"] });
    expect(planned.alternatives[0].value).toBeCloseTo(WEIGHTS.synonym * bm25Idf(1000, 5));
    expect(planTerm(expandQuery(["zebrawood"])[0], stemsOf, stats({}))).toBeNull();
  });

  it("measures rarity by the lines whose own text has the word, not those inheriting it", () => {
    const [wine] = expandQuery(["wine"]);
    const inherited = planTerm(wine, stemsOf, stats({ wine: 200 }, { wine: 4 }))!;
    expect(inherited.alternatives[0].value).toBeCloseTo(bm25Idf(1000, 4));
  });

  it("keeps words found only in the national texts of subheadings, with their rarity there", () => {
    const [trousers] = expandQuery(["trousers"]);
    const planned = planTerm(trousers, stemsOf, stats({}, {}, { trouser: 8 }));
    expect(planned?.alternatives[0]).toMatchObject({ stems: ["trouser"], reach: 8 * (1000 / 200) });
    expect(planned?.alternatives[0].value).toBeCloseTo(bm25Idf(200, 8));
    expect(stemIdf("trouser", stats({ trouser: 3 }, { trouser: 0 }, { trouser: 8 }))).toBeCloseTo(bm25Idf(1000, 1));
    expect(stemIdf("zebrawood", stats({}))).toBeNull();
  });

  it("takes candidate alternatives best first within the budget, always one", () => {
    const alt = (word: string, value: number, reach: number) => ({ stems: [word], value, via: "query" as const, words: [word], reach });
    const terms = [
      { text: "woven", alternatives: [alt("woven", 1, 900)] },
      { text: "skirt", alternatives: [alt("skirt", 5, 300), alt("garment", 2, 2000)] },
      { text: "synthetic", alternatives: [alt("synthetic", 3, 800)] },
    ];
    expect(candidateAlternatives(terms, 1500)).toEqual([
      [1, 0],
      [2, 0],
    ]);
    expect(candidateAlternatives(terms, 100)).toEqual([[1, 0]]);
    expect(candidateAlternatives(terms, 10_000)).toHaveLength(4);
  });

  it("recognises terms made of stop words only", () => {
    expect(isStopTerm(expandQuery(["the"])[0], stemsOf)).toBe(true);
    expect(isStopTerm(expandQuery(["zebrawood"])[0], stemsOf)).toBe(false);
  });

  it("builds typo alternatives with their synonyms", () => {
    const alts = typoAlternatives(["laptop"]);
    expect(alts[0]).toEqual({ words: ["laptop"], weight: WEIGHTS.typo, via: "typo" });
    expect(alts.some((a) => a.words.join(" ") === "portable automatic data processing machines")).toBe(true);
  });

  it("selects candidates by the best alternatives, or all of them, and lists every stem once", () => {
    const terms = [
      { text: "red", alternatives: [{ stems: ["red"], value: 2, via: "query" as const, words: ["red"], reach: 10 }] },
      {
        text: "wine",
        alternatives: [
          { stems: ["wine"], value: 3, via: "query" as const, words: ["wine"], reach: 10 },
          { stems: ["grape", "wine"], value: 1, via: "synonym" as const, words: ["grape", "wine"], reach: 5 },
        ],
      },
    ];
    expect(candidateStems(terms)).toEqual([["red"], ["wine"], ["grape", "wine"]]);
    expect(candidateStems(terms, { allTerms: true })).toEqual([["red"], ["wine"], ["grape", "wine"]]);
    expect(candidateStems(terms, { allTerms: false })).toEqual(candidateStems(terms));
    expect(planStems(terms)).toEqual(["red", "wine", "grape"]);
  });
});

describe("queryRoles: the head product noun of a title", () => {
  const classes: Record<string, "goods" | "material" | "modifier" | "artifact"> = {
    dynamic: "modifier",
    green: "modifier",
    cute: "modifier",
    magnetic: "modifier",
    dragon: "goods",
    pendant: "goods",
    rings: "goods",
    jewelry: "goods",
    gold: "material",
    brass: "material",
    peach: "goods",
    slices: "goods",
    bags: "goods",
    chain: "goods",
    steel: "material",
    male: "goods",
    plug: "goods",
    cable: "goods",
    phone: "goods",
    case: "artifact",
    car: "goods",
    radio: "goods",
    multimedia: "goods",
    shoes: "goods",
    buckle: "goods",
    line: "artifact",
    sole: "goods",
    ring: "goods",
    necklace: "goods",
    brush: "goods",
    holder: "goods",
    toilet: "goods",
    silicone: "material",
    soft: "modifier",
    set: "artifact",
  };
  const classOf = (w: string) => classes[w] ?? null;
  const head = (q: string, repeats?: Map<string, number>) => {
    const tokens = q.split(" ");
    const r = queryRoles(tokens, classOf, (w) => ["the", "and", "of"].includes(w), repeats);
    return r.head < 0 ? null : tokens[r.head];
  };

  it("finds the product noun by position and part of speech, not by being last", () => {
    expect(head("versatile dynamic green cute dragon magnetic pendant")).toBe("pendant");
    // Words after "for", "with", "in" say what it is for or packed in.
    expect(head("gold color rings for women wedding jewelry")).toBe("rings");
    expect(head("freeze dried peach slices in small resealable bags")).toBe("slices");
    // "to" joins two goods words of one product ("male to female plug"), it does not end the product.
    expect(head("male to female plug extension cable")).toBe("cable");
    // A noun repeated is what the title is about.
    expect(head("figaro chain stainless steel chain gold jewelry", new Map([["chain", 2]]))).toBe("chain");
  });

  it("reads the noun written just before a 'for' as the head, over repetitions, even with no frequent goods sense", () => {
    const roles = (title: string, repeats?: Map<string, number>) => {
      const tokens = tokenizeHsQuery(title);
      const r = queryRoles(tokens, classOf, (w) => ["the", "and", "of"].includes(w), repeats, titleWords(title));
      return r.head < 0 ? null : tokens[r.head];
    };
    // "case" names goods only in a sense beyond its three most frequent: still the head of "phone case".
    expect(roles("soft silicone phone case for iphone")).toBe("case");
    // The title repeats "car" in what the radio fits; the phrase before "for" says what it is.
    expect(roles("car radio for toyota car multimedia", new Map([["car", 2]]))).toBe("radio");
    // As written, not as deduplicated: "brush" first stands before "holder", but the title ends "toilet brush for".
    expect(roles("brush holder silicone toilet brush for bathroom", new Map([["brush", 2]]))).toBe("brush");
    // "with" follows a run of noun phrases as often as one noun: it does not decide the head.
    expect(roles("flat shoes buckle line with soft sole shoes", new Map([["shoes", 2]]))).toBe("shoes");
    // Count and set words say how many, not what (GRI 3(b)).
    expect(roles("necklace ring set for women")).toBe("ring");
    expect(roles("phone case compatible with iphone")).toBe("case");
  });

  it("leads with a word of unknown class only when there is no goods noun, never with a quality or material", () => {
    expect(head("cute magnetic smartwatch")).toBe("smartwatch");
    expect(head("dynamic brass")).toBeNull();
  });

  it("gives materials and qualities less weight than goods, and the context least", () => {
    const tokens = "dynamic brass pendant for women".split(" ");
    const r = queryRoles(tokens, classOf);
    expect(r.cut).toBe(3);
    expect(r.factors).toEqual([
      ROLE_FACTORS.modifier,
      ROLE_FACTORS.material,
      ROLE_FACTORS.head,
      ROLE_FACTORS.context,
      ROLE_FACTORS.context,
    ]);
    expect(termFactor({ text: "pendant", alternatives: [] }, tokens, r)).toEqual({ factor: ROLE_FACTORS.head, role: "product" });
    expect(termFactor({ text: "women", alternatives: [] }, tokens, r)).toEqual({ factor: ROLE_FACTORS.context, role: "context" });
    expect(termFactor({ text: "brass", alternatives: [] }, tokens, r)).toEqual({ factor: ROLE_FACTORS.material, role: "attribute" });
    expect(ROLE_FACTORS.head).toBeGreaterThan(ROLE_FACTORS.goods);
    expect(ROLE_FACTORS.modifier).toBeLessThan(ROLE_FACTORS.material);
  });
});

describe("the WordNet bridge as a search reads it", () => {
  const all = (key: string) =>
    key === "lipstick"
      ? ["lip rouge", "makeup", "cosmetic", "war paint", "a1", "a2", "a3", "a4", "a5", "a6", "a7"]
      : key === "sneaker"
        ? ["plimsoll"]
        : [];
  const tariff = new Set(["makeup", "cosmetic", "paint", "a1", "a2", "a3", "a4", "a5", "a6", "a7"]);
  const bridge = tariffBridge(all, (w) => tariff.has(w));

  it("keeps the targets whose every word the schedule has, in WordNet's order, at most BRIDGE_TARGETS", () => {
    expect(bridge("lipstick")).toEqual(["makeup", "cosmetic", "a1", "a2", "a3", "a4"]);
    expect(bridge("lipstick")).toHaveLength(BRIDGE_TARGETS);
  });

  it("reads a word none of whose targets the schedule has as having none: a two-word phrase is then no term", () => {
    expect(bridge("sneaker")).toEqual([]);
    const phrase = (key: string) => (key === "war paint" ? ["plimsoll"] : []);
    expect(
      expandQuery(
        ["war", "paint"],
        tariffBridge(phrase, (w) => tariff.has(w)),
      ).map((t) => t.text),
    ).toEqual(["war", "paint"]);
    expect(expandQuery(["war", "paint"], phrase).map((t) => t.text)).toEqual(["war paint"]);
  });
});
