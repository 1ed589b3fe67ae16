import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { abbreviationsOf, buildWordVocabulary, consonantSkeleton, looksAbbreviated } from "../../../shared/hs-codes/typo.ts";

const vocab = buildWordVocabulary(
  [
    "Eye shadow",
    "Show cases",
    "Hair conditioner",
    "Cream separators",
    "Chrome plated",
    "Toothbrushes",
    "Butter and butter oil",
    "Peanut butter",
    "Better things",
  ],
  [],
);

describe("abbreviations with the vowels left out", () => {
  it("reads the word whose consonants they are", () => {
    expect(abbreviationsOf(vocab, "shdw")).toEqual(["shadow"]);
    expect(abbreviationsOf(vocab, "cndtnr")).toEqual(["conditioner"]);
    // "cream" keeps every consonant of "crm"; "chrome" adds an h.
    expect(abbreviationsOf(vocab, "crm")).toEqual(["cream", "chrome"]);
    expect(abbreviationsOf(vocab, "tbrush")).toEqual(["toothbrush"]);
    // Same consonants: the more frequent word first.
    expect(abbreviationsOf(vocab, "bttr")).toEqual(["butter", "better"]);
  });

  it("leaves words with their vowels, known words, short words and hopeless words alone", () => {
    expect(looksAbbreviated("shadow")).toBe(false);
    expect(looksAbbreviated("cream")).toBe(false);
    expect(looksAbbreviated("hr")).toBe(false);
    expect(abbreviationsOf(vocab, "shadow")).toEqual([]);
    expect(abbreviationsOf(vocab, "xqzt")).toEqual([]);
    // More than two consonants missing is not an abbreviation of the word.
    expect(abbreviationsOf(vocab, "cnr")).toEqual([]);
  });

  it("only proposes words that start with its first letter and hold its letters in order", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[b-df-hj-np-tv-z]{3,7}$/), (word) => {
        for (const w of abbreviationsOf(vocab, word)) {
          expect(w[0]).toBe(word[0]);
          let i = 0;
          for (const c of w) if (c === word[i]) i++;
          expect(i).toBe(word.length);
          expect(consonantSkeleton(w).length - consonantSkeleton(word).length).toBeLessThanOrEqual(2);
        }
      }),
    );
  });
});
