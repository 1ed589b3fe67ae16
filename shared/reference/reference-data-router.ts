import { z } from "zod";
import { defineRoute, type RouteDef } from "../http/route.ts";
import { COMMON_ERRORS } from "../http/common-responses.ts";
import { readImportRecords } from "./import-records.ts";
import { REFERENCE_TABLES } from "./load-reference-table.ts";
import { readRefreshReport } from "./refresh/refresh-report.ts";
import { readReferenceOverview } from "./refresh/reference-overview.ts";
import { boundScreeningTables, isScreeningTable } from "../screening/lists/screening-tables.ts";

const tags = ["Reference data"];
const TableStatusSchema = z.object({
  table: z.enum(REFERENCE_TABLES),
  source: z.string().nullable().describe("Publisher and dataset of the last import; null when never imported"),
  vintage: z.string().nullable().describe("Edition or release of the imported files, e.g. 2026 Revision 10"),
  row_count: z.number().int().describe("Rows imported (0 when never imported)"),
  loaded: z.boolean().describe("The table holds data; lookups in an empty table do not run (sanctions: validations fail, others warn)"),
  loading: z.boolean().describe("Empty, and its first download is running now"),
  age_from: z
    .enum(["publication", "edition", "confirmation"])
    .nullable()
    .describe(
      "What the staleness counts from: the publisher's date (sanctions, national schedules, UN/LOCODE), the edition in force (WCO HS, EU CN) or the last import or unchanged check (ISO lists)",
    ),
  imported_at: z.string().nullable().describe("When the last import finished (ISO 8601)"),
  // Refresh (docs/reference-data.md); null for duty_rates, which is never refreshed.
  published_at: z.string().nullable().describe("Publisher's date of the imported files (Last-Modified), when known"),
  checksum: z.string().nullable().describe("sha256 of the downloaded files; null after an import from a folder"),
  source_urls: z.array(z.string()).describe("Addresses the imported files were downloaded from (empty after an import from a folder)"),
  checked_at: z
    .string()
    .nullable()
    .describe("Last time the data was confirmed current: its import, or a refresh that found the source unchanged"),
  age_seconds: z.number().int().nullable().describe("Seconds since checked_at"),
  refresh_interval_seconds: z.number().int().nullable(),
  stale: z
    .boolean()
    .describe("Older than the refresh interval plus the margin (TDS_REFERENCE_STALE_MARGIN): validations using it get a warning"),
  last_refresh_attempt_at: z.string().nullable(),
  last_refresh_outcome: z.string().nullable().describe("imported, unchanged or failed"),
  last_refresh_error: z.string().nullable().describe("Why the last refresh failed (the previous data was kept)"),
  next_refresh_at: z.string().nullable().describe("When the schedule refreshes the table next (when a schedule runs)"),
  screening_required: z
    .boolean()
    .nullable()
    .describe(
      "A screening list: whether this deployment is bound by it (TDS_SCREENING_LISTS), so that while it is empty or loading every validation that names a party fails; false: not screened. Null for other tables",
    ),
});

export const referenceDataRouter: RouteDef[] = [
  defineRoute({
    method: "get",
    path: "/api/v1/reference-data",
    operationId: "getReferenceDataStatus",
    summary:
      "List the reference tables (HS schedules, UN/LOCODE, OFAC, countries, currencies) with the source, vintage and size of their last import",
    tags,
    auth: "api-key",
    responses: {
      200: { description: "Every reference table", schema: z.object({ tables: z.array(TableStatusSchema) }) },
      401: COMMON_ERRORS[401],
    },
    handler: async (c) => {
      const { db, config } = c.var.services;
      const bound = boundScreeningTables(config.screening);
      const [tables, refresh, overview] = await Promise.all([
        readImportRecords(db),
        readRefreshReport(db, config.referenceRefresh),
        readReferenceOverview(db, config.referenceRefresh),
      ]);
      return c.json(
        {
          tables: tables.map((t) => {
            const r = refresh.get(t.table);
            const o = overview.find((x) => x.table === t.table);
            return {
              ...t,
              loaded: t.row_count > 0,
              loading: o?.loading ?? false,
              age_from: o?.age_from ?? null,
              published_at: r?.published_at ?? null,
              checksum: r?.checksum ?? null,
              source_urls: r?.source_urls ?? [],
              checked_at: r?.checked_at ?? null,
              age_seconds: r?.age_seconds ?? null,
              refresh_interval_seconds: r?.refresh_interval_seconds ?? null,
              stale: r?.stale ?? false,
              last_refresh_attempt_at: r?.last_refresh_attempt_at ?? null,
              last_refresh_outcome: r?.last_refresh_outcome ?? null,
              last_refresh_error: r?.last_refresh_error ?? null,
              next_refresh_at: t.row_count > 0 || r?.last_refresh_attempt_at ? (r?.next_refresh_at ?? null) : null,
              screening_required: isScreeningTable(t.table) ? bound.includes(t.table) : null,
            };
          }),
        },
        200,
      );
    },
  }),
];
