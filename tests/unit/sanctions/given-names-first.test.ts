import { describe, expect, it } from "vitest";
import { analyseListedName } from "../../../shared/screening/index/sanctions-index/analyse-listed-name.ts";
import { buildSanctionsIndex, type SanctionsEntry, screenName } from "../../../shared/screening/index/sanctions-index.ts";

/**
 * Individuals whose list states no family name (the UN list's FIRST_NAME … FOURTH_NAME), written given
 * names first and marked givenNamesFirst by the importer: the first and the last word are required, the
 * words between optional, as the "SURNAME, Given Middle" rule makes middle names optional.
 */
const person = (uid: string, name: string, givenNamesFirst: boolean, aliases: string[] = []): SanctionsEntry => ({
  uid,
  name,
  type: "individual",
  programs: ["DRC"],
  list: "UN",
  aliases: aliases.map((a) => ({ name: a, type: "aka" })),
  ...(givenNamesFirst ? { givenNamesFirst: true } : {}),
});
const ENTRIES: SanctionsEntry[] = [
  person("UN.1", "TARIQ ANWAR EL SAYED AHMED", true),
  person("UN.2", "IGOR SERGEYEVICH SECHKIN", true),
  person("UN.3", "YU CHOL U", true),
  // The same shape without the mark: every word stays required.
  person("X.4", "MARCUS ALDO BRENNIGAN", false),
  // A name with a comma states its surname: the comma rule applies whatever the mark.
  person("UN.5", "KORDANIC, Dario Milo", true),
  {
    uid: "UN.6",
    name: "NORTHERN TIMBER EXPORT HOLDING",
    type: "entity",
    programs: ["DRC"],
    list: "UN",
    aliases: [],
    givenNamesFirst: true,
  },
  // Many unrelated names, so that the tokens above are rare on the list as they are on the real one.
  ...Array.from({ length: 300 }, (_, i) =>
    person(`F${i}`, `NAME${i} FILLER${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`, true),
  ),
];
const index = buildSanctionsIndex(ENTRIES);
const uid = (name: string) => screenName(index, name)?.uid ?? null;

describe("analyseListedName: given names first, no stated family name", () => {
  it("requires the first and the last word, the words between optional", () => {
    const s = analyseListedName("TARIQ ANWAR EL SAYED AHMED", "individual", true);
    expect(s.tokens).toEqual(["tariq", "anwar", "el", "sayed", "ahmed"]);
    expect(s.required).toEqual([true, false, false, false, true]);
    expect(s.firstGiven).toBe(0);
    expect(s.surnameParts).toEqual([4]);
  });

  it("skips particles at either end and keeps an inner patronymic as one", () => {
    const s = analyseListedName("AL IGOR SERGEYEVICH SECHKIN", "individual", true);
    expect(s.required).toEqual([false, true, false, true]);
    expect(s.patronymics).toEqual([2]);
  });

  it("reads a legal-form word as a name word in a person's name", () => {
    expect(analyseListedName("PAK HAN SE", "individual", true).required).toEqual([true, false, true]);
  });

  it("leaves unmarked names, names with a comma, one-word names and entities as they were", () => {
    expect(analyseListedName("MARCUS ALDO BRENNIGAN", "individual").required).toEqual([true, true, true]);
    expect(analyseListedName("KORDANIC, Dario Milo", "individual", true)).toEqual(analyseListedName("KORDANIC, Dario Milo", "individual"));
    expect(analyseListedName("AL BADEGE", "individual", true).required).toEqual([false, true]);
    expect(analyseListedName("NORTHERN TIMBER EXPORT HOLDING", "entity", true).required).toEqual([true, true, true, true]);
  });
});

describe("screening names of an entry marked givenNamesFirst", () => {
  it("finds the name with a middle name left out, as an initial, written together, or as surname + patronymic", () => {
    expect(uid("Tariq Anwar Ahmed")).toBe("UN.1");
    expect(uid("Igor Sechkin")).toBe("UN.2");
    expect(uid("I. Sechkin")).toBe("UN.2");
    expect(uid("IgorSechkin")).toBe("UN.2");
    expect(uid("Sechkin Sergeyevich")).toBe("UN.2");
  });

  it("still needs the first and the last word", () => {
    expect(uid("Anwar Ahmed")).toBeNull();
    expect(uid("Tariq Anwar")).toBeNull();
    expect(uid("Sechkin")).toBeNull();
  });

  it("does not relax an unmarked name, an entity's name or the comma form's rule", () => {
    expect(uid("Marcus Brennigan")).toBeNull();
    // (an organisation of four words may leave out one inner word, not two)
    expect(uid("Northern Holding")).toBeNull();
    expect(uid("Dario Kordanic")).toBe("UN.5");
    expect(uid("Milo Kordanic")).toBeNull();
  });

  it("matches a listed one-letter word with itself, not as an initial", () => {
    expect(uid("YU CHOL U")).toBe("UN.3");
    expect(uid("Yu U")).toBe("UN.3");
  });
});
