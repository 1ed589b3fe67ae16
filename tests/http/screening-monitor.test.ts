/**
 * Monitoring (issue 37): a list refresh that adds or amends entries screens saved parties and recent
 * shipments' parties again, records each new match once per account and delivers a signed
 * `screening.match` webhook; a refresh that changes nothing rescreens nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer } from "node:http";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { verify } from "@octokit/webhooks-methods";
import { Webhook } from "standardwebhooks";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import { MINIMAL_SANCTIONS } from "../support/minimal-sanctions.ts";
import { sampleShipment } from "../support/sample-shipments.ts";
import type { Db } from "../../shared/db/types.ts";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { runScreeningMonitorNow } from "../../shared/screening/monitoring/monitor-task.ts";
import { runScreeningMonitor } from "../../shared/screening/monitoring/run-monitor.ts";
import { defaultMonitorScreening } from "../../shared/screening/monitoring/monitor-screening.ts";
import { runDispatchPass } from "../../shared/webhooks/dispatcher.ts";
import { EVENT_DATA_SCHEMAS } from "../../shared/webhooks/event-payloads.ts";

const NULL = "-0- ";
const row = (uid: number, name: string, program: string) =>
  [String(uid), `"${name}"`, NULL, `"${program}"`, ...Array(8).fill(NULL)].join(",");
const ADDED = { uid: 995001, name: "OSTRAVEK NEWLY LISTED MACHINERY CORPORATION", program: "SDGT" };

async function writeList(dir: string, extra: string[] = [], alt = "") {
  const today = new Date().toISOString().slice(0, 10);
  const base = MINIMAL_SANCTIONS.map((e) => row(e.uid, e.name, e.program));
  await writeFile(join(dir, `ofac_sdn_${today}.csv`), `${[...base, ...extra].join("\r\n")}\r\n\x1a`);
  if (alt) await writeFile(join(dir, `ofac_alt_${today}.csv`), `${alt}\r\n\x1a`);
}

for (const backend of testBackends()) {
  describe(`screening monitoring on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;
    let dir: string;
    let account: { accountId: string; apiKey: string };
    let other: { accountId: string; apiKey: string };
    const received: { headers: Record<string, string>; body: string }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(200).end("ok");
      });
    });

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      gw = await createTestGateway(db);
      gw.services.config.webhooks.allowPrivate = true;
      account = await gw.createAccount("growth", "Monitored account");
      other = await gw.createAccount("growth", "Unrelated account");
      dir = await mkdtemp(join(tmpdir(), "tds-monitor-"));
      await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
      // Whatever the test database's first import logged is behind us.
      await runScreeningMonitorNow(gw.services);
    });
    afterAll(async () => {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
      await close?.();
      await rm(dir, { recursive: true, force: true });
    });

    const api = (method: string, path: string, body?: unknown, key = account.apiKey) => gw.call(method, path, { body, apiKey: key });

    // The import itself may already have run the monitor (afterScreeningListsChanged): these read what it
    // stored, not what a run returns.
    const lastChange = async () => (await db.query<{ n: string | null }>("select max(id)::text as n from screening_entry_changes"))[0].n;
    const lastRun = async () =>
      (
        await db.query<{ last_run: unknown; last_change_id: string }>("select last_run, last_change_id::text from screening_monitor_state")
      )[0];
    const matchCount = async () => (await db.query<{ n: number }>("select count(*)::int as n from screening_monitor_matches"))[0].n;

    it("a refresh that changes nothing rescreens nothing", async () => {
      await writeList(dir);
      await importReferenceDir(db, dir, { only: ["sanctions_ofac"] });
      const change = await lastChange();
      const state = await lastRun();
      await importReferenceDir(db, dir, { only: ["sanctions_ofac"] });
      expect(await lastChange()).toBe(change);
      const runs = await runScreeningMonitorNow(gw.services);
      expect(runs.reduce((n, r) => n + r.changes + r.names, 0)).toBe(0);
      expect(await lastRun()).toEqual(state);
    });

    it("an added entry matching a saved party and a recent shipment's importer: recorded once, delivered signed, shown to that account only", async () => {
      const port = (receiver.address() as { port: number }).port;
      const hook = await api("POST", "/api/v1/webhooks", { url: `http://127.0.0.1:${port}/hook`, events: ["screening.match"] });
      expect(hook.status).toBe(201);
      const party = await api("POST", "/api/v1/parties", { name: "Ostravek Newly Listed Machinery Corp.", country: "CZ" });
      expect(party.status).toBe(201);
      await api("POST", "/api/v1/parties", { name: "Harmless Bakery GmbH", country: "DE" });
      const shipment = sampleShipment() as { importer: { name: string } };
      shipment.importer.name = ADDED.name;
      const stored = await api("POST", "/api/v1/shipments", { shipment_data: shipment });
      expect(stored.status).toBe(201);
      // The other account has a party named otherwise.
      await api("POST", "/api/v1/parties", { name: "Another Harmless Party Ltd", country: "GB" }, other.apiKey);

      await writeList(dir, [row(ADDED.uid, ADDED.name, ADDED.program)]);
      await importReferenceDir(db, dir, { only: ["sanctions_ofac"] });
      await runScreeningMonitorNow(gw.services);
      expect(await matchCount()).toBe(2);
      expect((await lastRun()).last_run).toMatchObject({ matches: 2 });

      const matches = await db.query<{ account_id: string; subject_kind: string; subject_id: string; party_role: string | null }>(
        "select account_id::text, subject_kind, subject_id, party_role from screening_monitor_matches order by subject_kind",
      );
      expect(matches).toEqual([
        { account_id: account.accountId, subject_kind: "party", subject_id: party.body.id, party_role: null },
        { account_id: account.accountId, subject_kind: "shipment", subject_id: stored.body.id, party_role: "importer" },
      ]);

      await runDispatchPass(gw.services, { settings: { timeoutMs: 5000 } });
      expect(received).toHaveLength(2);
      for (const r of received) {
        expect(await verify(hook.body.secret, r.body, r.headers["x-service-signature"])).toBe(true);
        expect(new Webhook(hook.body.secret).verify(r.body, r.headers)).toBeTruthy();
        const body = JSON.parse(r.body);
        expect(body.event).toBe("screening.match");
        expect(EVENT_DATA_SCHEMAS["screening.match"].safeParse(body.data).success).toBe(true);
        expect(body.data).toMatchObject({ entry_id: String(ADDED.uid), effect: expect.any(String), severity: "error" });
      }
      expect(received.map((r) => JSON.parse(r.body).data.shipment_id).sort()).toEqual([null, stored.body.id].sort());

      // Re-importing the same list: no change rows, no new match, no event.
      await importReferenceDir(db, dir, { only: ["sanctions_ofac"] });
      await runScreeningMonitorNow(gw.services);
      expect(await matchCount()).toBe(2);
      const events = await db.query<{ n: number }>("select count(*)::int as n from event_outbox where event = 'screening.match'");
      expect(events[0].n).toBe(2);
    });

    it("the entry amended (an alias added): the same party fires again once, for the new content", async () => {
      await writeList(dir, [row(ADDED.uid, ADDED.name, ADDED.program)], `${ADDED.uid},1,"aka","OSTRAVEK MACHINERY",-0- `);
      await importReferenceDir(db, dir, { only: ["sanctions_ofac"] });
      await runScreeningMonitorNow(gw.services);
      expect(await matchCount()).toBe(4);
      const hashes = await db.query<{ n: number }>("select count(distinct entry_hash)::int as n from screening_monitor_matches");
      expect(hashes[0].n).toBe(2);
    });

    it("changes of a list the deployment is not bound by (TDS_SCREENING_LISTS) are passed over", async () => {
      // The amendment above, monitored again from before it: bound by the UN list only, nothing; bound by OFAC, its matches.
      const [{ id }] = await db.query<{ id: string }>("select max(id)::text as id from screening_entry_changes");
      const replay = async (lists: string[]) => {
        await db.query(
          "delete from screening_monitor_matches where entry_hash = (select entry_hash from screening_entry_changes where id = $1)",
          [id],
        );
        await db.query("update screening_monitor_state set last_change_id = $1::bigint - 1", [id]);
        return runScreeningMonitor(db, defaultMonitorScreening, { monitorDays: 90, lists });
      };
      expect(await replay(["sanctions_un"])).toMatchObject({ changes: 1, entries: 0, matches: 0 });
      expect(await replay(["sanctions_ofac"])).toMatchObject({ changes: 1, entries: 1, matches: 2 });
    });
  });
}
