import { describe, expect, it } from "vitest";
import { buildLineIndex, candidateLines } from "../../../shared/hs-codes/line-index.ts";
import { decodeLineIndex, encodeLineIndex } from "../../../shared/hs-codes/line-index-codec.ts";
import { indexLine } from "../../support/index-line-row.ts";

const line = indexLine;

const LINES = [
  line("a", "620520", "'cotton':2A 'shirt':1A 'men':3B"),
  line("b", "62052010", "'dress':1A 'shirt':2A,5B", { valid_from: "2020-01-01" }),
  line("c", "62052020", "'purée':1A 'crème':2C"),
  line("d", "98010010", "'shirt':1A"),
  line("e", "61091000", "'t-shirt':1A 'it''s':2A", { valid_to: "2020-12-31" }),
  line("f", "61091010", "'knit':1A 'plain':2", { valid_from: "", valid_to: "" }),
];
const SUBHEADINGS = [
  { subheading: "620520", len: 40, lexemes: ["shirt", "cotton", "button"] },
  { subheading: "610910", len: 30, lexemes: ["tee", "knit"] },
];

describe("line index codec", () => {
  it("decodes exactly the index it encoded: typed arrays of the same types, strings, nulls, Maps, postings", () => {
    const index = buildLineIndex(LINES, SUBHEADINGS);
    const decoded = decodeLineIndex(encodeLineIndex(index));
    expect(decoded).toEqual(index);
    expect(decoded.lineTerms.items).toBeInstanceOf(Uint16Array);
    expect(decoded.validFrom).toEqual([null, "2020-01-01", null, null, null, ""]);
    const request = { select: [["shirt"]], stems: ["shirt", "cotton"], subheadings: [], limit: 20, today: "2026-11-27", validity: true };
    expect(candidateLines(decoded, request)).toEqual(candidateLines(index, request));
  });

  it("keeps 32-bit ids when a schedule has more stems or lines than 16 bits hold", () => {
    const many = Array.from({ length: 70_000 }, (_, i) => line(`k${i}`, `0101${String(i).padStart(6, "0")}`, `'w${i}':1A 'common':2B`));
    const index = buildLineIndex(many, []);
    expect(index.lineTerms.items).toBeInstanceOf(Int32Array);
    expect(index.postings.items).toBeInstanceOf(Int32Array);
    expect(decodeLineIndex(encodeLineIndex(index))).toEqual(index);
  });

  it("decodes an empty index", () => {
    const index = buildLineIndex([], []);
    expect(decodeLineIndex(encodeLineIndex(index))).toEqual(index);
  });

  it("refuses a value of another layout, a cut one and one with bytes left over", () => {
    const bytes = encodeLineIndex(buildLineIndex(LINES, SUBHEADINGS));
    const other = bytes.slice();
    new Uint32Array(other.buffer, 8, 1)[0] = 999; // the layout word
    expect(() => decodeLineIndex(other)).toThrow(/layout/);
    expect(() => decodeLineIndex(bytes.subarray(0, bytes.byteLength - 8))).toThrow(/line index/);
    const longer = new Uint8Array(bytes.byteLength + 8);
    longer.set(bytes);
    expect(() => decodeLineIndex(longer)).toThrow(/line index/);
  });

  it("refuses a string holding NUL, the separator of a string list", () => {
    expect(() => encodeLineIndex(buildLineIndex([line("a\u0000b", "0101", "'horse':1A")], []))).toThrow(/NUL/);
  });
});
