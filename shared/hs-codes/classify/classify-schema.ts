/** The request and answer of POST /api/v1/hs-codes/classify (issue 41), for the router and the OpenAPI document. */
import { z } from "zod";
import { COUNTRY_HELP, HS_SCHEDULES } from "../schedules.ts";
import { HsSearchResponseSchema } from "../hs-codes-router.ts";
import { DEFAULT_CLASSIFY_LIMIT, MAX_CLASSIFY_LIMIT, MAX_DESCRIPTION } from "./classify-service.ts";
import { ATTRIBUTE_KEY, MAX_ATTRIBUTE_KEY, MAX_ATTRIBUTE_VALUE, MAX_ATTRIBUTES } from "./read-attributes.ts";
import { MAX_OPTIONS, MAX_QUESTIONS } from "./question-builder.ts";

export const ClassifyRequestSchema = z.strictObject({
  description: z
    .string()
    .trim()
    .min(1, "description is required: what the goods are, as the seller writes it")
    .max(MAX_DESCRIPTION)
    .describe('What the goods are, as a shop title or an invoice line says it ("Women\'s knit summer dress")'),
  country: z.string().max(10).optional().describe(`Tariff schedule to use: ${COUNTRY_HELP}`),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_CLASSIFY_LIMIT)
    .default(DEFAULT_CLASSIFY_LIMIT)
    .describe(`Candidates wanted, 1–${MAX_CLASSIFY_LIMIT} (default ${DEFAULT_CLASSIFY_LIMIT})`),
  attributes: z
    .record(
      z.string().max(MAX_ATTRIBUTE_KEY).regex(ATTRIBUTE_KEY, 'attribute keys are lower-case snake case, e.g. "item_type"'),
      z.string().max(MAX_ATTRIBUTE_VALUE),
    )
    .refine((a) => Object.keys(a).length <= MAX_ATTRIBUTES, `at most ${MAX_ATTRIBUTES} attributes`)
    .optional()
    .describe(
      'The seller\'s attributes, free key/value pairs with lower-case snake-case keys: material ("cotton 95%, elastane 5%") decides between fibre or material lines, item_type ("dress") and category ("Women\'s Clothing > Dresses") name the goods, gender and fabric_type ("knitted") decide between the lines that state them, unit_price or price in US dollars ("4.20 USD", or with currency "USD") decides the lines valued per piece or pair; other keys are read for the facts their values state',
    ),
  answers: z
    .array(z.strictObject({ question_id: z.string().min(1).max(40), option_id: z.string().min(1).max(40) }))
    .max(20)
    .optional()
    .describe("The answers so far, with the same description and attributes: each narrows the candidates to the option's"),
});

const SearchResult = HsSearchResponseSchema.shape.results.element;

export const ClassifyResponseSchema = z.object({
  candidates: z
    .array(
      SearchResult.omit({ matched: true, score: true }).extend({
        score: z.number().describe("Higher is better; comparable within one answer only"),
        why: z
          .array(
            z.object({
              via: z.enum(["search", "attribute", "answer"]),
              text: z.string().describe("search: the query's term; attribute and answer: the tariff text that decided"),
              dimension: z.string().optional().describe("attribute: fibre, material, gender, construction, goods or value"),
              effect: z
                .string()
                .optional()
                .describe("search: how the term matched (as search's matched[].via); attribute: agrees, contradicts or residual"),
            }),
          )
          .describe("What placed the line: the search's matches, the attributes' facts against the tariff's texts, the answers"),
      }),
    )
    .describe("Declarable lines, best first; each subheading's best line before a second line of any"),
  questions: z
    .array(
      z.object({
        id: z.string(),
        text: z.string(),
        options: z
          .array(
            z.object({
              id: z.string(),
              label: z.string().describe("The tariff's own text of the sibling line(s)"),
              codes: z.array(z.string()).describe("The candidate codes this option keeps"),
            }),
          )
          .max(MAX_OPTIONS),
      }),
    )
    .max(MAX_QUESTIONS)
    .describe(
      `Where the candidates part in the tariff's hierarchy, most decisive first (at most ${MAX_QUESTIONS}, each at most ${MAX_OPTIONS} options)`,
    ),
  resolved: z.boolean().describe("One line remains, or the rest differ by nothing the tariff states"),
  schedule: z.enum(HS_SCHEDULES),
});
