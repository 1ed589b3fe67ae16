import { z } from "zod";
import { defineRoute, type RouteDef } from "../http/route.ts";
import { COMMON_ERRORS, err } from "../http/common-responses.ts";
import { HS_SCHEDULES, COUNTRY_HELP } from "./schedules.ts";
import { DEFAULT_SEARCH_LIMIT, getHsCode, MAX_SEARCH_LIMIT, searchHsCodes } from "./hs-code-service.ts";

const tags = ["HS codes"];

const Country = z.string().max(10).optional().describe(`Tariff schedule to use: ${COUNTRY_HELP}`);

export const HsSearchQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1, "q is required: a product description or an HS code prefix")
    .max(200)
    .describe('A product description ("men\'s cotton t-shirt") or an HS code prefix ("8471", "8471.30")'),
  country: Country,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_SEARCH_LIMIT)
    .default(DEFAULT_SEARCH_LIMIT)
    .describe(`Results wanted, 1–${MAX_SEARCH_LIMIT} (default ${DEFAULT_SEARCH_LIMIT})`),
});

const HsResult = z.object({
  code: z.string().describe("Digits only, as the schedule writes it (UK codes always 10 digits)"),
  description: z.string().describe("The line's own text"),
  full_description: z.string().describe('The texts from the heading down to the line, joined with " > "'),
  country: z.string().nullable().describe("US, EU, GB or IN; null for the WCO reference"),
  chapter: z.string(),
  level: z.number().int().describe("Significant digits: 2 chapter, 4 heading, 6 subheading, 8 and 10 national lines"),
  duty_rate: z.string().nullable().describe('US: the general (column 1) rate of duty, e.g. "Free" or "6.5%"; null elsewhere'),
});

const MatchedTerm = z.object({
  term: z.string().describe("The query's words"),
  words: z.array(z.string()).describe("The words found in the line's text (the query's own, or their tariff wording)"),
  via: z
    .enum(["query", "synonym", "typo", "bridge", "completion", "split", "abbreviation", "rule", "reference", "embedding", "example"])
    .describe(
      "reference: a UK Trade Tariff search reference (term) names the line's subheading; embedding: found by word vectors, the line's words (words) are near in meaning to the query's (term); example: a search reference (term) near the query in meaning (words: the query's nearest words) names the line's subheading; rule: a reading rule of the tariff's notes (rule) fired on the query's words (term) and moved the line (effect; words: the code prefix that decided) or added the tariff's words for them (words); rule residual-subheading: a residual subheading (\"Other:\") lifted towards the best line of its heading (term: that line's code, words: the heading); rule partial-line: the query names only some of the line's own words (term: how many, \"1 of 2\"; words: those it names); rule parts-of-machine: a part word heads the query and the line is a parts line of the machine its other words name (term: the part word, words: the machine's heading); rule article-of-material: the query names a material (term) and the line is that material's residual subheading of articles no heading names (words: the subheading, e.g. 392690 other articles of plastics)",
    ),
  level: z
    .enum(["line", "parent", "subheading"])
    .describe(
      "line: in the line's own description; parent: only in a heading or subheading above it; subheading: only in the national schedules' lines under the same 6-digit subheading",
    ),
  role: z
    .enum(["product", "goods", "attribute", "context"])
    .optional()
    .describe(
      "How the query's term was read: product = the head product noun (weighs most), goods = another goods word, attribute = a material, quality or unknown word, context = after for/with/in (what the goods are for)",
    ),
  similarity: z
    .number()
    .optional()
    .describe("embedding and example: cosine of the query's word vectors and the line's (or the reference's), 0 to 1"),
  rule: z
    .string()
    .optional()
    .describe(
      'via rule: the reading rule\'s id, e.g. "jewellery-imitation", or "residual-subheading", "partial-line", "parts-of-machine", "article-of-material" (docs/hs-codes.md lists them)',
    ),
  effect: z
    .enum(["favour", "disfavour"])
    .optional()
    .describe("via rule: the line's code is what the rule reads the query as (favour) or what it rules out (disfavour)"),
});

