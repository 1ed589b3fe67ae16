import { describe, expect, it } from "vitest";
import { fieldsOf } from "../../../shared/hs-codes/score-lines.ts";
import { buildLineIndex, candidateLines, parseTsvector, type CandidateRequest } from "../../../shared/hs-codes/line-index.ts";
import { indexLine } from "../../support/index-line-row.ts";

const line = indexLine;

const LINES = [
  line("a", "620520", "'cotton':2A 'shirt':1A 'men':3B"),
  line("b", "62052010", "'dress':1A 'shirt':2A,5B"),
  line("c", "62052020", "'other':1A"),
  line("d", "62052030", "'other':1A"),
  line("e", "98010010", "'shirt':1A"),
  line("f", "61091000", "'t-shirt':1A 'it''s':2A", { valid_to: "2020-12-31" }),
  line("g", "61091010", "'knit':1A 'plain':2"),
];
const SUBHEADINGS = [
  { subheading: "620520", len: 40, lexemes: ["shirt", "cotton", "button"] },
  { subheading: "610910", len: 30, lexemes: ["tee", "knit"] },
];
const index = buildLineIndex(LINES, SUBHEADINGS);

const request = (r: Partial<CandidateRequest>): CandidateRequest => ({
  select: [],
  stems: [],
  subheadings: [],
  limit: 20,
  today: "2026-11-27",
  validity: true,
  ...r,
});
const keys = (r: Partial<CandidateRequest>) => candidateLines(index, request(r)).map((c) => c.lineKey);

describe("in-memory line index", () => {
  it("reads a tsvector's text form: quoted lexemes, doubled quotes, weight letters (D: none)", () => {
    const seen: Array<[string, number]> = [];
    parseTsvector("'cotton':2A,4B 'it''s':1C 'back\\\\slash':3 plain", (l, b) => seen.push([l, b]));
    expect(seen).toEqual([
      ["cotton", 3],
      ["it's", 4],
      ["back\\slash", 0],
      ["plain", 0],
    ]);
  });

  it("selects the lines having every stem of an alternative, never chapters 98/99 nor lines out of force", () => {
    expect(keys({ select: [["shirt"]], stems: ["shirt"], limit: 0 })).toEqual(["a", "b"]);
    expect(keys({ select: [["dress", "shirt"]], stems: ["dress", "shirt"], limit: 0 })).toEqual(["b"]);
    expect(keys({ select: [["dress", "cotton"]], stems: ["dress", "cotton"], limit: 0 })).toEqual([]);
    expect(keys({ select: [["t-shirt"]], stems: ["t-shirt"] })).toEqual([]);
    expect(keys({ select: [["t-shirt"]], stems: ["t-shirt"], validity: false })).toEqual(["f"]);
    expect(keys({ select: [["it's"]], stems: ["it's"], validity: false })).toEqual(["f"]);
    expect(keys({ select: [["nowhere"]], stems: ["nowhere"] })).toEqual([]);
  });

  it("adds the first `limit` lines (level, code order) of subheadings whose national texts match, and those with a plan stem", () => {
    // "button" is only in 620520's national texts: its lines by level and code, two places.
    expect(keys({ select: [["button"]], stems: ["button"], limit: 2 })).toEqual(["a", "b"]);
    // A line further down with a stem of the plan in its own text comes in too.
    expect(keys({ select: [["button"]], stems: ["button", "other"], limit: 1 })).toEqual(["a", "c", "d"]);
  });

  it("adds every line in force of the subheadings a search reference named", () => {
    expect(keys({ subheadings: ["620520"] })).toEqual(["a", "b", "c", "d"]);
    expect(keys({ subheadings: ["610910"] })).toEqual(["g"]);
  });

  it("gives each candidate its field lengths and the fields each plan stem is in", () => {
    const [a] = candidateLines(index, request({ select: [["cotton"]], stems: ["cotton", "shirt", "men", "button", "tee"] }));
    expect(a.lengths).toEqual({ own: 2, up: 1, wco: 0, shared: 40 });
    expect(Object.fromEntries([...a.found].map(([s, bits]) => [s, fieldsOf(bits)]))).toEqual({
      cotton: ["own", "shared"],
      shirt: ["own", "shared"],
      men: ["up"],
      button: ["shared"],
    });
    const [g] = candidateLines(index, request({ select: [["knit"]], stems: ["knit", "plain"] }));
    // "plain" has no weight letter (D): no field.
    expect([...g.found.keys()]).toEqual(["knit"]);
    expect(g.subheading).toBe("610910");
  });

  it("counts a line's own words (stems with a letter, not numbers) and leaves no plan behind for the next search", () => {
    const numbered = buildLineIndex(
      [line("n", "62052040", "'shirt':1A '338':2A 'cotton':3B"), line("m", "62052050", "'shirt':1A 'dress':2A '40':3A")],
      SUBHEADINGS,
    );
    const first = candidateLines(numbered, request({ select: [["shirt"]], stems: ["shirt", "dress"] }));
    expect(first.map((c) => [c.lineKey, c.ownWords])).toEqual([
      ["n", 1],
      ["m", 2],
    ]);
    // A second search with other stems sees none of the first one's.
    const second = candidateLines(numbered, request({ select: [["shirt"]], stems: ["shirt"] }));
    expect(second.map((c) => [...c.found.keys()])).toEqual([["shirt"], ["shirt"]]);
  });
});
