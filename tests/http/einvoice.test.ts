/**
 * E-invoices through the API: a final commercial invoice is generated as Factur-X (PDF/A-3b with
 * factur-x.xml), and GET /api/v1/documents/{jobId}/einvoice/{cii|ubl} serves the same invoice as XML —
 * the CII byte-identical to the embedded file and valid against the CII D16B schema (xmllint).
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";
import { backgroundTasksIdle, startBackgroundTasks, stopBackgroundTasks } from "../../shared/server/background-tasks.ts";
import { PdfWorkspace } from "../support/pdf-tools.ts";
import { intraEuShipment } from "../support/einvoice-cases.ts";
import { CII_XSD, hasCiiXsd } from "../support/einvoice-checks.ts";
import { sharedDataName } from "../support/shared-data.ts";

for (const backend of testBackends()) {
  describe(`e-invoice routes on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;
    let key: string;
    const ws = new PdfWorkspace();
    const jobs: Record<string, string> = {};

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      gw = await createTestGateway(db, { publicBaseUrl: "https://docs.example.test" });
      key = (await gw.createAccount("growth")).apiKey;
      startBackgroundTasks(gw.services);
      const generate = async (final: boolean, types: string[]) => {
        const r = await gw.call("POST", "/functions/v1/generate-documents", {
          body: { shipment: intraEuShipment(), document_types: types, final_doc: final, confirm_warnings: true },
          apiKey: key,
          anon: true,
        });
        expect(r.status, JSON.stringify(r.body)).toBe(202);
        return r.body.jobs as { jobId: string; docType: string }[];
      };
      for (const j of await generate(true, ["COMMERCIAL_INVOICE", "PROFORMA_INVOICE", "PACKING_LIST"])) jobs[j.docType] = j.jobId;
      jobs.draft = (await generate(false, ["COMMERCIAL_INVOICE"]))[0].jobId;
      await backgroundTasksIdle();
    });
    afterAll(async () => {
      await stopBackgroundTasks();
      ws.cleanup();
      await close?.();
    });

    const einvoice = (jobId: string, syntax: string, apiKey = key) =>
      gw.call("GET", `/api/v1/documents/${jobId}/einvoice/${syntax}`, { apiKey });

    it.runIf(hasCiiXsd)(sharedDataName("the CII it serves validates against the D16B schema", hasCiiXsd), async () => {
      const r = await einvoice(jobs.COMMERCIAL_INVOICE, "cii");
      const file = join(ws.dir, "api.cii.xml");
      writeFileSync(file, r.body);
      const xsd = spawnSync("xmllint", ["--noout", "--schema", CII_XSD, file], { encoding: "utf8" });
      expect(xsd.status, xsd.stderr).toBe(0);
    });

    it("serves the CII with the EN 16931 media type; it is the PDF's factur-x.xml", async () => {
      const r = await einvoice(jobs.COMMERCIAL_INVOICE, "cii");
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toBe('application/xml; charset=utf-8; profile="urn:cen.eu:en16931:2017"');
      expect(r.headers.get("content-disposition")).toBe('attachment; filename="FV-2025-03-0117.cii.xml"');

      const pdf = await gw.fetch(`/api/v1/documents/${jobs.COMMERCIAL_INVOICE}/download`, { headers: { authorization: `Bearer ${key}` } });
      expect(pdf.status).toBe(200);
      const pdfFile = ws.write(new Uint8Array(await pdf.arrayBuffer()), "invoice");
      const embedded = spawnSync("qpdf", [`--show-attachment=factur-x.xml`, pdfFile]);
      expect(embedded.status, String(embedded.stderr)).toBe(0);
      expect(embedded.stdout.toString("utf8")).toBe(r.body);
      // The Factur-X file keeps the document's verifiable credential beside the invoice XML.
      const credential = spawnSync("qpdf", ["--show-attachment=credential.jwt", pdfFile]);
      expect(credential.status, String(credential.stderr)).toBe(0);
      const jwt = credential.stdout.toString("utf8");
      expect(jwt.split(".")).toHaveLength(3);
      const served = await gw.fetch(`/api/v1/documents/${jobs.COMMERCIAL_INVOICE}/credential`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(await served.text()).toBe(jwt);
    });

    it("serves the same invoice as UBL 2.1 (CustomizationID urn:cen.eu:en16931:2017); a proforma is type 325", async () => {
      const r = await einvoice(jobs.COMMERCIAL_INVOICE, "ubl");
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toContain("application/xml");
      expect(r.body).toContain("<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>");
      expect(r.body).toContain("<cbc:ID>FV/2025/03/0117</cbc:ID>");
      const lint = spawnSync("xmllint", ["--noout", "-"], { input: r.body, encoding: "utf8" });
      expect(lint.status, lint.stderr).toBe(0);
      const proforma = await einvoice(jobs.PROFORMA_INVOICE, "cii");
      expect(proforma.status).toBe(200);
      expect(proforma.body).toContain("<ram:TypeCode>325</ram:TypeCode>");
    });

    it("answers 404 SVC_DOC_006 for a document that is no e-invoice (a packing list, a draft invoice)", async () => {
      for (const id of [jobs.PACKING_LIST, jobs.draft]) {
        const r = await einvoice(id, "cii");
        expect(r.status).toBe(404);
        expect(r.body.error.code).toBe("SVC_DOC_006");
      }
    });

    it("answers 400 for an unknown syntax, 401 without a key, 404 for another account's job", async () => {
      const bad = await einvoice(jobs.COMMERCIAL_INVOICE, "pdf");
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("SVC_REQ_002");
      expect((await gw.call("GET", `/api/v1/documents/${jobs.COMMERCIAL_INVOICE}/einvoice/cii`)).status).toBe(401);
      const other = (await gw.createAccount("free")).apiKey;
      const r = await einvoice(jobs.COMMERCIAL_INVOICE, "cii", other);
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe("SVC_DOC_001");
    });
  });
}
