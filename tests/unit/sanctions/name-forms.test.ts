import { describe, expect, it } from "vitest";
import { buildSanctionsIndex, screenName, type SanctionsEntry } from "../../../shared/screening/index/sanctions-index.ts";

/** Individuals written by hand in the list's "SURNAME, Given Names" form (not loaded from the data files). */
const ENTRIES: SanctionsEntry[] = [
  { uid: "1", name: "PUTIN, Vladimir Vladimirovich", type: "individual", programs: ["RUSSIA-EO14024"], list: "SDN", aliases: [] },
  { uid: "2", name: "SECHIN, Igor Ivanovich", type: "individual", programs: ["UKRAINE-EO13661"], list: "SDN", aliases: [] },
  { uid: "3", name: "AMEZCUA CONTRERAS, Luis Ignacio", type: "individual", programs: ["SDNTK"], list: "SDN", aliases: [] },
  { uid: "4", name: "KORDIC, Dario", type: "individual", programs: ["BALKANS"], list: "SDN", aliases: [] },
  { uid: "5", name: "RI, Chol Ho", type: "individual", programs: ["DPRK"], list: "SDN", aliases: [{ name: "KIM SONG", type: "aka" }] },
  {
    uid: "6",
    name: "AL-ZOMOR, Abboud Abdul Latif Hassan",
    type: "individual",
    programs: ["SDGT"],
    list: "SDN",
    aliases: [{ name: "ZUMAR, Abbud", type: "aka" }],
  },
  { uid: "7", name: "KOREA MINING DEVELOPMENT TRADING CORPORATION", type: "-0-", programs: ["DPRK"], list: "SDN", aliases: [] },
  { uid: "8", name: "BANK MELLI IRAN", type: "-0-", programs: ["IRAN"], list: "SDN", aliases: [] },
  // Many unrelated names, so that the tokens above are rare on the list as they are on the real one.
  ...Array.from({ length: 300 }, (_, i) => ({
    uid: String(100 + i),
    name: `FILLER${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}, ${i % 3 === 0 ? "Ali" : "Name"}${i % 3 === 0 ? "" : i}`,
    type: "individual",
    programs: ["SDGT"],
    list: "SDN" as const,
    aliases: [],
  })),
];
const index = buildSanctionsIndex(ENTRIES);
const uid = (name: string) => screenName(index, name)?.uid ?? null;

describe("screening names as they are really written", () => {
  it("matches given name and surname written together", () => {
    expect(uid("VladimirPutin")).toBe("1");
    expect(uid("vladimirputin")).toBe("1");
    expect(uid("DarioKordic")).toBe("4");
  });

  it("reads digits standing for letters", () => {
    expect(uid("Ig0r Sech1n")).toBe("2");
    expect(uid("V1adimir Put1n")).toBe("1");
  });

  it("matches the first given name written as an initial", () => {
    expect(uid("V. Putin")).toBe("1");
    expect(uid("D Kordic")).toBe("4");
    // An initial that is not the given name's does not.
    expect(uid("X. Kordic")).toBeNull();
  });

  it("matches surname with patronymic, and a two-part surname with one part", () => {
    expect(uid("Putin Vladimirovich")).toBe("1");
    expect(uid("Sechin Ivanovich")).toBe("2");
    expect(uid("Luis Amezcua")).toBe("3");
    // A surname alone is still not a person.
    expect(uid("Putin")).toBeNull();
  });

  it("tolerates one extra name part of a full name", () => {
    expect(uid("Vladimir Vladimirovich Putin Jr")).toBe("1");
  });

  it("needs more than containment for a short alias inside a longer name", () => {
    expect(uid("Kim Song")).toBe("5");
    expect(uid("Kim Song Min")).toBeNull();
    // Coverage of both names: a common extra name ("Ali" is on a third of this list, so it weighs little)
    // does not let the two-word alias match on containment.
    expect(uid("Kim Song Ali")).toBeNull();
    // The primary name with one extra part still matches (see above), and the alias alone in another order.
    expect(uid("Song Kim")).toBe("5");
  });

  it("matches a two-word alias with a particle added, but not with another name added", () => {
    expect(uid("Abbud Zumar")).toBe("6");
    expect(uid("Abbud al-Zumar")).toBe("6");
    expect(uid("Abbud bin Zumar")).toBe("6");
    expect(uid("Abbud Zumar Min")).toBeNull();
    // "Abu" is a name ("father of"), not a particle one may add.
    expect(uid("Abu Abbud Zumar")).toBeNull();
  });

  it("matches an organisation name of four or more words with one inner word left out, the rest in order", () => {
    expect(uid("Korea Mining Trading Corporation")).toBe("7");
    expect(uid("Korea Development Trading Corp.")).toBe("7");
    // Not the first or the last word, not two words, not another order, not an extra word instead.
    expect(uid("Mining Development Trading Corporation")).toBeNull();
    expect(uid("Korea Mining Development Corporation")).toBeNull();
    expect(uid("Korea Trading Corporation")).toBeNull();
    expect(uid("Korea Trading Mining Corporation")).toBeNull();
    expect(uid("Korea Mining Export Trading Corporation")).toBeNull();
    // A three-word name keeps every word: "Bank Iran" is not BANK MELLI IRAN.
    expect(uid("Bank Iran")).toBeNull();
    expect(uid("Bank Melli Iran")).toBe("8");
  });

  it("leaves numbers and ordinals that are part of a name alone", () => {
    const idx = buildSanctionsIndex([{ uid: "9", name: "3G LOJISTIK LTD.", type: "-0-", programs: ["SDGT"], list: "SDN", aliases: [] }]);
    expect(screenName(idx, "3G Lojistik Ltd")?.uid).toBe("9");
  });
});
