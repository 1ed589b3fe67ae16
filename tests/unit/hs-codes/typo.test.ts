import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildWordVocabulary, closestWords, letterMask, maxEdits } from "../../../shared/hs-codes/typo.ts";
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

  it("the letter filter never drops a word within the distance: half the differing letter bits is a lower bound", () => {
    const bits = (x: number) => x.toString(2).replaceAll("0", "").length;
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "b", "c", "d", "e", "-", "1"), maxLength: 10 }),
        fc.string({ unit: fc.constantFrom("a", "b", "c", "d", "e", "-", "1"), maxLength: 10 }),
        (a, b) => Math.ceil(bits((letterMask(a) ^ letterMask(b)) >>> 0) / 2) <= osaDistance(a, b),
      ),
      { numRuns: 2000 },
    );
  });

  it("closest words with the letter filter are those of measuring every word of the length", () => {
    const letters = fc.constantFrom("a", "b", "c", "d", "e", "o", "r", "s");
    // The query is a vocabulary word with up to two random edits, so near words are the common case.
    const edit = fc.tuple(fc.constantFrom("insert", "delete", "substitute", "swap"), fc.nat(), letters);
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: letters, minLength: 4, maxLength: 9 }), { minLength: 1, maxLength: 60 }),
        fc.nat(),
        fc.array(edit, { minLength: 1, maxLength: 2 }),
        (words, pick, edits) => {
          let word = words[pick % words.length];
          for (const [kind, at, c] of edits) {
            const i = at % word.length;
            if (kind === "insert") word = word.slice(0, i) + c + word.slice(i);
            else if (kind === "delete") word = word.slice(0, i) + word.slice(i + 1);
            else if (kind === "substitute") word = word.slice(0, i) + c + word.slice(i + 1);
            else if (i + 1 < word.length) word = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
          }
          const v = buildWordVocabulary([], words);
          const max = maxEdits(word.length);
          const near = [...v.counts.keys()].filter((w) => osaDistance(word, w, max) <= max);
          const best = Math.min(...near.map((w) => osaDistance(word, w)));
          const expected = v.counts.has(word) || max === 0 ? [] : near.filter((w) => osaDistance(word, w) === best);
          expect(new Set(closestWords(v, word, 1000))).toEqual(new Set(expected));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
