import { describe, expect, it } from "vitest";
import {
  allStemsQuery,
  buildTextSearchSql,
  expandQuery,
  isStopTerm,
  ownTextQuery,
  planTerm,
  typoAlternatives,
  WEIGHTS,
} from "../../../shared/hs-codes/query-plan.ts";
import { singularWord, synonymsFor, SYNONYM_KEY_COUNT } from "../../../shared/hs-codes/synonyms.ts";

// A toy stemmer and statistics standing in for ts_lexize and hs_search_stems.
const STOP = new Set(["of", "the", "for", "and", "or"]);
const stemsOf = (w: string) => (STOP.has(w) ? [] : [w.replace(/(es|s)$/, "")]);
const stats = (df: Record<string, number>, own: Record<string, number> = df) => ({
  df: (s: string) => df[s] ?? 0,
  dfOwn: (s: string) => own[s] ?? 0,
  lines: 1000,
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
    expect(planned.alternatives[0].value).toBeCloseTo(WEIGHTS.synonym * Math.log(1 + 1000 / 5));
    expect(planTerm(expandQuery(["zebrawood"])[0], stemsOf, stats({}))).toBeNull();
  });

  it("measures rarity by the lines whose own text has the word, not those inheriting it", () => {
    const [wine] = expandQuery(["wine"]);
    const inherited = planTerm(wine, stemsOf, stats({ wine: 200 }, { wine: 4 }))!;
    expect(inherited.alternatives[0].value).toBeCloseTo(Math.log(1 + 1000 / 4));
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

  it("writes tsqueries of quoted lexemes, own-text variants with weight A", () => {
    expect(allStemsQuery(["t-shirt", "cotton"])).toBe("'t-shirt' & 'cotton'");
    expect(ownTextQuery(["cotton"])).toBe("'cotton':A");
    expect(ownTextQuery(["a", "b"])).toBe("('a' & 'b') & ('a':A | 'b':A)");
    expect(allStemsQuery(["it's"])).toBe("'it''s'");
  });

  it("writes one score expression per term, best branch first, the last term weighted as the head", () => {
    const terms = [
      { text: "red", alternatives: [{ stems: ["red"], value: 2, via: "query" as const, words: ["red"] }] },
      { text: "wine", alternatives: [{ stems: ["wine"], value: 3, via: "query" as const, words: ["wine"] }] },
    ];
    const sql = buildTextSearchSql(terms, 2);
    expect(sql.anyQuery).toBe("'red' | 'wine'");
    expect(sql.params).toEqual(["'red':A", "'red'", "'wine':A", "'wine'"]);
    expect(sql.termScores[0]).toBe(
      "(case when tsv @@ $2::tsquery then 2.0000::float8 * own_factor when tsv @@ $3::tsquery then 1.2000::float8 else 0::float8 end)",
    );
    expect(sql.termScores[1]).toContain(`then ${(3 * WEIGHTS.headTerm).toFixed(4)}::float8 * own_factor`);
  });
});
