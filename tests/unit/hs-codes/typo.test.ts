import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildWordVocabulary, closestWords, maxEdits } from "../../../shared/hs-codes/typo.ts";
import { osaDistance } from "../../../shared/text/edit-distance.ts";

const vocab = buildWordVocabulary(
  ["Bicycles and other cycles", "Shampoos", "Refrigerators, freezers", "Portable machines", "Shape of things", "Stamps"],
  ["laptop", "fridge"],
);

describe("typo vocabulary", () => {
  it("holds the words of the descriptions, their singulars and the everyday words", () => {
    for (const w of ["bicycles", "bicycle", "shampoos", "shampoo", "laptop", "fridge"]) expect(vocab.counts.has(w), w).toBe(true);
  });

  it("corrects misspelt words to the closest known ones", () => {
    expect(closestWords(vocab, "labtop")).toEqual(["laptop"]);
    expect(closestWords(vocab, "bycicle")).toEqual(["bicycle"]);
    expect(closestWords(vocab, "refrigirator")).toEqual(["refrigerator"]);
    // Same distance as "shape" and "stamps": the longer common beginning wins.
    expect(closestWords(vocab, "shampo")[0]).toBe("shampoo");
    expect(closestWords(vocab, "portabel")).toEqual(["portable"]);
  });

  it("leaves known words, short words and hopeless words alone", () => {
    expect(closestWords(vocab, "bicycles")).toEqual([]);
    expect(closestWords(vocab, "cyc")).toEqual([]);
    expect(closestWords(vocab, "zzzzzzzz")).toEqual([]);
    expect([maxEdits(3), maxEdits(4), maxEdits(5), maxEdits(6), maxEdits(12)]).toEqual([0, 1, 1, 2, 2]);
  });

  it("bounded distance equals the full distance up to the bound", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "b", "c", "d"), maxLength: 9 }),
        fc.string({ unit: fc.constantFrom("a", "b", "c", "d"), maxLength: 9 }),
        fc.integer({ min: 0, max: 3 }),
        (a, b, max) => {
          const full = osaDistance(a, b);
          const bounded = osaDistance(a, b, max);
          return full <= max ? bounded === full : bounded === max + 1;
        },
      ),
      { numRuns: 1000 },
    );
  });
});
