import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPglite } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";
import { sampleShipment } from "../support/sample-shipments.ts";

// Supabase has no resident worker: the scheduler calls run-jobs. Here no background task runs at all.
describe("run-jobs (the scheduled drain used on Supabase)", () => {
  let db: Db;
  let gw: TestGateway;
  let key: string;
  beforeAll(async () => {
    db = await openTestPglite();
    gw = await createTestGateway(db);
    key = (await gw.createAccount("growth")).apiKey;
  });
  afterAll(async () => db.close());

  it("needs the service_role key and runs the queued jobs to completion", async () => {
    const r = await gw.call("POST", "/functions/v1/generate-documents", {
      body: { shipment: sampleShipment(), document_types: ["PACKING_LIST", "COMMERCIAL_INVOICE"], confirm_warnings: true },
      apiKey: key,
      anon: true,
    });
    expect(r.status).toBe(202);
    const ids: string[] = r.body.jobs.map((j: { jobId: string }) => j.jobId);
    expect((await gw.call("GET", `/api/v1/documents/${ids[0]}`, { apiKey: key })).body.status).toBe("queued");
    expect((await gw.call("POST", "/functions/v1/run-jobs", { apiKey: key })).status).toBe(401);
    const run = await gw.call("POST", "/functions/v1/run-jobs", { headers: { authorization: `Bearer ${gw.config.serviceRoleKey}` } });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ generation_jobs: 2, extraction_jobs: 0 });
    for (const id of ids) expect((await gw.call("GET", `/api/v1/documents/${id}`, { apiKey: key })).body.status).toBe("completed");
  });
});