const HsSearchResult = HsResult.extend({
  score: z.number().optional().describe("Text searches: the rank score (higher is better; comparable within one answer only)"),
  matched: z.array(MatchedTerm).optional().describe("Text searches: the query terms the line matched"),
});

export const HsSearchResponseSchema = z.object({
  results: z.array(HsSearchResult),
  total: z.number().int().describe("Lines matching the query (all of them, not just this page)"),
  schedule: z.enum(HS_SCHEDULES),
  match: z.enum(["code_prefix", "text"]).describe("How q was read"),
  corrections: z
    .array(
      z.object({
        word: z.string(),
        replaced_by: z.array(z.string()),
        kind: z
          .enum(["typo", "completion", "split", "abbreviation"])
          .describe("misspelt, cut off, words written together, or vowels left out"),
      }),
    )
    .optional()
    .describe("Words found nowhere in the schedule, read as these closest words"),
  fallback: z.boolean().optional().describe("No query word matched; the results are the best partial matches of loosely corrected words"),
});

export const HsCodeRecordSchema = HsResult.extend({
  schedule: z.enum(HS_SCHEDULES),
  heading: z.string().nullable().describe("4-digit heading"),
  subheading: z.string().nullable().describe("6-digit subheading"),
  hierarchy: z
    .array(z.object({ level: z.number().int().describe("Digits of the code"), code: z.string(), description: z.string() }))
    .describe("From the chapter down to this line: chapter, heading, subheading, then the national lines"),
});

export const hsCodesRouter: RouteDef[] = [
  defineRoute({
    method: "get",
    path: "/api/v1/hs-codes/search",
    operationId: "searchHsCodes",
    summary: "Search HS codes by product description (ranked, stemmed, typo-tolerant) or by code prefix",
    description:
      "Without `country` the WCO 6-digit reference is searched. A `q` of digits (dots and spaces allowed) lists the lines under that code prefix " +
      "in code order; any other `q` is a ranked full-text search over each line's text and its parents' (docs/hs-codes.md).",
    tags,
    auth: "api-key",
    query: HsSearchQuery,
    responses: {
      200: { description: "Matching lines, best first", schema: HsSearchResponseSchema },
      400: err("q missing or too long, limit out of range (SVC_REQ_002); no schedule for country (SVC_HS_002)"),
      401: COMMON_ERRORS[401],
      503: err("The schedule has not been imported (SVC_HS_003)"),
    },
    handler: async (c, { query }) =>
      c.json(await searchHsCodes(c.var.services.db, { ...query, wordVectors: c.var.services.config.hsSearch.wordVectors }), 200),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/hs-codes/{code}",
    operationId: "getHsCode",
    summary: "An HS code with its heading, subheading, hierarchy and (US) general duty rate",
    description:
      "`code` is 2 to 10 digits; dots and spaces are allowed (8471.30.01.00). UK codes may be given without their trailing zeros; an EU 10-digit " +
      "code ending in 00 is answered by its CN 8-digit line when no TARIC line exists. A chapter, heading or subheading that a national schedule " +
      "has no line for, but lines under (US 847130), is answered from the WCO reference.",
    tags,
    auth: "api-key",
    params: z.object({ code: z.string().describe("HS code, e.g. 8471300100 or 8471.30.01.00") }),
    query: z.strictObject({ country: Country }),
    responses: {
      200: { description: "The HS code record", schema: HsCodeRecordSchema },
      400: err("Not an HS code (SVC_REQ_002); no schedule for country (SVC_HS_002)"),
      401: COMMON_ERRORS[401],
      404: err("No such code in the schedule (SVC_HS_001)"),
      503: err("The schedule has not been imported (SVC_HS_003)"),
    },
    handler: async (c, { params, query }) => c.json(await getHsCode(c.var.services.db, params.code, query.country), 200),
  }),
];
