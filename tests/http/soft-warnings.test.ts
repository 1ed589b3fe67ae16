import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFDocument, PDFTextField } from "pdf-lib";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";
import { backgroundTasksIdle, startBackgroundTasks, stopBackgroundTasks } from "../../shared/server/background-tasks.ts";
import { sampleShipment } from "../support/sample-shipments.ts";

type Shipment = Record<string, any>;

/**
 * The (soft-warning field, document rule that reads it) pair, through both generate endpoints: absent →
 * a soft warning that confirm_warnings: true confirms, and the document gets a fillable blank field;
 * present and invalid → 422 SVC_GEN_001 (docs/generation.md lists the pairs).
 */
const PAIRS = [
  {
    docType: "VGM_DECLARATION",
    rule: "rule_doc_vgm_method_valid",
    fieldPath: "vgmData.weighingMethod",
    drop: (s: Shipment) => delete s.vgm_data.weighing_method,
    invalid: (s: Shipment) => (s.vgm_data.weighing_method = 3),
  },
] as const;

/**
 * Recommended fields a document rule reads that are not in the spec's soft-warning table: absent is no
 * soft warning but the rule's error (the spec's severity E), which blocks generation, confirmed or not.
 */
const RULE_FIELDS = [
  {
    docType: "EUR1_MOVEMENT_CERTIFICATE",
    rule: "rule_doc_eur1_agreement",
    field: "preferential_origin.agreement_name",
    drop: (s: Shipment) => delete s.preferential_origin.agreement_name,
    invalid: (s: Shipment) => (s.preferential_origin.agreement_name = 42),
  },
  {
    docType: "HEALTH_VETERINARY_CERTIFICATE",
    rule: "rule_doc_health_vet_authority",
    field: "veterinary_data.inspection_date",
    drop: (s: Shipment) => delete s.veterinary_data.inspection_date,
    invalid: (s: Shipment) => (s.veterinary_data.inspection_date = true),
  },
] as const;

