import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { PDFDocument, type PDFTextField } from "pdf-lib";
import { openTestPglite } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";
import { backgroundTasksIdle, startBackgroundTasks, stopBackgroundTasks } from "../../shared/server/background-tasks.ts";
import { sampleShipment } from "../support/sample-shipments.ts";
import { DOCUMENT_TYPES } from "../../shared/document-types/identities.ts";

describe("PDF round trip: extract-filled-fields and flatten-document", () => {
  let db: Db;
  let gw: TestGateway;
  let key: string;
  let shipmentId: string;
  let jobId: string;
  let historyId: string;
  let blank: Uint8Array;

  beforeAll(async () => {
    db = await openTestPglite();
    gw = await createTestGateway(db, { maxUploadBytes: 2 * 1024 * 1024 });
    key = (await gw.createAccount("growth")).apiKey;
    startBackgroundTasks(gw.services);
    const s = sampleShipment();
    delete (s.bl_data as Record<string, unknown>).bl_number;
    shipmentId = (await gw.call("POST", "/api/v1/shipments", { body: { shipment_data: s }, apiKey: key })).body.id;
    const r = await gw.call("POST", "/functions/v1/generate-documents", {
      body: { shipment: s, shipment_id: shipmentId, document_types: ["BILL_OF_LADING"], confirm_warnings: true },
      apiKey: key,
      anon: true,
    });
    jobId = r.body.jobs[0].jobId;
    historyId = r.body.generation_history_id;
    await backgroundTasksIdle();
    const d = (await gw.call("GET", `/api/v1/documents/${jobId}`, { apiKey: key })).body;
    blank = new Uint8Array(await (await gw.fetch(new URL(d.download_url).pathname + new URL(d.download_url).search)).arrayBuffer());
  });
  afterAll(async () => {
    await stopBackgroundTasks();
    await db.close();
  });

  async function fill(values: Record<string, string>): Promise<Uint8Array> {
    const doc = await PDFDocument.load(blank);
    const form = doc.getForm();
    for (const [name, value] of Object.entries(values)) (form.getField(name) as PDFTextField).setText(value);
    return doc.save({ updateFieldAppearances: false });
  }

  const upload = (fields: Record<string, string | Uint8Array>, headers: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) {
      if (typeof v === "string") form.append(k, v);
      else form.append(k, new Blob([v as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), "filled.pdf");
    }
    return gw.fetch("/functions/v1/extract-filled-fields", {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${key}`, apikey: gw.config.anonKey, ...headers },
    });
  };

  it("reads every text field, maps it to shipment paths and merges new values into the shipment", async () => {
    const filled = await fill({ "blData.blNumber": "MEDU-Ł-4711" });
    const res = await upload({ file: filled, doc_type: "BILL_OF_LADING", shipment_id: shipmentId });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.extracted_fields["blData.blNumber"]).toBe("MEDU-Ł-4711");
    expect(Object.keys(body.extracted_fields).some((k) => k.startsWith("_service_"))).toBe(false);
    expect(body.mapped_data).toEqual({ "bl_data.bl_number": "MEDU-Ł-4711" });
    expect(body.field_count).toBe(Object.keys(body.extracted_fields).length);
    expect(body.filled_count + body.empty_count).toBe(body.field_count);
    expect(body.filled_count).toBe(1);
    expect(body.merge_result).toMatchObject({ merged: true, updatedPaths: ["bl_data.bl_number"] });
    const stored = (await gw.call("GET", `/api/v1/shipments/${shipmentId}`, { apiKey: key })).body;
    expect(stored.shipment_data.bl_data.bl_number).toBe("MEDU-Ł-4711");
    expect(stored.status).toBe("generated");
  });

  it("auto_merge false reads without writing; no shipment_id means no merge_result", async () => {
    const filled = await fill({ "blData.blNumber": "OTHER-1" });
    const off = await (await upload({ file: filled, doc_type: "BILL_OF_LADING", shipment_id: shipmentId, auto_merge: "false" })).json();
    expect(off.merge_result).toEqual({ merged: false, updatedPaths: [] });
    expect((await gw.call("GET", `/api/v1/shipments/${shipmentId}`, { apiKey: key })).body.shipment_data.bl_data.bl_number).toBe(
      "MEDU-Ł-4711",
    );
    const none = await (await upload({ file: filled, doc_type: "BILL_OF_LADING" })).json();
    expect(none).not.toHaveProperty("merge_result");
  });

  it("answers the spec's codes for bad uploads", async () => {
    const code = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
    expect(await code(await upload({ doc_type: "BILL_OF_LADING" }))).toBe("SVC_VAL_001");
    expect(await code(await upload({ file: blank }))).toBe("SVC_VAL_002");
    expect(await code(await upload({ file: new TextEncoder().encode("hello, not a pdf"), doc_type: "BILL_OF_LADING" }))).toBe(
      "SVC_VAL_003",
    );
    const unknown = await upload({ file: blank, doc_type: "BILL" });
    const u = await unknown.json();
    expect(u.error.code).toBe("SVC_VAL_004");
    expect(u.error.supported_types).toEqual([...DOCUMENT_TYPES]);
    expect(await code(await upload({ file: blank.slice(0, Math.floor(blank.length / 2)), doc_type: "BILL_OF_LADING" }))).toBe(
      "SVC_VAL_005",
    );
    const plain = await PDFDocument.create();
    plain.addPage();
    expect(await code(await upload({ file: await plain.save(), doc_type: "BILL_OF_LADING" }))).toBe("SVC_VAL_006");
    const otherShipment = (await gw.call("POST", "/api/v1/shipments", { body: { shipment_data: { a: 1 } }, apiKey: key })).body.id;
    const wrongShip = await (await upload({ file: blank, doc_type: "BILL_OF_LADING", shipment_id: otherShipment })).json();
    expect(wrongShip.error).toMatchObject({ code: "SVC_VAL_007", expected_shipment_id: otherShipment, actual_shipment_id: shipmentId });
    expect(await code(await upload({ file: blank, doc_type: "PACKING_LIST" }))).toBe("SVC_VAL_008");
    expect(await code(await upload({ file: blank, doc_type: "BILL_OF_LADING", shipment_id: "00000000-0000-0000-0000-000000000000" }))).toBe(
      "SVC_SHIP_004",
    );
    const notMultipart = await gw.fetch("/functions/v1/extract-filled-fields", {
      method: "POST",
      body: "{}",
      headers: { authorization: `Bearer ${key}`, apikey: gw.config.anonKey, "content-type": "application/json" },
    });
    expect(notMultipart.status).toBe(415);
    const big = await upload({ file: new Uint8Array(3 * 1024 * 1024), doc_type: "BILL_OF_LADING" });
    expect(big.status).toBe(413);
  });

  it("flattens a generated document to PDF/A-2b, stores its address in the history, and answers SVC_FLAT_* as the spec says", async () => {
    const flat = (body: unknown) => gw.call("POST", "/functions/v1/flatten-document", { body, apiKey: key, anon: true });
    const r = await flat({ job_id: jobId, doc_type: "BILL_OF_LADING", hash_stamp: "sha256:stamp-check", generation_history_id: historyId });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ job_id: jobId, doc_type: "BILL_OF_LADING" });
    const pdfa = await gw.fetch(new URL(r.body.download_url).pathname + new URL(r.body.download_url).search);
    expect(pdfa.status).toBe(200);
    const bytes = new Uint8Array(await pdfa.arrayBuffer());
    const text = new TextDecoder("latin1").decode(bytes);
    expect(text).toContain("pdfaid:part");
    expect(text).toContain("sha256:stamp-check");
    expect((await PDFDocument.load(bytes)).getForm().getFields()).toHaveLength(0);
    const history = (await gw.call("GET", `/api/v1/shipments/${shipmentId}`, { apiKey: key })).body.generation_history;
    expect(history[0].flattened_urls.BILL_OF_LADING).toBe(r.body.download_url);
    expect((await gw.call("GET", `/api/v1/documents/${jobId}`, { apiKey: key })).body.flattened_download_url).toContain("variant=pdfa");

    expect((await flat({ doc_type: "X" })).body.error.code).toBe("SVC_FLAT_001");
    expect((await flat({ job_id: "00000000-0000-0000-0000-000000000000" })).body.error.code).toBe("SVC_FLAT_002");
    expect((await flat({ job_id: jobId, generation_history_id: "00000000-0000-0000-0000-000000000000" })).body.error.code).toBe(
      "SVC_FLAT_008",
    );
    const accountId = (await db.query<{ account_id: string }>("select account_id from generation_jobs where id = $1", [jobId]))[0]
      .account_id;
    const failed = await db.query<{ id: string }>(
      "insert into generation_jobs (account_id, document_type, status, provider_job_id, validation_hash, input) values ($1, 'PACKING_LIST', 'failed', 'render_flat_test', 'sha256:x', '{}') returning id",
      [accountId],
    );
    const notDone = await flat({ job_id: failed[0].id });
    expect(notDone.body.error.code).toBe("SVC_FLAT_004");
    expect(notDone.body.error.message).toContain("failed");
    // The provider's file disappears: the fetch fails (502); the file no longer kept: no address (400).
    await rm(join(gw.config.dataDir, "blobs", "documents", accountId, `${jobId}.pdf`));
    const lost = await flat({ job_id: jobId });
    expect(lost.status).toBe(502);
    expect(lost.body.error.code).toBe("SVC_FLAT_006");
    expect(lost.body.error.message).toMatch(/404/);
    await db.query("update generation_jobs set blob_key = null where id = $1", [jobId]);
    expect((await flat({ job_id: jobId })).body.error.code).toBe("SVC_FLAT_005");
  });
});
