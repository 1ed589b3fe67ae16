import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPglite } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";
import { sampleShipment } from "../support/sample-shipments.ts";
import { createAccount } from "../../shared/accounts/account-repository.ts";
import { insertMember } from "../../shared/accounts/member-repository.ts";
import { createSession, findSessionMember } from "../../shared/accounts/session-repository.ts";

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

  it("prunes the dashboard sessions that ended over a day ago, as the local server's hourly task does", async () => {
    const account = await createAccount(db, "Sweep GmbH", "free");
    const member = await insertMember(db, { accountId: account.id, email: "sweep@example.com", role: "owner", passwordHash: "x" });
    const [live, ended] = [await createSession(db, member), await createSession(db, member)];
    const { sessionId } = (await findSessionMember(db, ended.token))!;
    await db.query("update dashboard_sessions set expires_at = now() - interval '25 hours' where id = $1", [sessionId]);
    const run = await gw.call("POST", "/functions/v1/run-jobs", { headers: { authorization: `Bearer ${gw.config.serviceRoleKey}` } });
    expect(run.status).toBe(200);
    expect(run.body.sessions_deleted).toBe(1);
    expect(await findSessionMember(db, live.token)).not.toBeNull();
    expect((await db.query("select 1 from dashboard_sessions where id = $1", [sessionId])).length).toBe(0);
  });
});
