import { describe, expect, it } from "vitest";
import { buildSearchReferenceIndex, referenceEntries } from "../../../shared/hs-codes/search-references.ts";

// Hand-written references in the table's form (name, qualifiers → 10-digit UK code).
const index = buildSearchReferenceIndex({
  "hand wash": "3401300000",
  "limes, fresh": "0805502000",
  "bicycle chains": "7315111000",
  bicycles: "8712003000",
  "bath mats, plastic": "3926909790",
  "bath mats, textile": "6302910000",
  "alfalfa (lucerne) seeds": "1209210000",
  "wine glasses, stemware": "7013220000",
  "not a code": "abc",
});

describe("UK Trade Tariff search references", () => {
  it("matches a reference whose name's last word the query has, scored by the rarity and share of its name", () => {
    const m = index.match(["boots", "everyday", "hand", "wash", "lime"]);
    expect(m.map((x) => x.subheading)).toEqual(["340130", "080550"]);
    expect(m[0]).toMatchObject({ code: "3401300000", term: "hand wash", words: ["hand", "wash"] });
    expect(m[0].score).toBeGreaterThan(m[1].score);
  });

  it("does not read a qualifier or a compound's first word as the goods", () => {
    // "bicycle" is not a search for bicycle chains, nor "wine" for wine glasses.
    expect(index.match(["bicycle"]).map((x) => x.subheading)).toEqual(["871200"]);
    expect(index.match(["wine"])).toEqual([]);
    expect(index.match(["plastic"])).toEqual([]);
  });

  it("lets the qualifiers choose between references of the same name, and reads parenthesised words as qualifiers", () => {
    expect(index.match(["plastic", "bath", "mat"])[0].subheading).toBe("392690");
    expect(index.match(["bath", "mats", "textile"])[0].subheading).toBe("630291");
    expect(index.match(["alfalfa", "seeds"])[0]).toMatchObject({ subheading: "120921", words: ["alfalfa", "seed"] });
    expect(index.size).toBe(8);
  });

  it("reads a brand line as its goods, qualified by the brand", () => {
    const entries = referenceEntries([
      { kind: "reference", term: "Air Fryer", code: "8516792000", brand: null, context: null },
      { kind: "brand", term: "Muller Frijj Milk drink banana", code: "04029910", brand: "Muller Frijj", context: "Milk drink" },
      { kind: "brand", term: "Muller cream", code: "04039053", brand: "Muller cream", context: null },
    ]);
    expect(entries).toEqual({ "air fryer": "8516792000", "milk drink, muller frijj": "04029910", "muller cream": "04039053" });
    const brands = buildSearchReferenceIndex(entries);
    expect(brands.match(["frijj", "milk", "drink"])[0]).toMatchObject({ subheading: "040299", words: ["milk", "drink", "frijj"] });
  });
});
