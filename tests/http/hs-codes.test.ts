import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPglite, testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { foldHsText } from "../../shared/hs-codes/normalize.ts";
import { forgetHsSearchState, searchHsCodes } from "../../shared/hs-codes/hs-code-service.ts";
import { loadConfig } from "../../shared/runtime/config.ts";
import { SHARED_DATA, hasSharedData, sharedDataName } from "../support/shared-data.ts";
import { HS_FIXTURES, HS_TABLES, writeHsFixtures } from "../support/hs-fixtures.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tds-hs-"));
  await writeHsFixtures(dir, HS_FIXTURES);
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

type Result = {
  code: string;
  description: string;
  full_description: string;
  country: string | null;
  chapter: string;
  level: number;
  duty_rate: string | null;
  score?: number;
  matched?: Array<{ term: string; words: string[]; via: string; level: string; similarity?: number }>;
};

for (const backend of testBackends()) {
  describe(`HS code lookup on ${backend.name} (hand-written schedules)`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;
    let key: string;

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      // The word vectors are on here (TDS_HS_WORD_VECTORS=true); off, the default, below and in the real-data suite.
      gw = await createTestGateway(db, { hsSearch: { wordVectors: true } });
      key = (await gw.createAccount("growth")).apiKey;
    });
    afterAll(async () => close?.());

    const get = (path: string) => gw.call("GET", path, { apiKey: key });
    const search = async (query: string) => {
      const r = await get(`/api/v1/hs-codes/search?${query}`);
      expect(r.status, `${query}: ${JSON.stringify(r.body)}`).toBe(200);
      return r.body as {
        results: Result[];
        total: number;
        schedule: string;
        match: string;
        corrections?: Array<{ word: string; replaced_by: string[]; kind?: string }>;
        fallback?: boolean;
      };
    };
    const codes = async (query: string) => (await search(query)).results.map((r) => r.code);

    it("answers 503 SVC_HS_003 before the schedules are imported", async () => {
      const s = await get("/api/v1/hs-codes/search?q=laptop&country=US");
      expect(s.status).toBe(503);
      expect(s.body.error).toMatchObject({ code: "SVC_HS_003", schedule: "us" });
      expect((await get("/api/v1/hs-codes/search?q=8471")).body.error.code).toBe("SVC_HS_003");
      expect((await get("/api/v1/hs-codes/8471300100?country=US")).body.error.code).toBe("SVC_HS_003");
    });

    it("indexes each schedule in the import's transaction", async () => {
      const result = await importReferenceDir(db, dir, { only: HS_TABLES });
      expect(result.tables.map((t) => t.table)).toEqual(HS_TABLES);
      const builds = await db.query<{ schedule: string; line_count: number }>(
        "select schedule, line_count from hs_search_builds order by schedule",
      );
      // US grouping lines and UK lines other than suffix 80 are not listed on their own.
      expect(Object.fromEntries(builds.map((b) => [b.schedule, Number(b.line_count)]))).toEqual({ eu: 9, in: 8, uk: 9, us: 19, wco: 14 });
    });

    it("folds texts in SQL exactly as queries are folded in TypeScript", async () => {
      for (const text of ["Purée de pommes", "Men’s T‐shirts", "Łódź Straße", "Æther œuvre", "plain ascii"]) {
        const [row] = await db.query<{ f: string }>("select hs_search_fold($1) as f", [text]);
        expect(row.f.toLowerCase(), text).toBe(foldHsText(text));
      }
    });

    it("searches descriptions: ranked, stemmed, through the parents' text, with the result fields", async () => {
      const us = await search("q=men's cotton t-shirts&country=US");
      expect(us).toMatchObject({ schedule: "us", match: "text" });
      expect(us.results[0]).toEqual({
        code: "6109100004",
        description: "Men's or boys' (338)",
        full_description: "T-shirts, singlets, tank tops and similar garments, knitted or crocheted > Of cotton > Men's or boys' (338)",
        country: "US",
        chapter: "61",
        level: 10,
        duty_rate: "16.5%",
        // Issue 18: every text result says how well and why it matched (the words and where).
        score: expect.any(Number),
        matched: [
          // HMRC's search reference for cotton T-shirts names the line's subheading.
          { term: "cotton t-shirts, knitted or crocheted", words: ["cotton", "t-shirt"], via: "reference", level: "subheading" },
          // Issue 27: the head product noun leads; the person and the material refine it.
          { term: "men", words: ["men"], via: "query", level: "line", role: "attribute" },
          { term: "cotton", words: ["cotton"], via: "query", level: "parent", role: "attribute" },
          { term: "t-shirts", words: ["t-shirts"], via: "query", level: "parent", role: "product" },
          // The line's own text has two words (the category number is none); the title names "men" of
          // them (partial-lines.ts; an "or" between them is not read, so the sibling lines fare alike).
          { term: "1 of 2", words: ["men"], via: "rule", level: "line", rule: "partial-line", effect: "disfavour" },
        ],
      });
      expect(us.results.map((r) => r.score)).toEqual([...us.results.map((r) => r.score)].sort((a, b) => (b ?? 0) - (a ?? 0)));
      expect(us.total).toBeGreaterThanOrEqual(4);
      // The heading's own text has both words, but a line under it that matches as well comes first (issue 18:
      // headings are context, not answers).
      const knitted = await codes("q=knitted shirt&country=US");
      expect(knitted[0]).toMatch(/^6109.{4}/);
      expect(knitted).toContain("6109");
      expect(knitted.indexOf("6109")).toBeGreaterThan(0);
      expect(await codes("q=horses&country=US")).toContain("0101210010");
    });

    it("reads everyday words through the synonym table and tolerates typos", async () => {
      expect((await codes("q=laptops&country=US"))[0]).toBe("8471300100");
      expect((await codes("q=laptop&country=EU"))[0]).toBe("84713000");
      expect((await codes("q=notebook computer&country=GB"))[0]).toBe("8471300000");
      expect((await codes("q=laptop&country=IN"))[0]).toMatch(/^847130/);
      expect((await codes("q=laptop"))[0]).toBe("847130");
      const typo = await search("q=labtop&country=US");
      expect(typo.results[0].code).toBe("8471300100");
      expect(typo.corrections).toEqual([{ word: "labtop", replaced_by: ["laptop"], kind: "typo" }]);
      expect((await codes("q=portabel&country=US"))[0]).toBe("8471300100");
      expect(await codes("q=tshirt&country=GB")).toContain("6109100010");
      const nothing = await search("q=zzzzqqq&country=US");
      expect(nothing).toMatchObject({ results: [], total: 0 });
      expect((await search("q=the of and")).total).toBe(0);
    });

    it("never corrects a real word, completes cut-off words, splits words written together, falls back rather than nothing", async () => {
      // "always" is an English word (WordNet): not turned into "alloys"; "laptop" still finds the line.
      const real = await search("q=always laptop&country=US");
      expect(real.corrections).toBeUndefined();
      expect(real.results[0].code).toBe("8471300100");
      const cut = await search("q=portable automatic data proce&country=US");
      expect(cut.corrections).toEqual([{ word: "proce", replaced_by: ["processing", "process"], kind: "completion" }]);
      expect(cut.results[0].code).toBe("8471300100");
      const joined = await search("q=cottonvests&country=GB");
      expect(joined.corrections?.[0]).toEqual({ word: "cottonvests", replaced_by: ["cotton", "vests"], kind: "split" });
      expect(joined.results[0].code.startsWith("6109")).toBe(true);
      // Nothing of the query is a tariff word: the closest real words, flagged and scored low.
      const loose = await search("q=hoarse&country=US");
      expect(loose.fallback).toBe(true);
      expect(loose.results.length).toBeGreaterThan(0);
      expect(loose.results[0].code.startsWith("0101")).toBe(true);
    });

    it("reads a word with its vowels left out, as shop systems shorten words", async () => {
      const short = await search("q=prtbl&country=US");
      expect(short.corrections).toEqual([{ word: "prtbl", replaced_by: ["portable"], kind: "abbreviation" }]);
      expect(short.results[0].code).toBe("8471300100");
      expect(short.results[0].matched).toContainEqual({
        term: "prtbl",
        words: ["portable"],
        via: "abbreviation",
        level: "line",
        role: "product",
      });
      // A word with its vowels is not an abbreviation: "prtable" is a typo of "portable".
      expect((await search("q=prtable&country=US")).corrections?.[0]?.kind).toBe("typo");
    });

    it("reads a whole product title, leads with its product noun, leaves brand-like words alone (issue 27)", async () => {
      // The product noun is the 12th word: a title is read whole, and "horses" leads although it is not last.
      const title = await search(
        "q=Versatile Dynamic Green Cute Magnetic Stylish Durable Lovely Elegant Premium Quality Horses for Farm Breeding Club&country=US",
      );
      expect(title.results[0].code).toMatch(/^0101/);
      expect(title.results[0].matched).toContainEqual(expect.objectContaining({ term: "horses", role: "product" }));
      // A word no dictionary or schedule knows is a name ("YCS", "Zenbq"), not a typo of a tariff word.
      const brand = await search("q=YCS Zenbq portable laptop&country=US");
      expect(brand.corrections).toBeUndefined();
      expect(brand.results[0].code).toBe("8471300100");
      // One edit from a common product word is still a typo.
      expect((await search("q=labtop&country=US")).corrections?.[0]).toMatchObject({ word: "labtop", kind: "typo" });
    });

    it("lets a heading's residual subheading compete with a specific one that shares a single word (GRI 6, issue 27)", async () => {
      // "Of base metal" (911320) and "Other:" (911390) have no word of the title; the residual one is lifted
      // to a share of its heading's best other line, and says so.
      const r = await search("q=Rubber Watch Strap for Men and Women&country=US");
      const codes = r.results.map((x) => x.code);
      expect(codes.slice(0, 2)).toContain("911390");
      const residual = r.results.find((x) => x.code === "911390");
      expect(residual?.matched).toContainEqual({
        term: "911320",
        words: ["9113"],
        via: "rule",
        level: "line",
        rule: "residual-subheading",
        effect: "favour",
      });
      // The specific line's own text asks for watch bracelets valued by the dozen; the title names only
      // "watch" of it, so it is lowered (partial-lines.ts) and says how much of it the title named.
      const specific = r.results.find((x) => x.code === "9113206000");
      expect(specific?.matched).toContainEqual(
        expect.objectContaining({ via: "rule", level: "line", rule: "partial-line", effect: "disfavour", words: ["watch"] }),
      );
      expect(specific?.matched?.find((m) => (m as { rule?: string }).rule === "partial-line")?.term).toMatch(/^1 of [2-9]$/);
    });

    it("reads jewellery by the tariff's notes: plated or base metal is imitation jewellery, 925 silver precious metal (issue 27)", async () => {
      // Both lines say "jewelry" and "plated"; the reading rules (reading-rules.ts) decide, and say so.
      const plated = await search("q=Gold plated necklace jewelry&country=US");
      expect(plated.results[0].code).toBe("7117199000");
      expect(plated.results[0].matched).toContainEqual(
        expect.objectContaining({ via: "rule", term: "gold plated", rule: "jewellery-imitation", effect: "favour", words: ["7117"] }),
      );
      const silver = await search("q=925 sterling silver plated necklace jewelry&country=US");
      expect(silver.results[0].code).toBe("7113115000");
      expect(silver.results[0].matched).toContainEqual(
        expect.objectContaining({ via: "rule", rule: "jewellery-precious-silver", effect: "favour" }),
      );
      const second = silver.results.find((r) => r.code === "7117199000");
      expect(second?.matched).toContainEqual(
        expect.objectContaining({ via: "rule", rule: "jewellery-precious-silver", effect: "disfavour" }),
      );
    });

    it("finds goods by the UK Trade Tariff's search references, and says so", async () => {
      // No schedule text or synonym says "camiseta" (Spanish for T-shirt); HMRC's search references link it
      // to 6109100010, so every schedule finds subheading 610910 first: the UK the referenced line itself, the
      // US its closest line.
      for (const [country, code] of [
        [undefined, "610910"],
        ["GB", "6109100010"],
        ["US", "61091000"],
      ] as const) {
        const r = await search(`q=camisetas${country ? `&country=${country}` : ""}`);
        expect(r.results[0].code, country).toBe(code);
        expect(r.results[0].matched, country).toEqual([{ term: "camiseta", words: ["camiseta"], via: "reference", level: "subheading" }]);
        expect(r.fallback, country).toBeUndefined();
        expect(
          r.results.every((x) => x.code.startsWith("610910")),
          country,
        ).toBe(true);
      }
    });

    it("finds goods by word vectors and says which words or labelled example brought them (issue 27)", async () => {
      // No text, synonym or WordNet bridge of these schedules says "seafood"; its word vector is near the
      // fish lines' ("meat", "fish"). The vector side brings them, and says so.
      const r = await search("q=cotton seafood");
      expect(r.results[0].code).toBe("610910");
      const fish = r.results.filter((x) => /^030[34]/.test(x.code));
      expect(fish.length).toBeGreaterThan(0);
      for (const x of fish) {
        expect(x.matched).toHaveLength(1);
        const why = x.matched![0];
        expect(why).toMatchObject({ via: "embedding", level: "line", term: expect.stringContaining("seafood") });
        expect(why.words).toContain("fish");
        expect(why.similarity).toBeGreaterThanOrEqual(0.5);
        expect(why.similarity).toBeLessThanOrEqual(1);
      }
      // A labelled example (the brand line "Zenbook", read "laptop, zenbook") near "tablet computer" in
      // meaning names the laptop's subheading: said beside the words that matched.
      const tablet = await search("q=tablet computer&country=US");
      expect(tablet.results[0].code).toBe("8471300100");
      expect(tablet.results[0].matched).toContainEqual({
        term: "laptop, zenbook",
        words: expect.arrayContaining(["tablet", "computer"]),
        via: "example",
        level: "subheading",
        similarity: expect.any(Number),
      });
      // Nothing in a schedule of horses, T-shirts and laptops is near "mare" but the horses: no noise is proposed.
      const mare = await search("q=mare&country=US");
      expect(mare.results.every((x) => x.code.startsWith("0101"))).toBe(true);
    });

    it("leaves the word vectors out unless TDS_HS_WORD_VECTORS is on (the default is off)", async () => {
      expect(loadConfig().hsSearch.wordVectors).toBe(false);
      const r = await searchHsCodes(db, { q: "cotton seafood", country: "US" });
      expect(r.results.length).toBeGreaterThan(0);
      expect(r.results.flatMap((x) => x.matched ?? []).some((m) => m.via === "embedding" || m.via === "example")).toBe(false);
      expect(r.results.some((x) => /^030[34]/.test(x.code))).toBe(false);
    });

    it("finds a WCO subheading by the words of the national lines under it (BM25F's shared field)", async () => {
      // The WCO text of 610910 says "T-shirts, singlets and other vests; of cotton", never "boys"; the US lines
      // under it do ("Men's or boys' (338)").
      const wco = await search("q=boys");
      expect(wco.results[0]).toMatchObject({
        code: "610910",
        matched: [{ term: "boys", words: ["boys"], via: "query", level: "subheading" }],
      });
      // Its own words still count more than the shared ones: a line whose own text has the word comes first.
      const us = await codes("q=boys&country=US");
      expect(us[0]).toBe("6109100004");
    });

    it("ranks a chapter or heading below the lines under it that match as well", async () => {
      const r = await codes("q=t-shirts&country=GB");
      expect(r.indexOf("6109100010")).toBeLessThan(r.indexOf("6100000000") === -1 ? Infinity : r.indexOf("6100000000"));
      expect(r.indexOf("6109100010")).toBeLessThan(r.indexOf("6109000000"));
    });

    it("does not find lines by the words they exclude", async () => {
      const fillets = await search("q=fish fillets");
      const order = fillets.results.map((r) => r.code);
      // The fillets line first; the 0304 heading itself is context and gives way once a line under it
      // ranks above it (the spread, rank-fusion.ts), so it may follow the frozen-fish lines.
      expect(order[0]).toBe("030441");
      // 0303 "Fish, frozen, excluding fish fillets": found by "fish" alone, never by the excluded words.
      for (const r of fillets.results.filter((x) => x.code.startsWith("0303"))) {
        expect(r.matched?.flatMap((m) => m.words)).not.toContain("fillets");
      }
    });

    it("uses the country to pick the schedule, and the WCO reference without it", async () => {
      expect((await search("q=t-shirt")).results.every((r) => r.country === null && r.code.length <= 6)).toBe(true);
      expect((await search("q=t-shirt&country=DE")).results.every((r) => r.country === "EU")).toBe(true);
      expect((await search("q=t-shirt&country=fr")).schedule).toBe("eu");
      expect((await search("q=t-shirt&country=UK")).results.every((r) => r.country === "GB" && r.code.length === 10)).toBe(true);
      expect((await search("q=t-shirt&country=IN")).results.every((r) => r.country === "IN")).toBe(true);
      const jp = await get("/api/v1/hs-codes/search?q=t-shirt&country=JP");
      expect(jp.status).toBe(400);
      expect(jp.body.error).toMatchObject({ code: "SVC_HS_002", field: "country", country: "JP" });
    });

    it("shows only the UK lines in force today", async () => {
      expect(await codes("q=cotton vests&country=GB")).not.toContain("6109100050");
      expect(await codes("q=610910&country=GB")).toEqual(["6109100000", "6109100010", "6109100090"]);
    });

    it("reads digits as a code prefix, with or without dots, in code order", async () => {
      const p = await search("q=8471.30&country=US");
      expect(p).toMatchObject({ match: "code_prefix", total: 1 });
      expect(p.results[0]).toMatchObject({ code: "8471300100", duty_rate: "Free", country: "US" });
      expect(await codes("q=84 71&country=US")).toEqual(["8471", "8471300100"]);
      expect(await codes("q=84")).toEqual(["84", "8471", "847130"]);
      expect(await codes("q=6109.10&country=IN")).toEqual(["610910", "61091000"]);
      // Chapter 99 lines are found by their code, never by a description search.
      expect(await codes("q=9903&country=US")).toEqual(["99038815"]);
      expect(await codes("q=portable automatic data processing machines&country=US")).not.toContain("99038815");
      expect(await search("q=7777&country=US")).toMatchObject({ results: [], total: 0 });
    });

    it("applies limit (default 20, at most 100) and reports the total of all matches", async () => {
      const one = await search("q=61&country=US&limit=1");
      expect(one.results).toHaveLength(1);
      expect(one.total).toBe(4);
      // 6109.10.00 "Of cotton" and its two lines; the chapter 99 line is not searched by text.
      const text = await search("q=cotton&country=US&limit=2");
      expect(text.results).toHaveLength(2);
      expect(text.total).toBe(3);
      for (const q of ["limit=0", "limit=101", "limit=abc", "q=", "q=%20%20", "country=US", "q=x&sort=code", `q=${"a".repeat(201)}`]) {
        const r = await get(`/api/v1/hs-codes/search?${q.startsWith("q=") || q.startsWith("country") ? q : `q=laptop&${q}`}`);
        expect(r.status, q).toBe(400);
        expect(r.body.error.code, q).toBe("SVC_REQ_002");
      }
      expect((await get("/api/v1/hs-codes/search?q=laptop&limit=100")).status).toBe(200);
      expect((await gw.call("GET", "/api/v1/hs-codes/search?q=laptop")).status).toBe(401);
    });

    it("details a US line with its hierarchy from the chapter down and the general duty rate", async () => {
      const r = await get("/api/v1/hs-codes/8471.30.01.00?country=US");
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        code: "8471300100",
        description:
          "Portable automatic data processing machines, weighing not more than 10 kg, consisting of at least a central processing unit, a keyboard and a display",
        full_description:
          "Automatic data processing machines and units thereof > Portable automatic data processing machines, weighing not more than 10 kg, consisting of at least a central processing unit, a keyboard and a display",
        country: "US",
        schedule: "us",
        chapter: "84",
        heading: "8471",
        subheading: "847130",
        level: 10,
        duty_rate: "Free",
        hierarchy: [
          { level: 2, code: "84", description: "Nuclear reactors; machinery" },
          { level: 4, code: "8471", description: "Automatic data processing machines and units thereof:" },
          {
            level: 6,
            code: "847130",
            description:
              "Automatic data processing machines; portable, weighing not more than 10kg, consisting of at least a central processing unit, a keyboard and a display",
          },
          { level: 10, code: "8471300100", description: expect.stringMatching(/^Portable automatic/) },
        ],
      });
      const males = (await get("/api/v1/hs-codes/0101210010?country=US")).body;
      expect(males.hierarchy.map((h: { code: string }) => h.code)).toEqual(["01", "0101", "010121", "01012100", "0101210010"]);
      expect(males.full_description).toBe("Live horses, asses, mules and hinnies > Horses > Purebred breeding animals > Males");
      expect(males.duty_rate).toBe("Free");
    });

    it("details EU, UK, India and WCO lines", async () => {
      const eu = (await get("/api/v1/hs-codes/8471300000?country=EU")).body;
      expect(eu).toMatchObject({ code: "84713000", country: "EU", duty_rate: null });
      expect(eu.hierarchy.map((h: { code: string }) => h.code)).toEqual(["84", "8471", "847130", "84713000"]);
      const uk = (await get("/api/v1/hs-codes/847130?country=GB")).body;
      expect(uk).toMatchObject({ code: "8471300000", country: "GB", level: 6, heading: "8471", subheading: "847130" });
      expect(uk.hierarchy.map((h: { code: string }) => h.code)).toEqual(["84", "8471", "847130", "8471300000"]);
      expect(uk.hierarchy[0].description).toBe("NUCLEAR REACTORS, BOILERS, MACHINERY");
      const tshirts = (await get("/api/v1/hs-codes/6109100010?country=GB")).body;
      expect(tshirts.hierarchy.map((h: { code: string }) => h.code)).toEqual(["61", "6109", "610910", "6109100010"]);
      // Chapter titles are left out of full descriptions, in the detail and in search results alike.
      expect(tshirts.full_description).toBe("T-shirts, singlets and other vests, knitted or crocheted > Of cotton > T-shirts");
      const found = (await search("q=t-shirts&country=GB")).results.find((r) => r.code === "6109100010");
      expect(found?.full_description).toBe(tshirts.full_description);
      expect((await get("/api/v1/hs-codes/61?country=GB")).body.full_description).toBe(
        "ARTICLES OF APPAREL AND CLOTHING ACCESSORIES, KNITTED OR CROCHETED",
      );
      const india = (await get("/api/v1/hs-codes/84713010?country=IN")).body;
      expect(india).toMatchObject({ code: "84713010", description: "PERSONAL COMPUTER", country: "IN" });
      expect(india.hierarchy.map((h: { code: string }) => h.code)).toEqual(["84", "8471", "847130", "84713010"]);
      const wco = (await get("/api/v1/hs-codes/847130")).body;
      expect(wco).toMatchObject({ code: "847130", country: null, schedule: "wco", level: 6 });
      expect(wco.hierarchy.map((h: { code: string }) => h.code)).toEqual(["84", "8471", "847130"]);
    });

    it("answers an HS level a national schedule skips from the WCO reference, and 404 for unknown codes", async () => {
      const sub = await get("/api/v1/hs-codes/847130?country=US");
      expect(sub.status).toBe(200);
      expect(sub.body).toMatchObject({ code: "847130", country: "US", duty_rate: null });
      expect(sub.body.hierarchy.map((h: { code: string }) => h.code)).toEqual(["84", "8471", "847130"]);
      for (const [code, country] of [
        ["8471300199", "US"],
        ["9999", ""],
        ["010129", "US"],
        ["84719000", "IN"],
        ["6109100050", "EU"],
      ]) {
        const r = await get(`/api/v1/hs-codes/${code}${country ? `?country=${country}` : ""}`);
        expect(r.status, code).toBe(404);
        expect(r.body.error, code).toMatchObject({ code: "SVC_HS_001", hs_code: code });
      }
      for (const code of ["abc", "8", "84713001001", "84x1"]) {
        const r = await get(`/api/v1/hs-codes/${code}?country=US`);
        expect(r.status, code).toBe(400);
        expect(r.body.error, code).toMatchObject({ code: "SVC_REQ_002", field: "code" });
      }
      expect((await get("/api/v1/hs-codes/8471?country=JP")).body.error.code).toBe("SVC_HS_002");
      expect((await get("/api/v1/hs-codes/8471?colour=red")).status).toBe(400);
    });

    it("re-indexes on re-import", async () => {
      const changed = {
        ...HS_FIXTURES,
        "in_hsn/india_gst_hsn_master_goods.csv.gz": HS_FIXTURES["in_hsn/india_gst_hsn_master_goods.csv.gz"].replace(
          "PERSONAL COMPUTER",
          "NOTEBOOK PERSONAL COMPUTER WITH ZEBRAWOOD CASE",
        ),
      };
      const other = await mkdtemp(join(tmpdir(), "tds-hs-"));
      try {
        await writeHsFixtures(other, changed);
        await importReferenceDir(db, other, { only: ["hs_codes_in"] });
        forgetHsSearchState(db);
        // The line itself, then its subheading, through the national texts of the subheading (rebuilt too).
        const found = await search("q=zebrawood&country=IN");
        expect(found.results.map((r) => r.code)).toEqual(["84713010", "847130"]);
        expect(found.results.map((r) => r.matched?.[0]?.level)).toEqual(["line", "subheading"]);
      } finally {
        await rm(other, { recursive: true, force: true });
      }
    });

    it("appears in the OpenAPI document", async () => {
      const doc = (await gw.call("GET", "/api/v1/openapi.json")).body;
      expect(doc.paths["/api/v1/hs-codes/search"].get.parameters.map((p: { name: string }) => p.name)).toEqual(["q", "country", "limit"]);
      expect(doc.paths["/api/v1/hs-codes/{code}"].get.operationId).toBe("getHsCode");
    });
  });
}

