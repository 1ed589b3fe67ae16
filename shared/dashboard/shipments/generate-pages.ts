/**
 * Generate documents of a stored shipment: the same generate-documents service as the API, its answers
 * shown on the fields — pre-check errors (blocking), soft warnings (confirm), validation failures — and a
 * redirect to the shipment page, which shows the progress until each document is ready.
 */
import type { Hono } from "hono";
import type { DashboardEnv } from "../dashboard-env.ts";
import { csrfField } from "../csrf.ts";
import { renderPage } from "../layout.ts";
import { AppError } from "../../errors/app-error.ts";
import type { RuleResult } from "../../rules/rule-types.ts";
import { findShipment } from "../../shipments/shipment-repository.ts";
import type { ShipmentRecord } from "../../shipments/shipment-record.ts";
import { findValidationRecord } from "../../validation/validation-record-repository.ts";
import { generateDocuments } from "../../generation/generate-documents.ts";
import { latestGenerationSnapshot } from "../../generation/generation-repository.ts";
import { startProcessing } from "../../generation/start-processing.ts";
import type { DocumentType } from "../../document-types/identities.ts";
import { chosenDocumentTypes } from "./form-fields.ts";
import { fromCheckMessages, fromRuleResults, type FieldFinding } from "./findings.ts";
import { knownInputs } from "./shipment-view.ts";
import { renderGeneratePage } from "./generate-view.ts";
import { all, memberPrincipal, one, page, shipmentNotFound, type Body, type Ctx } from "./page-support.ts";
import { shipmentTitle } from "./view-helpers.ts";

async function loadShipment(c: Ctx): Promise<ShipmentRecord> {
  const id = c.req.param("id") ?? "";
  const s = await findShipment(c.get("services").db, c.get("member").accountId, id);
  if (!s) throw shipmentNotFound(id);
  return s;
}

function show(
  c: Ctx,
  s: ShipmentRecord,
  chosen: DocumentType[],
  finalDoc: boolean,
  findings: FieldFinding[],
  confirm: boolean,
  notice?: { kind: "ok" | "error"; text: string },
  status = 200,
) {
  return renderPage(c, {
    title: `Generate documents: ${shipmentTitle(s)}`,
    active: "shipments",
    status,
    notice,
    body: renderGeneratePage({ shipment: s, csrf: csrfField(c), chosen, finalDoc, findings, confirm }),
  });
}

export function registerGeneratePages(app: Hono<DashboardEnv>): void {
  app.get(
    "/dashboard/shipments/:id/generate",
    page(async (c) => {
      const s = await loadShipment(c);
      let chosen = chosenDocumentTypes(c.req.queries("doc_types") ?? []);
      if (chosen.length === 0 && s.current_validation_record_id) {
        const v = await findValidationRecord(c.get("services").db, c.get("member").accountId, s.current_validation_record_id);
        chosen = chosenDocumentTypes(v?.document_types ?? []);
      }
      if (chosen.length === 0) chosen = ["COMMERCIAL_INVOICE"];
      return show(c, s, chosen, false, [], false);
    }),
  );

  app.post(
    "/dashboard/shipments/:id/generate",
    page(async (c) => {
      const s = await loadShipment(c);
      const body = (await c.req.parseBody({ all: true })) as Body;
      const chosen = chosenDocumentTypes(all(body, "doc_types"));
      const finalDoc = one(body, "final_doc") !== "";
      if (chosen.length === 0)
        return show(c, s, chosen, finalDoc, [], false, { kind: "error", text: "Choose at least one document type." }, 400);
      const services = c.get("services");
      const previous = await latestGenerationSnapshot(services.db, c.get("member").accountId, s.id);
      const inputs = knownInputs(s.shipment_data);
      let result;
      try {
        result = await generateDocuments(services, await memberPrincipal(c), {
          shipment: s.shipment_data,
          documentTypes: chosen,
          shipmentId: s.id,
          finalDoc,
          confirmWarnings: one(body, "confirm_warnings") === "yes",
          previousShipmentData: previous,
        });
      } catch (e) {
        if (!(e instanceof AppError) || e.code === "SVC_SHIP_004") throw e;
        const results = Array.isArray(e.details.results) ? (e.details.results as RuleResult[]) : [];
        return show(
          c,
          s,
          chosen,
          finalDoc,
          fromRuleResults(results, inputs),
          false,
          { kind: "error", text: `${e.message} (${e.code})` },
          e.status,
        );
      }
      if (result.status === 400) {
        const groups = result.body.preCheckErrors.map((g) => ({ docType: g.docType, items: g.errors }));
        return show(
          c,
          s,
          chosen,
          finalDoc,
          fromCheckMessages(groups, "blocking", inputs),
          false,
          { kind: "error", text: "Required fields are missing; nothing was generated." },
          400,
        );
      }
      if (result.status === 200) {
        const groups = result.body.warnings.map((g) => ({ docType: g.docType, items: g.warnings }));
        return show(c, s, chosen, finalDoc, fromCheckMessages(groups, "warning", inputs), true, {
          kind: "error",
          text: "Recommended fields are empty: confirm to generate with blank fields, or fill them first.",
        });
      }
      // The same path as the API's 202: wake this process's workers, or on the edge render in place when allowed.
      startProcessing(services);
      return c.redirect(`/dashboard/shipments/${s.id}?notice=generating#generation-${result.body.generation_count}`, 303);
    }),
  );
}
