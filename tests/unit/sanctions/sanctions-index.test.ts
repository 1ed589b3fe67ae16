import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  buildSanctionsIndex,
  SANCTIONS_MATCH_THRESHOLD,
  screenName,
  screenNameRanked,
  screenNames,
  type SanctionsEntry,
} from "../../../shared/screening/index/sanctions-index.ts";

/** SDN-like entries written by hand (spelling as on the OFAC list; not loaded from the data files). */
const ENTRIES: SanctionsEntry[] = [
  {
    uid: "306",
    name: "BANCO NACIONAL DE CUBA",
    type: "-0-",
    programs: ["CUBA"],
    list: "SDN",
    aliases: [{ name: "NATIONAL BANK OF CUBA", type: "aka" }],
  },
  {
    uid: "173",
    name: "ANGLO-CARIBBEAN CO., LTD.",
    type: "-0-",
    programs: ["CUBA"],
    list: "SDN",
    aliases: [{ name: "AVIA IMPORT", type: "aka" }],
  },
  { uid: "12927", name: "MAHAN AIR", type: "-0-", programs: ["SDGT", "IRAN-HR"], list: "SDN", aliases: [] },
  {
    uid: "18782",
    name: "ROSOBORONEXPORT JSC",
    type: "-0-",
    programs: ["RUSSIA-EO14024"],
    list: "SDN",
    aliases: [{ name: "ROSOBORONEKSPORT OAO", type: "fka" }],
  },
  { uid: "31169", name: "INFOROS, OOO", type: "-0-", programs: ["NPWMD", "CYBER2"], list: "SDN", aliases: [] },
  { uid: "48492", name: "RED DOLPHIN JOINT STOCK COMPANY", type: "-0-", programs: ["RUSSIA-EO14024"], list: "SDN", aliases: [] },
  { uid: "7001", name: "ALPHA GLOBAL TRADING LLC", type: "-0-", programs: ["SDGT"], list: "SDN", aliases: [] },
  {
    uid: "12888",
    name: "AL-LIBI, Abu Yahya",
    type: "individual",
    programs: ["SDGT"],
    list: "SDN",
    aliases: [{ name: "AL-LIBI, Hassan Qaid", type: "aka" }],
  },
  { uid: "11376", name: "MUJAHID, Mohammed Yahya", type: "individual", programs: ["SDGT"], list: "SDN", aliases: [] },
  { uid: "36799", name: "IVANOV, Sergey Borisovich", type: "individual", programs: ["RUSSIA-EO14024"], list: "SDN", aliases: [] },
  { uid: "36000", name: "IVANOV, Sergey Sergeevich", type: "individual", programs: ["RUSSIA-EO14024"], list: "SDN", aliases: [] },
  { uid: "9639", name: "HANIYA, Ismail Abdul Salah", type: "individual", programs: ["NS-PLC"], list: "CONS", aliases: [] },
  { uid: "9901", name: "AMBER", type: "vessel", programs: ["IRAN"], list: "SDN", aliases: [] },
  {
    uid: "9902",
    name: "WEAKLY KNOWN TRADING",
    type: "-0-",
    programs: ["SDGT"],
    list: "SDN",
    aliases: [{ name: "ZZYZX", type: "weak aka" }],
  },
];

const index = buildSanctionsIndex(ENTRIES);
const uidOf = (name: string) => screenName(index, name)?.uid ?? null;

describe("screenName: matches", () => {
  it("matches a primary name exactly and reports the entry", () => {
    const m = screenName(index, "Banco Nacional de Cuba");
    expect(m).toEqual({
      uid: "306",
      name: "BANCO NACIONAL DE CUBA",
      matched_name: "BANCO NACIONAL DE CUBA",
      program: "CUBA",
      score: 1,
      list: "SDN",
    });
  });

  it("matches an alias and names both the primary and the matched alias", () => {
    const m = screenName(index, "National Bank of Cuba");
    expect(m?.uid).toBe("306");
    expect(m?.name).toBe("BANCO NACIONAL DE CUBA");
    expect(m?.matched_name).toBe("NATIONAL BANK OF CUBA");
    expect(screenName(index, "Avia Import Ltd")?.uid).toBe("173");
  });

  it("joins several programs", () => {
    expect(screenName(index, "Mahan Air")?.program).toBe("SDGT, IRAN-HR");
  });

  it.each([
    ["cuba banco nacional de", "306"], // token order
    ["BÁNCO NACIONÁL DE CÚBA", "306"], // accents
    ["Anglo Caribbean Company Limited", "173"], // legal form changed
    ["ANGLO CARIBBEAN", "173"], // legal form removed
    ["OOO Inforos", "31169"], // legal form moved
    ["Inforos Limited Liability Company", "31169"],
    ["Red Dolphin JSC", "48492"],
    ["Rosoboronexprot", "18782"], // one transposition
    ["Rosoboron Export", "18782"], // split token
    ["Rosoboroneksport OAO", "18782"], // former name
    ["Abu Yahya al-Libi", "12888"], // given names first
    ["Abu Yahya Allibi", "12888"], // joined
    ["Mohammed Yahya Mujahid", "11376"],
    ["Muhammad Yahya Mujahid", "11376"], // transliteration
    ["Ismail Haniya", "9639"], // missing middle names, CONS list
    ["Mahan Air Trading", "12927"], // listed name inside a longer one, generic extra word
  ])("%s → %s", (name, uid) => {
    expect(uidOf(name)).toBe(uid);
  });

  it("reports a score between the threshold and 1, 1 for an exact match", () => {
    const exact = screenName(index, "MAHAN AIR");
    expect(exact?.score).toBe(1);
    const fuzzy = screenName(index, "Rosoboronexprot");
    expect(fuzzy!.score).toBeGreaterThanOrEqual(SANCTIONS_MATCH_THRESHOLD);
    expect(fuzzy!.score).toBeLessThan(1);
  });
});