// The workspace's real reference files (../shared/data); absent in a bare checkout.
const DATA_DIR = SHARED_DATA;

describe.runIf(hasSharedData)(sharedDataName("HS code lookup on the full reference data (PGlite)"), () => {
  let db: Db;
  let gw: TestGateway;
  let key: string;

  beforeAll(async () => {
    db = await openTestPglite();
    await importReferenceDir(db, DATA_DIR, { only: HS_TABLES });
    gw = await createTestGateway(db);
    key = (await gw.createAccount("growth")).apiKey;
  }, 300_000);
  afterAll(async () => db?.close());

  const get = async (path: string) => {
    const r = await gw.call("GET", path, { apiKey: key });
    return r;
  };
  const top5 = async (q: string, country?: string) => {
    const r = await get(`/api/v1/hs-codes/search?q=${encodeURIComponent(q)}&limit=5${country ? `&country=${country}` : ""}`);
    expect(r.status).toBe(200);
    return (r.body.results as Result[]).map((x) => x.code);
  };

  it("finds a laptop under 8471 in the top 5 of every schedule", async () => {
    expect((await top5("laptop", "US")).some((c) => c.startsWith("8471"))).toBe(true);
    expect(await top5("laptop", "US")).toContain("8471300100");
    expect(await top5("laptop", "EU")).toContain("84713000");
    expect(await top5("laptop", "GB")).toContain("8471300000");
    expect((await top5("laptop", "IN")).some((c) => c.startsWith("847130"))).toBe(true);
    expect(await top5("laptop")).toContain("847130");
    expect((await top5("labtop", "US")).some((c) => c.startsWith("8471"))).toBe(true);
  });

  it("finds everyday products by their heading", async () => {
    const cases: Array<[string, string | undefined, string]> = [
      ["men's cotton t-shirt", "US", "6109"],
      ["frozen shrimp", undefined, "0306"],
      ["olive oil", "EU", "1509"],
      ["red wine", "GB", "2204"],
      ["bicycle", "IN", "8712"],
    ];
    for (const [q, country, heading] of cases) {
      expect(
        (await top5(q, country)).some((c) => c.startsWith(heading)),
        `${q} ${country ?? "WCO"}`,
      ).toBe(true);
    }
  });

  it("offers the residual subheading of a material the title names, and says so (issue 27)", async () => {
    // No heading names phone cases of silicone: "Other articles of plastics" (3926.90) is offered among the
    // first five, below the lines the title's words found, with the material's word as the reason.
    const r = await get(`/api/v1/hs-codes/search?q=${encodeURIComponent("Soft Silicone Phone Case for iPhone 15")}&limit=5&country=US`);
    const offered = (r.body.results as Result[]).find((x) => x.code === "392690");
    expect(offered?.matched).toContainEqual({
      term: "silicone",
      words: ["392690"],
      via: "rule",
      level: "line",
      rule: "article-of-material",
      effect: "favour",
    });
    expect((r.body.results as Result[])[0].code).not.toBe("392690");
    // "Iron on" is how a patch is fixed, not what it is made of: no articles of iron or steel.
    expect((await top5("Iron on embroidered patch", "US")).some((c) => c.startsWith("7326"))).toBe(false);
    expect((await top5("Stainless steel key chain", "US")).some((c) => c.startsWith("732690"))).toBe(true);
  });

  it("reads two edits as a misspelling only when the first letter is kept (issue 27)", async () => {
    const corrections = async (q: string) =>
      ((await get(`/api/v1/hs-codes/search?q=${encodeURIComponent(q)}&limit=5&country=US`)).body.corrections ?? []) as Array<{
        word: string;
        replaced_by: string[];
      }>;
    // "bycicle" is two edits from "bicycle" and starts alike: a misspelling.
    expect(await corrections("bycicle")).toContainEqual(expect.objectContaining({ word: "bycicle", replaced_by: ["bicycle"] }));
    // A Figaro chain is a chain pattern, not a cigar; cosplay is no display.
    expect((await corrections("Figaro chain necklace")).map((c) => c.word)).not.toContain("figaro");
    expect((await corrections("cosplay costume")).map((c) => c.word)).not.toContain("cosplay");
  });

  it("lists a code prefix with or without dots", async () => {
    const r = await get("/api/v1/hs-codes/search?q=8471.30&country=US");
    expect(r.body.match).toBe("code_prefix");
    expect(r.body.results.map((x: Result) => x.code)).toContain("8471300100");
    expect((await get("/api/v1/hs-codes/search?q=847130&country=US")).body.results).toEqual(r.body.results);
    const eu = await get("/api/v1/hs-codes/search?q=8471.30&country=EU");
    expect(eu.body.results.map((x: Result) => x.code)).toEqual(["84713000"]);
  });

  it("details 8471300100 (US) with the hierarchy 84 → 8471 → 847130 → 8471300100 and a general rate", async () => {
    const r = await get("/api/v1/hs-codes/8471300100?country=US");
    expect(r.status).toBe(200);
    expect(r.body.hierarchy.map((h: { code: string }) => h.code)).toEqual(["84", "8471", "847130", "8471300100"]);
    expect(r.body.hierarchy.every((h: { description: string }) => h.description.length > 0)).toBe(true);
    expect(r.body).toMatchObject({ heading: "8471", subheading: "847130", chapter: "84", duty_rate: "Free" });
  });

  it("details the EU, UK and India lines of a laptop", async () => {
    const eu = (await get("/api/v1/hs-codes/8471300000?country=DE")).body;
    expect(eu.code).toBe("84713000");
    expect(eu.hierarchy.map((h: { code: string }) => h.code)).toEqual(["84", "8471", "847130", "84713000"]);
    const uk = (await get("/api/v1/hs-codes/8471300000?country=GB")).body;
    expect(uk.hierarchy.map((h: { code: string }) => h.code)).toEqual(["84", "8471", "847130", "8471300000"]);
    const india = (await get("/api/v1/hs-codes/84713010?country=IN")).body;
    expect(india.hierarchy.map((h: { code: string }) => h.code)).toEqual(["84", "8471", "847130", "84713010"]);
    const wco = (await get("/api/v1/hs-codes/847130")).body;
    expect(wco.hierarchy.map((h: { code: string }) => h.code)).toEqual(["84", "8471", "847130"]);
  });

  it("answers 404 for codes that do not exist", async () => {
    for (const [code, country] of [
      ["8471300199", "US"],
      ["99999999", "EU"],
      ["0000000000", "GB"],
      ["999999", ""],
    ]) {
      const r = await get(`/api/v1/hs-codes/${code}${country ? `?country=${country}` : ""}`);
      expect(r.status, code).toBe(404);
      expect(r.body.error.code, code).toBe("SVC_HS_001");
    }
  });
});
