import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { lookupAirports } from "../../shared/reference/airports.ts";
import { backgroundTasksIdle, startBackgroundTasks, stopBackgroundTasks } from "../../shared/server/background-tasks.ts";
import { SHARED_DATA, hasSharedData, sharedDataName } from "../support/shared-data.ts";
import { sampleShipment } from "../support/sample-shipments.ts";
import { PdfWorkspace, pdftotext } from "../support/pdf-tools.ts";

type Shipment = Record<string, any>;

/** Gdańsk → Hamburg by air, the sample shipment otherwise. */
function airShipment(): Shipment {
  const s = sampleShipment() as Shipment;
  s.route.transport_mode = "air";
  s.route.incoterms = "CPT";
  delete s.route.vessel_name;
  delete s.route.voyage_number;
  return s;
}

/** The UN/LOCODE 2025-1 code list imported into port_codes: the IATA codes, airport functions and names it gives. */
for (const backend of testBackends()) {
  describe.runIf(hasSharedData)(sharedDataName(`airports from the UN/LOCODE list, on ${backend.name}`), () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;
    let key: string;
    const pdfs = new PdfWorkspace();

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      await importReferenceDir(db, SHARED_DATA, { only: ["port_codes"] });
      gw = await createTestGateway(db);
      key = (await gw.createAccount("scale")).apiKey;
      startBackgroundTasks(gw.services);
    }, 300_000);
    afterAll(async () => {
      await stopBackgroundTasks();
      await close?.();
      pdfs.cleanup();
    });

    it("IATA code: the location part of an airport, the IATA column where it differs; none for a seaport", async () => {
      const airports = await lookupAirports(db, ["PLGDN", "de ham", "AUBDG", "PLGDY", "PLZZZ", 42]);
      expect(airports).toEqual({
        PLGDN: { locode: "PLGDN", iata: "GDN", name: "Gdansk" },
        DEHAM: { locode: "DEHAM", iata: "HAM", name: "Hamburg" },
        AUBDG: { locode: "AUBDG", iata: "BXG", name: "Bendigo" },
      });
    });

    it("the air waybill prints GDN and HAM with the airports' names in boxes 8 and 9", async () => {
      const r = await gw.call("POST", "/functions/v1/generate-documents", {
        body: { shipment: airShipment(), document_types: ["AIR_WAYBILL"], confirm_warnings: true },
        apiKey: key,
        anon: true,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(202);
      await backgroundTasksIdle();
      const job = (await gw.call("GET", `/api/v1/documents/${r.body.jobs[0].jobId}`, { apiKey: key })).body;
      expect(job.status, job.error_message).toBe("completed");
      const url = new URL(job.download_url);
      const text = pdftotext(pdfs.write(new Uint8Array(await (await gw.fetch(url.pathname + url.search)).arrayBuffer())));
      expect(text).toContain("GDN – Gdansk");
      expect(text).toContain("HAM – Hamburg");
      expect(text).not.toContain("PLGDN (Poland)");
      expect(text).not.toContain("DEHAM (Germany)");
    });

    it("an air shipment whose port has no airport gets a finding; an airport gets none", async () => {
      const validate = (s: Shipment) => gw.call("POST", "/api/v1/shipments/validate", { body: s, apiKey: key });
      const fine = await validate(airShipment());
      expect(fine.body.results.filter((x: { rule_id: string }) => x.rule_id === "rule_port_airport_for_air")).toEqual([]);
      const seaport = airShipment();
      seaport.route.port_of_loading = "PLGDY"; // Gdynia: 123----- in 2025-1, no airport
      const r = await validate(seaport);
      expect(r.body.results.filter((x: { rule_id: string }) => x.rule_id === "rule_port_airport_for_air")).toEqual([
        expect.objectContaining({ severity: "warning", field: "route.port_of_loading", context: { port: "PLGDY", port_name: "Gdynia" } }),
      ]);
    });
  });
}