describe("screenName: non-matches", () => {
  it.each([
    "Global Trading LLC", // listed "ALPHA GLOBAL TRADING": the listed "alpha" is missing
    "Banco Nacional de Chile",
    "Red Dragon JSC",
    "Sergey Petrov",
    "Anglo American plc",
    "Mahan Air Cargo Logistics Services", // too many distinctive extra words
    "Siemens AG",
    "Ivanov", // a surname alone does not match a person
    "",
    "   ",
    "LLC",
  ])("%s → no match", (name) => {
    expect(screenName(index, name)).toBeNull();
  });

  it("does not screen parties against vessels, but can screen a vessel name", () => {
    expect(screenName(index, "Amber Ltd")).toBeNull();
    expect(screenName(index, "AMBER", { kinds: ["vessel"] })?.uid).toBe("9901");
  });

  it("does not index weak aliases", () => {
    expect(screenName(index, "ZZYZX")).toBeNull();
  });

  it("honours a custom threshold", () => {
    expect(screenName(index, "Rosoboronexprot", { threshold: 0.999 })).toBeNull();
  });
});

describe("ties and determinism", () => {
  it("breaks equal scores by uid (numeric order)", () => {
    const ranked = screenNameRanked(index, "Sergey Ivanov");
    expect(ranked.map((m) => m.uid)).toEqual(["36000", "36799"]);
    expect(ranked[0].score).toBe(ranked[1].score);
    expect(screenName(index, "Sergey Ivanov")?.uid).toBe("36000");
  });

  it("gives the same answers whatever the order of entries and aliases", () => {
    const queries = [
      "Sergey Ivanov",
      "National Bank of Cuba",
      "Banco Nacional de Cuba",
      "Abu Yahya al-Libi",
      "Rosoboron Export",
      "Inforos LLC",
      "Global Trading",
      "Mahan Air Trading",
    ];
    const expected = JSON.stringify([...screenNames(index, queries)]);
    const expectedRanked = JSON.stringify(queries.map((q) => screenNameRanked(index, q)));
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: ENTRIES.length * 2, maxLength: ENTRIES.length * 2 }), (keys) => {
        const shuffled = ENTRIES.map((e, i) => ({ e, k: keys[i] }))
          .sort((a, b) => a.k - b.k)
          .map(({ e }, i) => ({ ...e, aliases: keys[ENTRIES.length + i] % 2 ? [...e.aliases].reverse() : e.aliases }));
        const other = buildSanctionsIndex(shuffled);
        expect(JSON.stringify([...screenNames(other, queries)])).toBe(expected);
        expect(JSON.stringify(queries.map((q) => screenNameRanked(other, q)))).toBe(expectedRanked);
      }),
      { numRuns: 30 },
    );
  });

  it("screenNames keys by the exact input and screens duplicates once", () => {
    const r = screenNames(index, ["Mahan Air", "mahan air", "Mahan Air", "Siemens AG"]);
    expect([...r.keys()]).toEqual(["Mahan Air", "mahan air", "Siemens AG"]);
    expect(r.get("mahan air")?.uid).toBe("12927");
    expect(r.get("Siemens AG")).toBeNull();
  });

  it("works on an empty index", () => {
    expect(screenName(buildSanctionsIndex([]), "Mahan Air")).toBeNull();
  });
});

describe("robustness", () => {
  it("never throws on arbitrary strings and returns a well-formed match or null (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (s) => {
        const m = screenName(index, s);
        if (m !== null) {
          expect(m.score).toBeGreaterThanOrEqual(SANCTIONS_MATCH_THRESHOLD);
          expect(m.score).toBeLessThanOrEqual(1);
          expect(ENTRIES.some((e) => e.uid === m.uid)).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("never throws on strings built from listed words, punctuation and legal forms (property)", () => {
    const words = fc.constantFrom(
      "banco",
      "nacional",
      "de",
      "cuba",
      "mahan",
      "air",
      "LLC",
      "S.A.",
      "&",
      "-",
      ",",
      "al",
      "libi",
      "Ivanov",
      "Sergey",
      "ООО",
      "Ромашка",
      "é",
      "'",
      "ROSOBORON",
      "EXPORT",
      "x".repeat(300),
    );
    fc.assert(
      fc.property(fc.array(words, { maxLength: 40 }), (ws) => {
        const s = ws.join(" ");
        expect(() => screenNames(index, [s, s.toUpperCase(), ws.join("")])).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  // No clock here (timings live in bench/): a pathological slowdown would hit the test's timeout.
  it("screens a very long input without throwing", () => {
    expect(() => screenName(index, "Banco ".repeat(5000) + "x".repeat(100_000))).not.toThrow();
  }, 10_000);
});
