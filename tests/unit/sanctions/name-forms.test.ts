import { describe, expect, it } from "vitest";
import { buildSanctionsIndex, screenName, type SanctionsEntry } from "../../../shared/reference/sanctions/sanctions-index.ts";

/** Individuals written by hand in the list's "SURNAME, Given Names" form (not loaded from the data files). */
const ENTRIES: SanctionsEntry[] = [
  { uid: "1", name: "PUTIN, Vladimir Vladimirovich", type: "individual", programs: ["RUSSIA-EO14024"], list: "SDN", aliases: [] },
  { uid: "2", name: "SECHIN, Igor Ivanovich", type: "individual", programs: ["UKRAINE-EO13661"], list: "SDN", aliases: [] },
  { uid: "3", name: "AMEZCUA CONTRERAS, Luis Ignacio", type: "individual", programs: ["SDNTK"], list: "SDN", aliases: [] },
  { uid: "4", name: "KORDIC, Dario", type: "individual", programs: ["BALKANS"], list: "SDN", aliases: [] },
  { uid: "5", name: "RI, Chol Ho", type: "individual", programs: ["DPRK"], list: "SDN", aliases: [{ name: "KIM SONG", type: "aka" }] },
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

  it("leaves numbers and ordinals that are part of a name alone", () => {
    const idx = buildSanctionsIndex([{ uid: "9", name: "3G LOJISTIK LTD.", type: "-0-", programs: ["SDGT"], list: "SDN", aliases: [] }]);
    expect(screenName(idx, "3G Lojistik Ltd")?.uid).toBe("9");
  });
});
