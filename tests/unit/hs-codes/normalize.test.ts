import { describe, expect, it } from "vitest";
import {
  descriptionWords,
  foldHsText,
  MAX_QUERY_TERMS,
  parseCodeQuery,
  queryWordCounts,
  titleWords,
  tokenizeHsQuery,
} from "../../../shared/hs-codes/normalize.ts";
import { normaliseHsCode } from "../../../shared/trade/hs-code.ts";
import { scheduleForCountry } from "../../../shared/hs-codes/schedules.ts";

describe("code queries", () => {
  it("reads digits with dots, spaces and hyphens as a code prefix", () => {
    expect(parseCodeQuery("8471")).toBe("8471");
    expect(parseCodeQuery(" 8471.30 ")).toBe("847130");
    expect(parseCodeQuery("8471 30 01 00")).toBe("8471300100");
    expect(parseCodeQuery("0101.21-00")).toBe("01012100");
    expect(parseCodeQuery("8")).toBe("8");
  });

  it("reads anything else as a description", () => {
    for (const q of ["laptop", "8471 laptop", "84713001001", "t-shirt", ".8471", "-", ""]) expect(parseCodeQuery(q), q).toBeNull();
  });

  it("normalises codes of the detail endpoint to 2–10 digits", () => {
    expect(normaliseHsCode("8471.30.01.00")).toBe("8471300100");
    expect(normaliseHsCode("84")).toBe("84");
    for (const c of ["8", "84713001001", "84x1", "abc", "", " "]) expect(normaliseHsCode(c), c).toBeNull();
  });
});

describe("description queries", () => {
  it("folds accents, ligatures, typographic quotes and dashes", () => {
    expect(foldHsText("Purée Crème Brûlée")).toBe("puree creme brulee");
    expect(foldHsText("Men’s T‐shirts — Straße")).toBe("men's t-shirts - strasse");
    expect(foldHsText("Łódź ÆSIR œuvre")).toBe("lodz aesir oeuvre");
  });

  it("keeps hyphenated words, drops possessives, numbers, single letters and repeats", () => {
    expect(tokenizeHsQuery("Men's Cotton T-Shirts, 100% cotton")).toEqual(["men", "cotton", "t-shirts"]);
    expect(tokenizeHsQuery("USB 3.0 cable -- a")).toEqual(["usb", "cable"]);
    expect(tokenizeHsQuery("e-bike-")).toEqual(["e-bike"]);
    expect(tokenizeHsQuery("!!! ???")).toEqual([]);
    // A product title is read whole (issue 27): the product noun is often its last word.
    const title = "Versatile Dynamic Green Cute Dragon Magnetic Pendant Necklace Jewelry Gift For Women Girls Party Fashion";
    expect(tokenizeHsQuery(title)).toContain("pendant");
    expect(tokenizeHsQuery(title)).toHaveLength(15);
    const many = Array.from(
      { length: 60 },
      (_, i) => `w${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
    );
    expect(tokenizeHsQuery(many.join(" "))).toHaveLength(MAX_QUERY_TERMS);
  });

  it("keeps the title's words in the order written, repeats too, as far as the query's words go", () => {
    const title = "Toilet Brush Holder, Silicone Toilet Brush for 2 Bathrooms";
    expect(titleWords(title)).toEqual(["toilet", "brush", "holder", "silicone", "toilet", "brush", "for", "bathrooms"]);
    expect(tokenizeHsQuery(title)).toEqual([...new Set(titleWords(title))]);
    const many = Array.from(
      { length: 60 },
      (_, i) => `w${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
    );
    expect(titleWords(many.join(" "))).toEqual(tokenizeHsQuery(many.join(" ")));
  });

  it("splits descriptions into words for the typo vocabulary", () => {
    expect(descriptionWords("Men's or boys' (338): T-shirts; 10 kg")).toEqual(["men", "or", "boys", "t-shirts", "kg"]);
  });
});

describe("schedules", () => {
  it("maps countries to schedules and refuses those without one", () => {
    expect(scheduleForCountry(undefined)).toEqual({ ok: true, schedule: "wco" });
    expect(scheduleForCountry("")).toEqual({ ok: true, schedule: "wco" });
    expect(scheduleForCountry("us")).toEqual({ ok: true, schedule: "us" });
    expect(scheduleForCountry("UK")).toEqual({ ok: true, schedule: "uk" });
    expect(scheduleForCountry("GB")).toEqual({ ok: true, schedule: "uk" });
    expect(scheduleForCountry("DE")).toEqual({ ok: true, schedule: "eu" });
    expect(scheduleForCountry("EU")).toEqual({ ok: true, schedule: "eu" });
    expect(scheduleForCountry("IN")).toEqual({ ok: true, schedule: "in" });
    expect(scheduleForCountry("JP")).toEqual({ ok: false, country: "JP" });
    expect(scheduleForCountry("CH")).toEqual({ ok: false, country: "CH" });
  });
});

describe("queryWordCounts", () => {
  it("counts a word and its plural together", () => {
    const c = queryWordCounts("Loose Beads for Jewelry Making DIY Bead Caps, Beads");
    expect(c.get("beads")).toBe(3);
    expect(c.get("bead")).toBe(3);
    expect(c.get("jewelry")).toBe(1);
  });
});
