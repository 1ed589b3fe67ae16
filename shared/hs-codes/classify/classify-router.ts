import { defineRoute, type RouteDef } from "../../http/route.ts";
import { COMMON_ERRORS, err } from "../../http/common-responses.ts";
import { HS_CODES_ERRORS } from "../hs-codes-errors.ts";
import { classifyHsCode } from "./classify-service.ts";
import { ClassifyRequestSchema, ClassifyResponseSchema } from "./classify-schema.ts";

export const classifyRouter: RouteDef[] = [
  defineRoute({
    method: "post",
    path: "/api/v1/hs-codes/classify",
    operationId: "classifyHsCode",
    summary:
      "Classify goods to a declarable line: the description and the seller's attributes in, candidates and the tariff's questions out",
    description:
      "The search reads the description with the attributes that name the goods and their material; every declarable line of the headings it " +
      "reaches is scored by the search and by how its texts fit the seller's facts among its sibling lines. `questions` are where the " +
      "candidates part in the schedule's hierarchy, with the sibling lines' own texts as options; send the answers so far with the same " +
      "description and attributes to narrow the candidates (docs/hs-codes.md).",
    tags: ["HS codes"],
    auth: "api-key",
    body: ClassifyRequestSchema,
    // A bad attribute is the classifier's own code; any other bad field the platform's.
    bodyErrorCode: (issue) => (issue.path[0] === "attributes" ? HS_CODES_ERRORS.SVC_HS_004 : undefined),
    responses: {
      200: { description: "Candidates best first, the questions, and whether one line remains", schema: ClassifyResponseSchema },
      400: err(
        "description missing or too long, limit out of range (SVC_REQ_002); bad attributes (SVC_HS_004); an answer these candidates have no question or option for (SVC_HS_005); no schedule for country (SVC_HS_002)",
      ),
      401: COMMON_ERRORS[401],
      503: err("The schedule has not been imported (SVC_HS_003)"),
    },
    handler: async (c, { body }) =>
      c.json(await classifyHsCode(c.var.services.db, { ...body, wordVectors: c.var.services.config.hsSearch.wordVectors }), 200),
  }),
];
