/**
 * The shipment page says which generated invoice is an e-invoice (profile EN 16931, links to its CII and
 * UBL XML) and says nothing of the kind for other documents or a draft invoice; the values stay escaped.
 */
import { describe, expect, it } from "vitest";
import { raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { renderShipmentPage } from "../../../shared/dashboard/shipments/shipment-view.ts";
import type { GenerationJob } from "../../../shared/generation/generation-repository.ts";
import type { ShipmentRecord } from "../../../shared/shipments/shipment-record.ts";
import { intraEuShipment } from "../../support/einvoice-cases.ts";

const csrf = raw(`<input type="hidden" name="_csrf" value="t">`) as HtmlEscapedString;
const SHIPMENT_ID = "5f0c6a43-8d7e-4a51-9b51-7f3f2f4f9b11";

function job(id: string, documentType: string, finalDoc: boolean, shipment: Record<string, unknown>): GenerationJob {
  return {
    id,
    account_id: "a",
    shipment_id: SHIPMENT_ID,
    generation_history_id: "h1",
    document_type: documentType,
    status: "completed",
    provider_job_id: `tds_${id}`,
    validation_hash: "sha256:00",
    input: { shipment, finalDoc, generationNumber: 1, shipmentRef: null, generatedAt: "2025-03-11T09:30:00.000Z" },
    attempts: 1,
    blob_key: `documents/a/${id}.pdf`,
    flattened_blob_key: null,
    error_message: null,
    created_at: "2025-03-11T09:30:00.000Z",
    completed_at: "2025-03-11T09:30:01.000Z",
  };
}

async function page(jobs: GenerationJob[], shipment: Record<string, unknown>): Promise<string> {
  const record: ShipmentRecord = {
    id: SHIPMENT_ID,
    shipment_data: shipment,
    status: "generated",
    generation_count: 1,
    max_generations: 2,
    created_by: "member:x",
    created_at: "2025-03-11T09:00:00.000Z",
    updated_at: "2025-03-11T09:30:00.000Z",
  };
  const history = {
    id: "h1",
    generation_number: 1,
    document_types: jobs.map((j) => j.document_type),
    validation_hash: "sha256:00",
    shipment_data_snapshot: shipment,
    data_diff: null,
    flattened_urls: null,
    created_at: "2025-03-11T09:30:00.000Z",
  };
  return String(
    await renderShipmentPage({
      shipment: record,
      csrf,
      validation: null,
      generations: [{ history, jobs, verificationUrl: "https://v.example/verify/x" }],
    }),
  );
}

describe("e-invoice on the shipment page", () => {
  it("a final commercial invoice: badge, profile, and links to its CII and UBL", async () => {
    const s = intraEuShipment();
    s.exporter.name = `<script>alert("x")</script> Sp. z o.o.`;
    const html = await page([job("j1", "COMMERCIAL_INVOICE", true, s), job("j2", "PACKING_LIST", true, s)], s);
    const rows = html.split('<tr data-job="');
    const invoice = rows.find((r) => r.startsWith("j1"))!;
    expect(invoice).toContain("E-invoice");
    expect(invoice).toContain("profile EN 16931 (<code>urn:cen.eu:en16931:2017</code>)");
    expect(invoice).toContain(`href="/dashboard/shipments/${SHIPMENT_ID}/documents/j1/einvoice/cii"`);
    expect(invoice).toContain(`href="/dashboard/shipments/${SHIPMENT_ID}/documents/j1/einvoice/ubl"`);
    expect(rows.find((r) => r.startsWith("j2"))).not.toContain("E-invoice");
    expect(html).not.toContain("<script>alert");
  });

  it("a draft invoice, or one whose shipment lacks a business term, is no e-invoice", async () => {
    const s = intraEuShipment();
    const lacking = intraEuShipment();
    delete (lacking.importer.tax_ids as Record<string, unknown>).vat;
    const html = await page([job("j3", "COMMERCIAL_INVOICE", false, s), job("j4", "PROFORMA_INVOICE", true, lacking)], s);
    expect(html).not.toContain("data-einvoice");
  });
});
