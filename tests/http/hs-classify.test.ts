import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { HS_FIXTURES, HS_TABLES, writeHsFixtures } from "../support/hs-fixtures.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tds-hs-classify-"));
  await writeHsFixtures(dir, HS_FIXTURES);
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

type Classified = {
  candidates: Array<{ code: string; description: string; score: number; why: Array<{ via: string; text: string; effect?: string }> }>;
  questions: Array<{ id: string; text: string; options: Array<{ id: string; label: string; codes: string[] }> }>;
  resolved: boolean;
  schedule: string;
};

for (const backend of testBackends()) {
  describe(`POST /api/v1/hs-codes/classify on ${backend.name} (hand-written schedules)`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;
    let key: string;

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      gw = await createTestGateway(db);
      key = (await gw.createAccount("growth")).apiKey;
    });
    afterAll(async () => close?.());

    const post = (body: unknown) => gw.call("POST", "/api/v1/hs-codes/classify", { apiKey: key, body });
    const classify = async (body: Record<string, unknown>) => {
      const r = await post(body);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body as Classified;
    };

    it("is described in the OpenAPI document with its request and answer", async () => {
      const doc = await gw.call("GET", "/api/v1/openapi.json", { apiKey: key });
      expect(doc.status).toBe(200);
      const op = doc.body.paths["/api/v1/hs-codes/classify"]?.post;
      expect(op?.operationId).toBe("classifyHsCode");
      expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(["200", "400", "401", "503"]));
      expect(JSON.stringify(op?.requestBody)).toContain("attributes");
    });

    it("answers 503 SVC_HS_003 before the schedule is imported", async () => {
      const r = await post({ description: "cotton t-shirt", country: "US" });
      expect(r.status).toBe(503);
      expect(r.body.error.code).toBe("SVC_HS_003");
    });

    it("refuses bad attributes with 400 SVC_HS_004, bad requests with SVC_REQ_002", async () => {
      await importReferenceDir(db, dir, { only: HS_TABLES });
      for (const attributes of [{ Material: "cotton" }, { "item type": "dress" }, { material: 5 }, { material: "x".repeat(301) }]) {
        const r = await post({ description: "cotton t-shirt", country: "US", attributes });
        expect(r.status, JSON.stringify(attributes)).toBe(400);
        expect(r.body.error.code).toBe("SVC_HS_004");
      }
      const many = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`k${i}`, "v"]));
      expect((await post({ description: "t-shirt", country: "US", attributes: many })).body.error.code).toBe("SVC_HS_004");
      for (const body of [
        { country: "US" },
        { description: "" },
        { description: "x".repeat(501) },
        { description: "shirt", limit: 0 },
        { description: "shirt", extra: 1 },
      ]) {
        const r = await post(body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.error.code).toBe("SVC_REQ_002");
      }
      const nowhere = await post({ description: "shirt", country: "JP" });
      expect(nowhere.status).toBe(400);
      expect(nowhere.body.error.code).toBe("SVC_HS_002");
    });

    it("asks the tariff's own distinction between sibling lines and narrows on the answer", async () => {
      const first = await classify({ description: "cotton t-shirt", country: "US", attributes: { unknown_key: "anything" } });
      expect(first.schedule).toBe("us");
      expect(first.candidates.map((c) => c.code).sort()).toEqual(["6109100004", "6109100007"]);
      expect(first.resolved).toBe(false);
      const q = first.questions[0];
      expect(q.text).toMatch(/whom/i);
      expect(q.options.map((o) => o.label).sort()).toEqual(["Men's or boys' (338)", "Women's or girls' (339)"]);
      const women = q.options.find((o) => o.label.startsWith("Women"));
      if (!women) throw new Error("no women's option");
      expect(women.codes).toEqual(["6109100007"]);
      const second = await classify({
        description: "cotton t-shirt",
        country: "US",
        attributes: { unknown_key: "anything" },
        answers: [{ question_id: q.id, option_id: women.id }],
      });
      expect(second.candidates.map((c) => c.code)).toEqual(["6109100007"]);
      expect(second.resolved).toBe(true);
      expect(second.questions).toEqual([]);
      expect(second.candidates[0].why.some((w) => w.via === "answer")).toBe(true);
    });

    it("lets an attribute decide between the siblings that state it", async () => {
      const r = await classify({ description: "cotton t-shirt", country: "US", attributes: { gender: "Women", item_type: "T-shirt" } });
      expect(r.candidates[0].code).toBe("6109100007");
      expect(r.candidates[0].why).toEqual(expect.arrayContaining([expect.objectContaining({ via: "attribute", effect: "agrees" })]));
      const men = await classify({ description: "cotton t-shirt", country: "US", attributes: { department: "Men's clothing" } });
      expect(men.candidates[0].code).toBe("6109100004");
    });

    it("refuses an answer these candidates have no question or option for (400 SVC_HS_005)", async () => {
      const first = await classify({ description: "cotton t-shirt", country: "US" });
      const q = first.questions[0];
      const bad = await post({ description: "cotton t-shirt", country: "US", answers: [{ question_id: q.id, option_id: "onope" }] });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("SVC_HS_005");
      const other = await post({
        description: "cotton t-shirt",
        country: "US",
        answers: [{ question_id: "qnope", option_id: q.options[0].id }],
      });
      expect(other.body.error.code).toBe("SVC_HS_005");
    });

    it("reads the hierarchy of the UK schedule and the WCO reference alike", async () => {
      const uk = await classify({ description: "cotton t-shirt", country: "GB" });
      expect(uk.schedule).toBe("uk");
      expect(uk.candidates.map((c) => c.code)).toContain("6109100010");
      // The ended line is not a candidate: only lines in force.
      expect(uk.candidates.map((c) => c.code)).not.toContain("6109100050");
      const options = uk.questions.flatMap((q) => q.options.map((o) => o.label));
      expect(options).toEqual(expect.arrayContaining(["T-shirts", "Other"]));
      const wco = await classify({ description: "cotton t-shirt" });
      expect(wco.schedule).toBe("wco");
      expect(wco.candidates[0].code).toBe("610910");
      expect(wco.resolved).toBe(true);
    });
  });
}
