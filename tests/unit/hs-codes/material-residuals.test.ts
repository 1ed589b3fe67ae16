import { describe, expect, it } from "vitest";
import { MATERIALS, namedMaterials, offerMaterialResiduals } from "../../../shared/hs-codes/material-residuals.ts";

const ids = (title: string) => namedMaterials(title).map((m) => [m.material.id, m.cue]);

describe("articles of a named material (issue 27)", () => {
  it("reads the materials a title names, by whole word or phrase", () => {
    expect(ids("Soft Silicone Phone Case for iPhone 15")).toEqual([["plastics", "silicone"]]);
    expect(ids("Stainless Steel Keychain with Brass Bell")).toEqual([
      ["iron-or-steel", "stainless steel"],
      ["copper", "brass"],
    ]);
    expect(ids("Satin Scrunchies Hair Ties")).toEqual([["textile", "satin"]]);
    // Goods, not materials: "iron on" patches, a steering wheel of "glassy" look, "absolute" is no ABS.
    expect(ids("Iron on embroidered patch")).toEqual([]);
    expect(ids("Patch for clothes and bags")).toEqual([]);
    expect(ids("Glassy absolute beauty")).toEqual([]);
  });

  it("names 6-digit residual subheadings of HS 2022, one per material", () => {
    for (const m of MATERIALS) expect(m.residual, m.id).toMatch(/^\d{6}$/);
    expect(new Set(MATERIALS.map((m) => m.residual)).size).toBe(MATERIALS.length);
  });

  it("offers a residual line at a share of the best line's score, never lowering one that ranks higher", () => {
    const named = namedMaterials("silicone case")[0];
    const ranked = [
      { key: "a", score: 10 },
      { key: "b", score: 8 },
      { key: "c", score: 5 },
    ];
    const told: string[] = [];
    const out = offerMaterialResiduals(ranked, [{ key: "r", named }], 0.7, (k) => told.push(k));
    expect(out.map((x) => [x.key, x.score])).toEqual([
      ["a", 10],
      ["b", 8],
      ["r", 7],
      ["c", 5],
    ]);
    expect(told).toEqual(["r"]);
    // Already ranked above the share: left where it is, and not reported as offered.
    const kept = offerMaterialResiduals(ranked, [{ key: "b", named }], 0.7, (k) => told.push(k));
    expect(kept).toEqual(ranked);
    expect(told).toEqual(["r"]);
    // Ranked below the share: raised to it once, not duplicated.
    expect(offerMaterialResiduals(ranked, [{ key: "c", named }], 0.7).map((x) => [x.key, x.score])).toEqual([
      ["a", 10],
      ["b", 8],
      ["c", 7],
    ]);
    expect(offerMaterialResiduals([], [{ key: "r", named }], 0.7)).toEqual([]);
  });
});
