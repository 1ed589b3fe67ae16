import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { foldCharacters } from "../../../shared/text/fold.ts";
import {
  isOnlyLegalForm,
  LEGAL_FORM_PHRASES,
  normalizeName,
  stripLegalForms,
  tokenizeName,
} from "../../../shared/screening/index/normalize-name.ts";

const norm = (s: string) => normalizeName(s).normalized;

describe("normalizeName: characters", () => {
  it("strips accents through NFKD and folds letters NFKD leaves alone", () => {
    expect(norm("Société Générale")).toBe("societe generale");
    expect(norm("Łódź Ørsted Straße Æble Đuro Þór Œuvre")).toBe("lodz orsted strasse aeble duro thor oeuvre");
    expect(norm("ŽELEZNIČNÍ ŠPEDICE")).toBe("zeleznicni spedice");
    expect(norm("Ｆｕｌｌｗｉｄｔｈ")).toBe("fullwidth"); // NFKD compatibility forms
  });

  it("transliterates Cyrillic", () => {
    expect(norm("ООО «Ромашка»")).toBe("romashka");
    expect(norm("Щукин Жуков Хабаров")).toBe("shchukin zhukov khabarov");
  });

  it("lowercases, turns & into and, punctuation into spaces, removes apostrophes, collapses spaces", () => {
    expect(norm("JOHNSON  &  JOHNSON")).toBe("johnson and johnson");
    expect(norm("AL-QA'IDA")).toBe("al qaida");
    expect(norm("O’Neil/Smith (Holdings)")).toBe("oneil smith holdings");
    expect(norm("  \t Foo\n\nBar  ")).toBe("foo bar");
  });

  it("closes up dotted and spaced single-letter abbreviations", () => {
    expect(tokenizeName("S.A. DE C.V.")).toEqual(["sa", "de", "cv"]);
    expect(tokenizeName("S A DE C V")).toEqual(["sa", "de", "cv"]);
    expect(tokenizeName("J.P. Morgan")).toEqual(["jp", "morgan"]);
    expect(tokenizeName("A/S")).toEqual(["as"]);
  });
});

describe("normalizeName: legal forms", () => {
  it.each([
    ["ANGLO-CARIBBEAN CO., LTD.", "anglo caribbean"],
    ["INFOROS, OOO", "inforos"],
    ["OOO Inforos", "inforos"],
    ["Limited Liability Company Vladeks", "vladeks"],
    ["RED DOLPHIN JOINT STOCK COMPANY", "red dolphin"],
    ["Public Joint Stock Company Foo", "foo"],
    ["Grupo Bimbo, S.A.B. de C.V.", "grupo bimbo"],
    ["Maersk A/S", "maersk"],
    ["Orlen Sp. z o.o.", "orlen"],
    ["Müller GmbH & Co. KG", "muller"],
    ["Siemens AG", "siemens"],
    ["BASF SE", "basf"],
    ["Toyota Motor Corporation", "toyota motor"],
    ["PT Astra International Tbk", "astra international"],
    ["Petronas Chemicals Group Berhad", "petronas chemicals group"],
    ["Aramex PJSC", "aramex"],
    ["Foo Trading FZE", "foo trading"],
    ["Koc Holding Anonim Sirketi", "koc holding"],
    ["ACME Private Limited", "acme"],
    ["Aktsionernoe Obshchestvo Toz Metiz", "toz metiz"],
    ["Obshchestvo s Ogranichennoi Otvetstvennostyu Alfa", "alfa"],
    ["Nokia Oyj", "nokia"],
  ])("%s → %s", (raw, expected) => {
    expect(norm(raw)).toBe(expected);
  });

  it("reports the removed legal forms and keeps the full token list", () => {
    const n = normalizeName("Anglo-Caribbean Co., Ltd.");
    expect(n.legalForms).toEqual(["co ltd"]);
    expect(n.allTokens).toEqual(["anglo", "caribbean", "co", "ltd"]);
  });

  it("never drops every token: a name that is only a legal form keeps it", () => {
    expect(normalizeName("Company Limited").tokens).toEqual(["company", "limited"]);
    expect(normalizeName("OOO").tokens).toEqual(["ooo"]);
    expect(normalizeName("S.A. de C.V.").tokens).toEqual(["sa", "de", "cv"]);
    expect(isOnlyLegalForm(["company", "limited"])).toBe(true);
    expect(isOnlyLegalForm(["acme", "limited"])).toBe(false);
    expect(stripLegalForms(["llc"])).toEqual({ tokens: ["llc"], removed: [] });
  });

  it("the legal-form list has no duplicates and is normalised", () => {
    expect(new Set(LEGAL_FORM_PHRASES).size).toBe(LEGAL_FORM_PHRASES.length);
    for (const p of LEGAL_FORM_PHRASES) expect(tokenizeName(p).join(" ")).toBe(p);
  });
});

describe("normalizeName: token order and robustness", () => {
  it("gives a token-order-independent sorted key", () => {
    expect(normalizeName("Ivanov Sergey").sortedKey).toBe(normalizeName("SERGEY, IVANOV").sortedKey);
    expect(normalizeName("Banco Nacional de Cuba").sortedKey).toBe("banco cuba de nacional");
  });

  it("handles empty and punctuation-only input", () => {
    expect(normalizeName("")).toEqual({ normalized: "", tokens: [], sortedKey: "", allTokens: [], legalForms: [] });
    expect(normalizeName(" .,;-/ ").tokens).toEqual([]);
  });

  it("never throws and yields lowercase, space-free, non-empty tokens (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (s) => {
        const n = normalizeName(s);
        const bad = n.tokens.filter((t) => t.length === 0 || /\s/.test(t) || t !== t.toLowerCase());
        expect(bad).toEqual([]);
        expect(n.normalized).toBe(n.tokens.join(" "));
        expect(foldCharacters(s)).toBe(foldCharacters(s)); // deterministic
      }),
      { numRuns: 500 },
    );
  });
});