for (const backend of testBackends()) {
  describe(`soft-warning fields and the document rules that read them, on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;
    let key: string;

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      gw = await createTestGateway(db);
      key = (await gw.createAccount("scale")).apiKey;
      startBackgroundTasks(gw.services);
    });
    afterAll(async () => {
      await stopBackgroundTasks();
      await close?.();
    });

    const viaFunction = (shipment: Shipment, docType: string, confirm?: boolean) =>
      gw.call("POST", "/functions/v1/generate-documents", {
        body: { shipment, document_types: [docType], ...(confirm === undefined ? {} : { confirm_warnings: confirm }) },
        apiKey: key,
        anon: true,
      });
    const viaRest = async (shipment: Shipment, docType: string, confirm?: boolean) => {
      const created = await gw.call("POST", "/api/v1/shipments", { body: { shipment_data: shipment }, apiKey: key });
      return gw.call("POST", `/api/v1/shipments/${created.body.id}/generate`, {
        body: { document_types: [docType], ...(confirm === undefined ? {} : { confirm_warnings: confirm }) },
        apiKey: key,
      });
    };

    async function fieldsOf(jobId: string): Promise<Map<string, string>> {
      await backgroundTasksIdle();
      const job = (await gw.call("GET", `/api/v1/documents/${jobId}`, { apiKey: key })).body;
      expect(job.status, job.error_message).toBe("completed");
      const url = new URL(job.download_url);
      const pdf = await PDFDocument.load(new Uint8Array(await (await gw.fetch(url.pathname + url.search)).arrayBuffer()));
      return new Map(
        pdf
          .getForm()
          .getFields()
          .filter((f) => f instanceof PDFTextField)
          .map((f) => [f.getName(), (f as PDFTextField).getText() ?? ""]),
      );
    }

    it("the served field requirements are the spec's table: no required field for insurance, EUR.1, USMCA, statement on origin", async () => {
      const r = await gw.call("GET", "/functions/v1/document-field-requirements");
      for (const t of ["INSURANCE_CERTIFICATE", "EUR1_MOVEMENT_CERTIFICATE", "USMCA_CERTIFICATE_OF_ORIGIN", "STATEMENT_ON_ORIGIN"]) {
        expect(r.body.requirements[t].required, t).toEqual([]);
      }
      expect(r.body.requirements.DANGEROUS_GOODS_DECLARATION.required.map((f: { dataPath: string }) => f.dataPath)).toEqual([
        "hazardous_shipment.emergency_contact",
      ]);
      // No recommended field for the proforma invoice, only ports and vessel for the commercial invoice.
      expect(r.body.requirements.PROFORMA_INVOICE.recommended).toEqual([]);
      expect(r.body.requirements.COMMERCIAL_INVOICE.recommended.map((f: { dataPath: string }) => f.dataPath)).toEqual([
        "route.port_of_loading",
        "route.port_of_discharge",
        "route.vessel_name",
      ]);
      // The destination rule stays a pre-check condition.
      const s = sampleShipment() as Shipment;
      s.route.destination_country = "US";
      const pre = await viaFunction(s, "EUR1_MOVEMENT_CERTIFICATE", true);
      expect(pre.status).toBe(400);
      expect(pre.body.preCheckErrors[0].errors[0].fieldPath).toBe("route.destinationCountry");
    });

    describe.each(PAIRS)("$docType: $rule", ({ docType, rule, fieldPath, drop, invalid }) => {
      it.each([
        ["generate-documents", viaFunction],
        ["/shipments/:id/generate", viaRest],
      ] as const)("absent: a soft warning; confirmed, a document with a fillable blank (%s)", async (_name, generate) => {
        const s = sampleShipment() as Shipment;
        drop(s);
        const asked = await generate(s, docType);
        expect(asked.status).toBe(200);
        expect(asked.body).toMatchObject({ success: false, requiresConfirmation: true });
        expect(asked.body.warnings).toEqual([{ docType, warnings: [expect.objectContaining({ fieldPath })] }]);
        const confirmed = await generate(s, docType, true);
        expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(202);
        const fields = await fieldsOf(confirmed.body.jobs[0].jobId);
        expect(fields.get(fieldPath)).toBe("");
      });

      it("absent: validation reports the rule as a warning, not an error", async () => {
        const s = sampleShipment() as Shipment;
        drop(s);
        const v = await gw.call("POST", `/api/v1/shipments/validate?document_types=${docType}`, { body: s, apiKey: key });
        expect(v.status).toBe(200);
        expect(v.body.results.filter((r: { rule_id: string }) => r.rule_id === rule)).toEqual([
          expect.objectContaining({ severity: "warning" }),
        ]);
      });

      it("present and invalid: an error, even when warnings are confirmed", async () => {
        const s = sampleShipment() as Shipment;
        invalid(s);
        const r = await viaFunction(s, docType, true);
        expect(r.status).toBe(422);
        expect(r.body.error.code).toBe("SVC_GEN_001");
        expect(JSON.stringify(r.body.error)).toContain(rule);
        // A stored shipment can hold the value only where the shipment schema lets it through.
        const created = await gw.call("POST", "/api/v1/shipments", { body: { shipment_data: s }, apiKey: key });
        if (created.status === 201) {
          const stored = await gw.call("POST", `/api/v1/shipments/${created.body.id}/generate`, {
            body: { document_types: [docType], confirm_warnings: true },
            apiKey: key,
          });
          expect(stored.status).toBe(422);
          expect(JSON.stringify(stored.body.error)).toContain(rule);
        } else {
          expect(created.status).toBe(400);
        }
      });
    });

    describe.each(RULE_FIELDS)("$docType: $rule", ({ docType, rule, field, drop, invalid }) => {
      it.each([
        ["absent", drop],
        ["present and invalid", invalid],
      ] as const)("%s: no soft warning, the rule's error blocks generation, confirmed or not", async (_name, change) => {
        const s = sampleShipment() as Shipment;
        change(s);
        for (const confirm of [undefined, true]) {
          const r = await viaFunction(s, docType, confirm);
          expect(r.status, JSON.stringify(r.body)).toBe(422);
          expect(r.body.error.code).toBe("SVC_GEN_001");
          expect(JSON.stringify(r.body.error)).toContain(rule);
        }
        const v = await gw.call("POST", `/api/v1/shipments/validate?document_types=${docType}`, { body: s, apiKey: key });
        expect(v.body.results.filter((r: { rule_id: string }) => r.rule_id === rule)).toEqual([
          expect.objectContaining({ severity: "error", field }),
        ]);
      });
    });
  });
}
