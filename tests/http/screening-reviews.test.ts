import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import { MINIMAL_SANCTIONS, writeMinimalSanctionsDir } from "../support/minimal-sanctions.ts";
import { sampleShipment } from "../support/sample-shipments.ts";
import type { Db } from "../../shared/db/types.ts";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { insertReview } from "../../shared/screening/reviews/review-repository.ts";
import { SCREENING_TABLES } from "../../shared/screening/lists/screening-tables.ts";

const LISTED = MINIMAL_SANCTIONS[0].name;

interface Result {
  rule_id: string;
  severity: string;
  message: string;
  context?: Record<string, unknown>;
}

function listedShipment(name: string = LISTED) {
  const s = sampleShipment() as { exporter: { name: string } };
  s.exporter.name = name;
  return s;
}

for (const backend of testBackends()) {
  describe(`screening reviews on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;
    let key: string;
    let other: string;
    let dir: string;

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      gw = await createTestGateway(db, { screening: { lists: SCREENING_TABLES, clearanceDays: 365, monitorDays: 90 } });
      key = (await gw.createAccount("growth")).apiKey;
      other = (await gw.createAccount("growth", "Other account")).apiKey;
      dir = await mkdtemp(join(tmpdir(), "tds-reviews-"));
    });
    afterAll(async () => {
      await close?.();
      await rm(dir, { recursive: true, force: true });
    });

    const validate = async (shipment: unknown, apiKey = key) => {
      const r = await gw.call("POST", "/api/v1/shipments/validate", { body: shipment, apiKey });
      expect(r.status).toBe(200);
      return r.body as { valid: boolean; validation_hash: string | null; results: Result[] };
    };
    const finding = (results: Result[]) => results.find((r) => r.rule_id === "rule_sanctions_exporter");
    const review = (body: unknown, apiKey = key) => gw.call("POST", "/api/v1/screening/reviews", { body, apiKey });

    it("refuses bad bodies with 400 and the field, and a pair that is not a current match with 409 SVC_SCREEN_001", async () => {
      const missing = await review({ party_name: LISTED, list: "OFAC SDN", entry_id: "1", decision: "cleared" });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toMatchObject({ code: "SVC_REQ_002", field: "reason" });
      const badDecision = await review({ party_name: LISTED, list: "OFAC SDN", entry_id: "1", decision: "maybe", reason: "x" });
      expect(badDecision.status).toBe(400);
      expect(badDecision.body.error).toMatchObject({ code: "SVC_REQ_002", field: "decision" });
      const extra = await review({ party_name: LISTED, list: "L", entry_id: "1", decision: "cleared", reason: "x", who: "me" });
      expect(extra.status).toBe(400);
      const blank = await review({ party_name: "  ", list: "L", entry_id: "1", decision: "cleared", reason: "x" });
      expect(blank.body.error).toMatchObject({ code: "SVC_REQ_002", field: "party_name" });
      const notMatch = await review({
        party_name: "Harmless Bakery GmbH",
        list: "OFAC SDN",
        entry_id: "990001",
        decision: "cleared",
        reason: "x",
      });
      expect(notMatch.status).toBe(409);
      expect(notMatch.body.error).toMatchObject({ code: "SVC_SCREEN_001", matches: [] });
      const badQuery = await gw.call("GET", "/api/v1/screening/reviews?decision=maybe", { apiKey: key });
      expect(badQuery.status).toBe(400);
      expect((await gw.call("GET", "/api/v1/screening/reviews", {})).status).toBe(401);
    });

    it("a clearance turns the match into info naming who, when and why; generation proceeds; the hash names it; another account sees nothing", async () => {
      const before = await validate(listedShipment());
      const f = finding(before.results)!;
      expect(f.severity).toBe("error");
      expect(before.valid).toBe(false);
      const ctx = f.context as { list: string; entry_id: string; entry_hash: string };
      expect(ctx.entry_hash).toMatch(/^[0-9a-f]{64}$/);

      const wrongHash = await review({
        party_name: LISTED,
        list: ctx.list,
        entry_id: ctx.entry_id,
        decision: "cleared",
        reason: "r",
        entry_hash: "0".repeat(64),
      });
      expect(wrongHash.status).toBe(409);
      expect(wrongHash.body.error).toMatchObject({ code: "SVC_SCREEN_002", current_entry_hash: ctx.entry_hash });

      const made = await review({
        party_name: LISTED.toLowerCase(),
        list: ctx.list,
        entry_id: ctx.entry_id,
        decision: "cleared",
        reason: "Different company: registration 12345 in Poland, <b>not</b> the listed one",
        entry_hash: ctx.entry_hash,
      });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ decision: "cleared", entry_hash: ctx.entry_hash, decided_by: { kind: "api_key" } });
      expect(made.body.decided_by.label).toContain("API key");

      const after = await validate(listedShipment());
      const cleared = finding(after.results)!;
      expect(cleared.severity).toBe("info");
      expect(cleared.message).toContain(
        `cleared by ${made.body.decided_by.label} on ${made.body.created_at.slice(0, 10)}: Different company`,
      );
      expect(cleared.context).toMatchObject({ cleared: true, clearances: [{ review_id: made.body.id, entry_hash: ctx.entry_hash }] });
      expect(after.valid).toBe(true);
      expect(after.validation_hash).toMatch(/^sha256:/);

      const gen = await gw.call("POST", "/functions/v1/generate-documents", {
        body: { shipment: listedShipment(), document_types: ["COMMERCIAL_INVOICE"], confirm_warnings: true },
        apiKey: key,
        anon: true,
      });
      expect(gen.status).toBe(202);
      // The hash of a cleared run is accepted again by generation (recomputed with the record's clearances).
      const again = await gw.call("POST", "/functions/v1/generate-documents", {
        body: {
          shipment: listedShipment(),
          document_types: ["COMMERCIAL_INVOICE"],
          confirm_warnings: true,
          validation_hash: after.validation_hash,
        },
        apiKey: key,
        anon: true,
      });
      expect(again.status).toBe(202);

      // Another account: its own validation still fails, and it reads no decision of ours.
      expect(finding((await validate(listedShipment(), other)).results)!.severity).toBe("error");
      const theirs = await gw.call("GET", "/api/v1/screening/reviews", { apiKey: other });
      expect(theirs.body).toMatchObject({ reviews: [], pagination: { total: 0 } });
      const ours = await gw.call("GET", `/api/v1/screening/reviews?party=${encodeURIComponent(`  ${LISTED} `)}&decision=cleared`, {
        apiKey: key,
      });
      expect(ours.body.reviews.map((r: { id: string }) => r.id)).toEqual([made.body.id]);
      expect((await gw.call("GET", "/api/v1/screening/reviews?list=nope", { apiKey: key })).body.reviews).toEqual([]);
    });

    it("a later confirmation makes it an error again; the trail keeps both, newest first", async () => {
      const ctx = finding((await validate(listedShipment())).results)!.context as { list: string; entry_id: string };
      const confirmed = await review({
        party_name: LISTED,
        list: ctx.list,
        entry_id: ctx.entry_id,
        decision: "confirmed",
        reason: "Same passport number",
      });
      expect(confirmed.status).toBe(201);
      const f = finding((await validate(listedShipment())).results)!;
      expect(f.severity).toBe("error");
      expect(f.message).toContain("match confirmed by");
      const trail = await gw.call("GET", "/api/v1/screening/reviews?limit=1", { apiKey: key });
      expect(trail.body.reviews[0].decision).toBe("confirmed");
      expect(trail.body.pagination).toMatchObject({ total: 2, total_pages: 2, limit: 1 });
    });

    it("the decisions table is append-only in the database itself", async () => {
      const account = await gw.createAccount("growth", "Append-only account");
      const reviewer = { kind: "member" as const, id: "m", label: "officer@example.com" };
      await insertReview(db, account.accountId, {
        party_name: "A",
        party_name_normalised: "a",
        list: "OFAC SDN",
        entry_id: "1",
        entry_hash: "c".repeat(64),
        decision: "cleared",
        reason: "r",
        reviewer,
      });
      await expect(db.query("update screening_reviews set reason = 'changed'")).rejects.toThrow(/append-only/);
      await expect(db.query("delete from screening_reviews")).rejects.toThrow(/append-only/);
    });

    it("a clearance expires after the configured days; a changed entry (amended alias) or another name re-opens it", async () => {
      // A third account: its only decisions are the ones written here.
      const third = await gw.createAccount("growth", "Third account");
      const accountId = third.accountId;
      const validate3 = (s: unknown) => validate(s, third.apiKey);
      const ctx = finding((await validate3(listedShipment())).results)!.context as { list: string; entry_id: string; entry_hash: string };
      const reviewer = { kind: "member" as const, id: "m", label: "officer@example.com" };
      const base = {
        party_name: LISTED,
        party_name_normalised: LISTED.toLowerCase(),
        list: ctx.list,
        entry_id: ctx.entry_id,
        entry_hash: ctx.entry_hash,
        decision: "cleared" as const,
        reason: "old",
        reviewer,
      };
      await insertReview(db, accountId, base, new Date(Date.now() - 400 * 86_400_000));
      const expired = finding((await validate3(listedShipment())).results)!;
      expect(expired.severity).toBe("error");
      expect(expired.message).toContain("has expired");

      await insertReview(db, accountId, { ...base, reason: "fresh" });
      expect(finding((await validate3(listedShipment())).results)!.severity).toBe("info");
      // A changed name is another party: not cleared.
      const renamed = finding((await validate3(listedShipment("Zyxquort Test Embargo Trading Co."))).results);
      expect(renamed?.severity).toBe("error");

      // The list re-imported with an alias added to the entry: its hash changes, the clearance re-opens.
      const today = new Date().toISOString().slice(0, 10);
      await writeMinimalSanctionsDir(dir, today);
      await writeFile(join(dir, `ofac_alt_${today}.csv`), `${MINIMAL_SANCTIONS[0].uid},1,"aka","ZYXQUORT AMENDED ALIAS CO",-0- \r\n\x1a`);
      await importReferenceDir(db, dir, { only: ["sanctions_ofac"] });
      const reopened = finding((await validate3(listedShipment())).results)!;
      expect(reopened.severity).toBe("error");
      expect((reopened.context as { entry_hash: string }).entry_hash).not.toBe(ctx.entry_hash);
      expect(reopened.message).toContain("has changed since it was cleared");
    });
  });
}
