import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import { sampleShipment } from "../support/sample-shipments.ts";
import { loadAllRoutes } from "../../shared/route-catalog/all-routes.ts";
import type { RouteDef } from "../../shared/http/route.ts";
import type { Db } from "../../shared/db/types.ts";
import { wellFormed } from "../../shared/http/json-text.ts";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { HS_FIXTURES, HS_TABLES, writeHsFixtures } from "../support/hs-fixtures.ts";

/**
 * Every route of the catalogue (REST and functions) gets hostile bodies and query strings: nesting far
 * past the limit, numbers beyond double range, lone surrogates, NUL, prototype keys, wrong types, long
 * strings within the body limit, random JSON, each also planted inside a realistic body so that it gets
 * past the schema to the handler and the database. No answer may be a 5xx; every 4xx carries the JSON
 * error envelope (the test gateway also checks it against the route's declaration).
 */
const RUNS_PER_ROUTE = 12;
const routes = await loadAllRoutes();

/** Raw JSON text planted as a value: what JSON.stringify cannot write (1e400, a lone surrogate) included. */
const HOSTILE_TOKENS = [
  "1e400",
  "-1e999",
  "9".repeat(400),
  "1e-400",
  "-0",
  "99999999999999999999",
  '"\\ud800"',
  '"x\\udfffy"',
  '"\\udc00\\ud800"',
  '"\\u0000"',
  '"a\\u0000b"',
  '{"__proto__": {"polluted": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  '{"a\\u0000": 1}',
  '{"\\ud800": 1}',
  `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
  `${'{"a":'.repeat(100)}1${"}".repeat(100)}`,
  "[]",
  "{}",
  "null",
  "true",
  '""',
  '"   "',
  '"00000000-0000-0000-0000-000000000000"',
  '"not-a-uuid"',
  '"2026-02-30"',
  `"${"é".repeat(2_000)}"`,
];

const token = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TOKENS) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.integer({ min: 10_000, max: 300_000 }).map((n) => `"${"x".repeat(n)}"`) },
);

/** Bodies the routes take, as far as a client would send them: the hostile value goes somewhere inside. */
function templates(ids: Ids): unknown[] {
  const shipment = sampleShipment();
  return [
    shipment,
    { shipment_data: shipment },
    { shipment_id: ids.shipment, shipment_data: shipment },
    { shipment_id: ids.shipment, doc_types: ["COMMERCIAL_INVOICE", "PACKING_LIST"] },
    { document_id: ids.shipment, hash: "a".repeat(64) },
    { name: "Acme GmbH", role: "exporter", country: "DE", address: "Hafenstraße 5", city: "Hamburg", tax_ids: { eori: "DE1" } },
    { url: "https://127.0.0.1/hook", events: ["validation.completed"], description: "x" },
    { name: "key", tier: "growth", email: "a@example.com", role: "member" },
  ];
}

/** Every [container, key] of a value, outermost first. */
function slots(value: unknown): [Record<string, unknown> | unknown[], string | number][] {
  const out: [Record<string, unknown> | unknown[], string | number][] = [];
  const walk = (v: unknown) => {
    if (!v || typeof v !== "object") return;
    for (const [k, x] of Object.entries(v)) {
      out.push([v as Record<string, unknown>, Array.isArray(v) ? Number(k) : k]);
      walk(x);
    }
  };
  walk(value);
  return out;
}

const PLACEHOLDER = "__hostile_value__";

/** `template` with the value at one of its slots (or a new key) replaced by the raw token. */
function plant(template: unknown, at: number, addKey: string | null, raw: string): string {
  const copy = structuredClone(template) as Record<string, unknown>;
  const all = slots(copy);
  if (addKey !== null || all.length === 0) {
    const objects = all.map(([c]) => c).filter((c) => !Array.isArray(c)) as Record<string, unknown>[];
    const target = [copy, ...objects][at % (objects.length + 1)];
    target[addKey ?? "extra"] = PLACEHOLDER;
  } else {
    const [container, key] = all[at % all.length];
    (container as Record<string | number, unknown>)[key] = PLACEHOLDER;
  }
  return JSON.stringify(copy).replace(`"${PLACEHOLDER}"`, () => raw);
}

interface Ids {
  shipment: string;
  party: string;
  account: string;
  spareKey: string;
}

function bodies(ids: Ids): fc.Arbitrary<string> {
  const all = templates(ids);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.constantFrom(...all), fc.nat(), fc.option(fc.string(), { freq: 4 }), token)
        .map(([t, at, k, raw]) => plant(t, at, k, raw)),
    },
    { weight: 1, arbitrary: token },
    { weight: 1, arbitrary: fc.integer({ min: 65, max: 20_000 }).map((n) => `{"shipment_data":${"[".repeat(n)}${"]".repeat(n)}}`) },
    {
      weight: 1,
      arbitrary: fc
        .dictionary(
          fc.constantFrom("__proto__", "constructor", "prototype", "toString", "shipment_data", "a\u0000"),
          fc.jsonValue({ maxDepth: 2 }),
        )
        .map((d) => JSON.stringify(d)),
    },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 50 }) },
  );
}

const QUERY_NAMES = [
  "search",
  "q",
  "limit",
  "offset",
  "cursor",
  "page",
  "status",
  "doc_type",
  "token",
  "expires",
  "country",
  "schedule",
  "include",
  "hash",
  "lang",
];
const QUERY_VALUES = [
  "%00",
  "a%00b",
  "%",
  "%zz",
  "%ED%A0%80",
  "%F0%9F%98%80",
  "-1",
  "0",
  "1e400",
  "NaN",
  "Infinity",
  "99999999999999999999999",
  "",
  "..%2F..%2Fetc%2Fpasswd",
  "x".repeat(5_000),
  "%C0%AF",
  "true",
  "null",
];
const safeEncode = (s: string) => encodeURIComponent(wellFormed(s));

const queries: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.string().map(safeEncode), fc.constant("%00")),
      fc.oneof(fc.constantFrom(...QUERY_VALUES), fc.string({ unit: "binary" }).map(safeEncode), fc.string()),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("&"));

function segments(ids: Ids): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(ids.shipment, ids.party, ids.account, ids.spareKey, crypto.randomUUID(), "a".repeat(64), "v1", "1"),
    },
    { weight: 1, arbitrary: fc.constantFrom("%00", "a%00", "%", "%ED%A0%80", "..", "%2E%2E%2F", "x".repeat(3_000), "-1", "1e400") },
    { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1 }).map(safeEncode) },
  );
}

function fillPath(path: string, values: string[]): string {
  let i = 0;
  return path.replace(/\{\w+\}/g, () => values[i++ % values.length]);
}

const multipart = fc
  .tuple(fc.constantFrom("a\u0000.pdf", "\u0000", "x.pdf", "../../etc/passwd", "é.png"), fc.constantFrom("", "x", "a\u0000b"))
  .map(([name, field]) => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], name, { type: "application/pdf" }));
    form.append("doc_type", `COMMERCIAL_INVOICE${field}`);
    form.append("shipment_id", field);
    return form;
  });

for (const backend of testBackends()) {
  describe(`hostile bodies and query strings on every route (${backend.name})`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;
    let apiKey: string;
    let ids: Ids;

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      // Small HS schedules, so a search with a valid query runs for real instead of answering the
      // documented 503 "schedule not imported" (SVC_HS_003) that an empty database gives.
      const hsDir = await mkdtemp(join(tmpdir(), "tds-hostile-hs-"));
      await writeHsFixtures(hsDir, HS_FIXTURES);
      await importReferenceDir(db, hsDir, { only: HS_TABLES });
      await rm(hsDir, { recursive: true, force: true });
      gw = await createTestGateway(db);
      const account = await gw.createAccount("scale");
      apiKey = account.apiKey;
      const shipment = await gw.call("POST", "/api/v1/shipments", { body: { shipment_data: sampleShipment() }, apiKey });
      const party = await gw.call("POST", "/api/v1/parties", {
        body: { name: "Acme GmbH", address: "Hafenstraße 5", city: "Hamburg", country: "DE" },
        apiKey,
      });
      const spare = await gw.call("POST", "/api/v1/api-keys", { body: { name: "spare" }, apiKey });
      ids = {
        shipment: shipment.body.id,
        party: party.body.id ?? crypto.randomUUID(),
        account: account.accountId,
        spareKey: spare.body.id ?? crypto.randomUUID(),
      };
    });
    afterAll(async () => close?.());

    function headersFor(route: RouteDef): Record<string, string> {
      if (route.auth === "service-role") return { authorization: `Bearer ${gw.config.serviceRoleKey}` };
      if (route.auth === "function") return { authorization: `Bearer ${apiKey}`, apikey: gw.config.anonKey };
      if (route.auth === "api-key") return { authorization: `Bearer ${apiKey}` };
      return {};
    }

    it("a valid search query on the schedules answers below 500 (the case a CI run drew: q=,)", async () => {
      for (const q of ["q=,", "q=cotton%20t-shirt", "q=%00"]) {
        const res = await gw.fetch(`/api/v1/hs-codes/search?${q}`, { headers: { authorization: `Bearer ${apiKey}` } });
        expect(res.status, q).toBeLessThan(500);
      }
    });

    it.each(routes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
      "%s: no 5xx, a JSON error on 4xx",
      async (_name, route) => {
        const takesUpload = !route.body && route.method === "post" && /extract/.test(route.path);
        await fc.assert(
          fc.asyncProperty(
            fc.array(segments(ids), { minLength: 3, maxLength: 3 }),
            queries,
            bodies(ids),
            multipart,
            fc.boolean(),
            async (segs, query, body, form, upload) => {
              const path = `${fillPath(route.path, segs)}${query ? `?${query}` : ""}`;
              const init: RequestInit = { method: route.method.toUpperCase(), headers: headersFor(route) };
              if (route.method !== "get") {
                if (takesUpload && upload) init.body = form;
                else {
                  init.body = body;
                  (init.headers as Record<string, string>)["content-type"] = "application/json";
                }
              }
              const res = await gw.fetch(path, init);
              const text = await res.text();
              const where = `${init.method} ${path.slice(0, 200)} body ${String(init.body).slice(0, 200)} → ${res.status} ${text.slice(0, 300)}`;
              expect(res.status, where).toBeLessThan(500);
              if (res.status >= 400 && !route.errorPage) {
                expect(res.headers.get("content-type"), where).toMatch(/json/);
                const answer = JSON.parse(text);
                // The envelope, or the shape the spec gives that status (verify-hash's 404: {verified: false, message}).
                if (answer?.error !== undefined) expect(answer.error.code, where).toMatch(/^SVC_[A-Z]+_\d{3}$/);
                else expect(route.responses[res.status]?.schema?.safeParse(answer).success, where).toBe(true);
              }
            },
          ),
          // Always also a query that names a real parameter with an ordinary bad value (the random ones find it by chance).
          { numRuns: RUNS_PER_ROUTE, examples: [[["1", "1", "1"], "hash=abc&limit=-1&status=x", "{}", new FormData(), false]] },
        );
      },
    );
  });
}
