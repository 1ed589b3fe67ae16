import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import { SHARED_DATA, hasSharedData, sharedDataName } from "../support/shared-data.ts";
import type { Db } from "../../shared/db/types.ts";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { forgetReferenceVintage, readReferenceFreshness } from "../../shared/reference/refresh/reference-vintage.ts";
import { parseConfig } from "../../shared/runtime/config.ts";

// The age rule per table (docs/reference-data.md) applied to the workspace's real files: the date each
// import records is what the files state, and an import today makes nothing current by itself.
const settings = parseConfig({}).referenceRefresh;
const now = Date.parse("2026-11-26T12:00:00Z");

for (const backend of testBackends()) {
  describe.runIf(hasSharedData)(
    sharedDataName(`reference age from the data of ../shared/data on ${backend.name}`),
    { timeout: 600_000 },
    () => {
      let db: Db;
      let close: () => Promise<void>;

      beforeAll(async () => {
        ({ db, close } = await backend.open());
        await importReferenceDir(db, SHARED_DATA, {
          only: ["hs_codes_wco", "hs_codes_us", "hs_codes_eu", "hs_codes_uk", "hs_codes_in", "port_codes", "countries", "currencies"],
        });
        forgetReferenceVintage(db);
      }, 600_000);
      afterAll(async () => {
        await close?.();
      });

      it("records the publisher's date the files state and judges each table by its rule", async () => {
        const byTable = Object.fromEntries((await readReferenceFreshness(db, settings, now)).map((f) => [f.table, f]));
        const pick = (t: string) => {
          const f = byTable[t];
          return { vintage: f.vintage, published_at: f.published_at, age_from: f.age_from, stale: f.stale };
        };
        // HS 2022 stays current until HS 2028 enters into force; CN 2026 for the year 2026.
        expect(pick("hs_codes_wco")).toEqual({
          vintage: "HS 2022",
          published_at: "2022-01-01T00:00:00.000Z",
          age_from: "edition",
          stale: false,
        });
        expect(pick("hs_codes_eu")).toEqual({
          vintage: "CN 2026",
          published_at: "2026-01-01T00:00:00.000Z",
          age_from: "edition",
          stale: false,
        });
        // The file names give the HTS year only (usitc_hts_2026_revision_10): counted from 1 January, older than 91 + 2 days.
        expect(pick("hs_codes_us")).toEqual({
          vintage: "HTS 2026 Revision 10",
          published_at: "2026-01-01T00:00:00.000Z",
          age_from: "publication",
          stale: true,
        });
        // UN/LOCODE 2025-1: the first release of 2025.
        expect(pick("port_codes")).toEqual({
          vintage: "UN/LOCODE 2025-1",
          published_at: "2025-01-01T00:00:00.000Z",
          age_from: "publication",
          stale: true,
        });
        // No date in the UK version number or the unsuffixed India master: unknown, so old.
        expect(pick("hs_codes_uk")).toMatchObject({ vintage: "UK Tariff v4.0.1205", published_at: null, stale: true });
        expect(pick("hs_codes_in")).toMatchObject({ published_at: null, stale: true });
        // The ISO lists age from the import.
        expect(pick("countries")).toMatchObject({ published_at: null, age_from: "confirmation", stale: false });
        expect(pick("currencies")).toMatchObject({ published_at: null, age_from: "confirmation", stale: false });
      });
    },
  );
}
