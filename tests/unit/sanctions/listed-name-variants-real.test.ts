import { describe, expect, it } from "vitest";
import { loadOfacEntries } from "../../support/ofac-entries.ts";
import { hasSharedData } from "../../support/shared-data.ts";
import { buildSanctionsIndex, screenName, SANCTIONS_MATCH_THRESHOLD } from "../../../shared/screening/index/sanctions-index.ts";

/** Issue 25 on the real OFAC data: the listed-name variants the screening missed. */
describe.runIf(hasSharedData)("listed names written with a word left out or a particle added (real OFAC data)", () => {
  const index = hasSharedData ? buildSanctionsIndex(loadOfacEntries().entries) : null;

  it("flags Korea Mining Trading Corporation as KOMID (KOREA MINING DEVELOPMENT TRADING CORPORATION)", () => {
    const m = screenName(index!, "Korea Mining Trading Corporation");
    expect(m).toMatchObject({ uid: "9345", name: "KOREA MINING DEVELOPMENT TRADING CORPORATION", list: "SDN" });
    expect(m!.score).toBeGreaterThanOrEqual(SANCTIONS_MATCH_THRESHOLD);
  });

  it("flags a listed two-word alias written with the article al- (ZAYDAN, Muhammad)", () => {
    expect(screenName(index!, "Muhammad al-Zaydan")).toMatchObject({ uid: "2674", matched_name: "ZAYDAN, Muhammad" });
  });
});
