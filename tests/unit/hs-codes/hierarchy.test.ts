import { describe, expect, it } from "vitest";
import { buildHierarchy, fullDescription, hsLevelCodes } from "../../../shared/hs-codes/hierarchy.ts";
import type { TreeLine } from "../../../shared/hs-codes/hs-code-repository.ts";

const line = (code: string | null, description: string, extra: Partial<TreeLine> = {}): TreeLine => ({
  code,
  level: code ? code.length : null,
  description,
  suffix: null,
  chapter: code ? code.slice(0, 2) : null,
  heading: null,
  subheading: null,
  duty_rate: null,
  ...extra,
});

const WCO = new Map([
  ["84", "Machinery"],
  ["8471", "ADP machines (WCO)"],
  ["847130", "ADP machines; portable"],
  ["01", "Animals; live"],
  ["0101", "Horses (WCO)"],
  ["010121", "Horses; pure-bred"],
]);

describe("hierarchy", () => {
  it("US: HS levels the schedule skips come from the WCO, grouping lines are left out", () => {
    const chain = [
      line("0101", "Live horses:"),
      line(null, "Horses:"),
      line("01012100", "Purebred breeding animals"),
      line("0101210010", "Males"),
    ];
    expect(buildHierarchy("us", chain, WCO)).toEqual([
      { level: 2, code: "01", description: "Animals; live" },
      { level: 4, code: "0101", description: "Live horses:" },
      { level: 6, code: "010121", description: "Horses; pure-bred" },
      { level: 8, code: "01012100", description: "Purebred breeding animals" },
      { level: 10, code: "0101210010", description: "Males" },
    ]);
    expect(fullDescription(chain)).toBe("Live horses > Horses > Purebred breeding animals > Males");
  });

  it("UK: padded codes are read by their significant digits; the record's own code ends the list", () => {
    const uk = (code: string, level: number, description: string, suffix = "80") => line(code, description, { level, suffix });
    const chain = [uk("8400000000", 2, "MACHINERY"), uk("8471000000", 4, "ADP machines"), uk("8471300000", 6, "Portable ADP machines")];
    expect(hsLevelCodes("uk", chain[2])).toEqual(["84", "8471", "847130"]);
    expect(buildHierarchy("uk", chain, new Map())).toEqual([
      { level: 2, code: "84", description: "MACHINERY" },
      { level: 4, code: "8471", description: "ADP machines" },
      { level: 6, code: "847130", description: "Portable ADP machines" },
      { level: 10, code: "8471300000", description: "Portable ADP machines" },
    ]);
  });

  it("leaves chapter titles out of the full description, except a chapter's own", () => {
    const chain = [line("84", "MACHINERY"), line("8471", "ADP machines:"), line("84713000", "Portable")];
    expect(fullDescription(chain)).toBe("ADP machines > Portable");
    expect(fullDescription([line("84", "MACHINERY")])).toBe("MACHINERY");
  });

  it("UK: intermediate lines (suffix 10) are not entries", () => {
    const uk = (code: string, level: number, description: string, suffix = "80") => line(code, description, { level, suffix });
    const chain = [
      uk("0100000000", 2, "LIVE ANIMALS"),
      uk("0101000000", 4, "Live horses"),
      uk("0101210000", 6, "Horses", "10"),
      uk("0101210000", 6, "Pure-bred breeding animals"),
    ];
    expect(buildHierarchy("uk", chain, WCO).map((h) => h.code)).toEqual(["01", "0101", "010121", "0101210000"]);
    expect(buildHierarchy("uk", chain, WCO)[2].description).toBe("Pure-bred breeding animals");
  });

  it("WCO: the subheading itself is the last entry, not repeated", () => {
    const chain = [line("84", "Machinery"), line("8471", "ADP"), line("847130", "Portable")];
    expect(buildHierarchy("wco", chain, WCO).map((h) => h.code)).toEqual(["84", "8471", "847130"]);
  });

  it("skips a level nobody has text for", () => {
    const chain = [line("8471", "ADP"), line("84713000", "Portable")];
    expect(buildHierarchy("eu", chain, new Map()).map((h) => h.code)).toEqual(["8471", "84713000"]);
  });
});
