import { describe, expect, it } from "vitest";
import { buildLineIndex } from "../../../shared/hs-codes/line-index.ts";
import { buildHeadingModel, type PriorTerm } from "../../../shared/hs-codes/heading-prior.ts";
import {
  favouredLines,
  isPartWord,
  machineHeading,
  machineTerms,
  partCue,
  partsHeadingsOf,
  partsLinesOf,
  readMachinePart,
} from "../../../shared/hs-codes/machine-parts.ts";
import { indexLine } from "../../support/index-line-row.ts";

const line = indexLine;

// 8443: printers and copiers, with a "Parts and accessories" subheading (WCO text, field C); 9101 watches,
// 9114 other watch parts; 7113 jewellery, "parts thereof" only in the heading's own text.
const LINES = [
  line("a", "8443", "'printer':1A 'copi':2A 'machin':3A 'part':4A 'thereof':5A"),
  line("b", "844332", "'printer':1A 'copi':2B 'machin':3B"),
  line("c", "844399", "'other':1A 'copi':2B 'machin':3B 'print':4C 'part':5C 'accessori':6C"),
  line("d", "8443994500", "'other':1A 'copi':2B 'print':3C 'part':4C"),
  line("e", "9101", "'wrist':1A 'watch':2A 'movement':3A"),
  line("f", "910111", "'watch':1B 'movement':2B 'mechan':3A"),
  line("g", "9114", "'clock':1A 'watch':2A 'part':3A"),
  line("h", "911490", "'other':1A 'watch':2B 'part':3C"),
  line("i", "7113", "'jewelleri':1A 'part':2A 'thereof':3A"),
  line("j", "711311", "'silver':1A 'jewelleri':2B 'part':3B"),
  line("k", "8482", "'roller':1A 'bear':2A"),
  line("l", "848250", "'roller':1A 'bear':2B"),
];
const index = buildLineIndex(LINES, []);
const model = buildHeadingModel(index);
const term = (...stems: string[]): PriorTerm => ({ factor: 1, readings: [{ stems: stems.map((s) => index.stemIds.get(s)!), weight: 1 }] });

describe("parts for a machine (Section XVI Note 2(b))", () => {
  it("reads a head noun that is a part word with no heading of its own, and not one that is goods of a heading (Note 2(a))", () => {
    expect(partCue(["copier", "cleaning", "roller", "for", "konica"], 2)).toBe("roller");
    expect(partCue(["watch", "movement", "spacer", "rings", "for"], 3)).toBe("rings");
    expect(isPartWord("parts")).toBe(true);
    // A spring (7320), a gear (8483), a filter (8421), a blade (8208) go to their own headings.
    for (const w of ["spring", "gear", "filter", "blade", "lid", "bracket"]) expect(isPartWord(w)).toBe(false);
    // A bearing housing is goods of 8483.
    expect(partCue(["bearing", "housing", "for"], 1)).toBeNull();
    expect(partCue(["copier", "roller"], -1)).toBeNull();
  });

  it("names the machine by the title's nouns of things, not its qualities, unknown words or other part words", () => {
    const classes: Record<string, "goods" | "artifact" | "modifier"> = {
      copier: "goods",
      case: "artifact",
      cleaning: "modifier",
      ring: "goods",
    };
    const terms = ["copier", "cleaning", "chapter", "watch case", "ring", "spacer"].map((text) => ({ text }));
    expect(machineTerms(terms, (w) => classes[w] ?? null).map((t) => t.text)).toEqual(["copier", "watch case"]);
  });

  it("gives a machine heading the separate parts heading the notes name for it", () => {
    expect(partsHeadingsOf("8471")).toEqual(["8471", "8473"]);
    expect(partsHeadingsOf("8528")).toEqual(["8528", "8529"]);
    expect(partsHeadingsOf("9102")).toEqual(["9102", "9114"]);
    expect(partsHeadingsOf("8443")).toEqual(["8443"]);
  });

  it("takes as parts lines those whose own or WCO text says parts, not a heading's 'parts thereof' inherited", () => {
    const parts = partsLinesOf(index);
    const of = (key: string) => parts[index.keys.indexOf(key)];
    expect([of("c"), of("d"), of("h")]).toEqual([1, 1, 1]);
    // The heading itself, the printers' subheading, and jewellery whose 'part' is only its heading's.
    expect([of("a"), of("b"), of("j")]).toEqual([0, 0, 0]);
  });

  it("reads the machine from the title's other words, only in chapters 84, 85, 90 and 91", () => {
    expect(machineHeading(model, [term("copi"), term("print")])).toBe("8443");
    expect(machineHeading(model, [term("silver"), term("jewelleri")])).toBeNull();
    expect(machineHeading(model, [])).toBeNull();
  });

  it("favours the parts lines of the machine's heading and of its parts heading, and brings their subheadings", () => {
    const copier = readMachinePart(model, ["copier", "roller"], 1, [term("copi")]);
    expect(copier).toMatchObject({ cue: "roller", machine: "8443", headings: ["8443"] });
    const f = favouredLines(copier!, index);
    expect([...f.keys].sort()).toEqual(["c", "d"]);
    expect(f.subheadings).toEqual(["844399"]);
    const watch = readMachinePart(model, ["watch", "movement", "spacer", "ring"], 3, [term("watch"), term("movement")]);
    expect(watch?.headings).toEqual(["9101", "9114"]);
    expect([...favouredLines(watch!, index).keys]).toEqual(["h"]);
    // A ring for jewellery is no part of a machine.
    expect(readMachinePart(model, ["silver", "ring"], 1, [term("silver"), term("jewelleri")])).toBeNull();
    // No part word at the head: nothing is read.
    expect(readMachinePart(model, ["laser", "printer"], 1, [term("copi")])).toBeNull();
  });
});
