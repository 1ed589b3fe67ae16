import { z } from "zod";
import { defineRoute, type RouteDef } from "../http/route.ts";
import { COMMON_ERRORS } from "../http/common-responses.ts";
import { getReferenceStatus } from "../reference/reference-status.ts";
import { REFERENCE_TABLES } from "../reference/load-reference-table.ts";

const tags = ["Reference data"];
const TableStatusSchema = z.object({
  table: z.enum(REFERENCE_TABLES),
  source: z.string().nullable().describe("Publisher and dataset of the last import; null when never imported"),
  vintage: z.string().nullable().describe("Edition or release of the imported files, e.g. 2026 Revision 10"),
  row_count: z.number().int().describe("Rows imported (0 when never imported)"),
  imported_at: z.string().nullable().describe("When the last import finished (ISO 8601)"),
});

export const referenceDataRouter: RouteDef[] = [
  defineRoute({
    method: "get",
    path: "/api/v1/reference-data",
    operationId: "getReferenceDataStatus",
    summary: "List the reference tables (HS schedules, UN/LOCODE, OFAC, countries, currencies) with the source, vintage and size of their last import",
    tags,
    auth: "api-key",
    responses: {
      200: { description: "Every reference table", schema: z.object({ tables: z.array(TableStatusSchema) }) },
      401: COMMON_ERRORS[401],
    },
    handler: async (c) => c.json({ tables: await getReferenceStatus(c.var.services.db) }),
  }),
];
