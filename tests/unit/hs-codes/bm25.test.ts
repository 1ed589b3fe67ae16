import { describe, expect, it } from "vitest";
import { BM25F, bm25Idf, fieldSum, lengthNorm, pseudoFrequency, saturatedScore } from "../../../shared/hs-codes/bm25.ts";

describe("BM25F", () => {
  it("gives rarer words a larger idf, never negative", () => {
    expect(bm25Idf(1000, 1)).toBeGreaterThan(bm25Idf(1000, 100));
    expect(bm25Idf(1000, 1000)).toBeGreaterThan(0);
    expect(bm25Idf(1000, 10)).toBeCloseTo(Math.log(1 + 990.5 / 10.5));
  });

  it("normalises a field by its length against the average, 1 when the collection lacks the field", () => {
    expect(lengthNorm("own", 4, 4)).toBeCloseTo(1);
    expect(lengthNorm("own", 8, 4)).toBeCloseTo(1 - BM25F.b.own + 2 * BM25F.b.own);
    expect(lengthNorm("wco", 5, 0)).toBe(1);
  });

  it("weighs a word in the line's own text above the same word in its headings or its subheading's national texts", () => {
    const norm = { own: 1, up: 1, wco: 1, shared: 1 };
    const own = pseudoFrequency({ own: 1, up: 0, wco: 0, shared: 0 }, norm);
    const up = pseudoFrequency({ own: 0, up: 1, wco: 0, shared: 0 }, norm);
    const shared = pseudoFrequency({ own: 0, up: 0, wco: 0, shared: 1 }, norm);
    expect(own).toBeGreaterThan(up);
    expect(up).toBeGreaterThan(shared);
    // A long own text ("… for use in civil aircraft …") counts less than a short one.
    expect(pseudoFrequency({ own: 1, up: 0, wco: 0, shared: 0 }, { ...norm, own: lengthNorm("own", 20, 4) })).toBeLessThan(own);
  });

  it("sums the fields in their order, as the per-field loop did (the same score to the last bit)", () => {
    const share = { own: 0.5, up: 1, wco: 1 / 3, shared: 1 };
    const norm = { own: lengthNorm("own", 7, 3.1), up: lengthNorm("up", 2, 5.3), wco: 1, shared: lengthNorm("shared", 40, 61.7) };
    let loop = 0;
    for (const f of ["own", "up", "wco", "shared"] as const) loop += (BM25F.weight[f] * share[f]) / norm[f];
    expect(pseudoFrequency(share, norm)).toBe(loop);
    expect(fieldSum(share.own, share.up, share.wco, share.shared, norm.own, norm.up, norm.wco, norm.shared)).toBe(loop);
  });

  it("saturates: a word found in every field scores less than twice the word found once", () => {
    const once = saturatedScore(2, 1);
    const everywhere = saturatedScore(2, pseudoFrequency({ own: 1, up: 1, wco: 1, shared: 1 }, { own: 1, up: 1, wco: 1, shared: 1 }));
    expect(everywhere).toBeGreaterThan(once);
    expect(everywhere).toBeLessThan(2 * once);
    expect(everywhere).toBeLessThan(2);
    expect(saturatedScore(2, 0)).toBe(0);
  });
});
