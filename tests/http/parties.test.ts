import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";

function acme(overrides: Record<string, unknown> = {}) {
  return {
    name: "Acme Exports Inc.",
    address: "1 Harbor Way",
    city: "Oakland",
    state: "CA",
    postal_code: "94607",
    country: "US",
    tax_ids: { ein: "12-3456789" },
    contact_email: "export@acme.example",
    contact_phone: "+1 510 555-0100",
    ...overrides,
  };
}

for (const backend of testBackends()) {
  describe(`parties on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;
    let key: string;
    let other: string;

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      gw = await createTestGateway(db);
      key = (await gw.createAccount("growth")).apiKey;
      other = (await gw.createAccount("growth", "Other account")).apiKey;
    });
    afterAll(async () => close?.());

    const call = (method: string, path: string, body?: unknown, apiKey = key) => gw.call(method, path, { body, apiKey });

    it("creates a party: 201 with id, name, country and created_at only; the get answers the whole profile", async () => {
      const r = await call("POST", "/api/v1/parties", acme());
      expect(r.status).toBe(201);
      expect(Object.keys(r.body).sort()).toEqual(["country", "created_at", "id", "name"]);
      expect(r.body.id).toMatch(/^party_[0-9a-f]{32}$/);
      expect(r.body).toMatchObject({ name: "Acme Exports Inc.", country: "US" });
      expect(r.headers.get("location")).toBe(`/api/v1/parties/${r.body.id}`);
      const got = await call("GET", `/api/v1/parties/${r.body.id}`);
      expect(got.status).toBe(200);
      expect(got.body).toEqual({
        ...acme(),
        id: r.body.id,
        created_at: r.body.created_at,
        updated_at: r.body.created_at,
      });
    });

    it("needs only name and country; unset fields read null, tax_ids {}; values are trimmed and normalised", async () => {
      const r = await call("POST", "/api/v1/parties", {
        name: "  Müller GmbH ",
        country: "de",
        city: "",
        tax_ids: { eori: "de 123 456 789", vat: " DE123456789 " },
      });
      expect(r.status).toBe(201);
      const got = (await call("GET", `/api/v1/parties/${r.body.id}`)).body;
      expect(got).toMatchObject({
        name: "Müller GmbH",
        country: "DE",
        city: null,
        address: null,
        contact_email: null,
        tax_ids: { eori: "DE123456789", vat: "DE123456789" },
      });
      const ein = await call("POST", "/api/v1/parties", { name: "Nine Digits LLC", country: "US", tax_ids: { ein: "987654321" } });
      expect((await call("GET", `/api/v1/parties/${ein.body.id}`)).body.tax_ids).toEqual({ ein: "98-7654321" });
    });

    it("refuses a missing name or country, unknown fields and wrong types with SVC_REQ_002 naming the field", async () => {
      const noName = await call("POST", "/api/v1/parties", { country: "US" });
      expect(noName.status).toBe(400);
      expect(noName.body.error).toMatchObject({ code: "SVC_REQ_002", field: "name" });
      const noCountry = await call("POST", "/api/v1/parties", { name: "X" });
      expect(noCountry.body.error).toMatchObject({ code: "SVC_REQ_002", field: "country" });
      const typo = await call("POST", "/api/v1/parties", { name: "X", country: "US", postcode: "1" });
      expect(typo.status).toBe(400);
      expect(typo.body.error.message).toMatch(/postcode/);
      const email = await call("POST", "/api/v1/parties", { name: "X", country: "US", contact_email: "not an email" });
      expect(email.body.error).toMatchObject({ code: "SVC_REQ_002", field: "contact_email" });
      const phone = await call("POST", "/api/v1/parties", { name: "X", country: "US", contact_phone: "call me" });
      expect(phone.body.error).toMatchObject({ code: "SVC_REQ_002", field: "contact_phone" });
      expect((await call("POST", "/api/v1/parties", "[1,2]")).body.error.code).toBe("SVC_REQ_002");
      // PostgreSQL cannot store NUL characters: a clear 400, not a database error.
      expect((await call("POST", "/api/v1/parties", { name: "a\u0000b", country: "US" })).body.error).toMatchObject({
        code: "SVC_REQ_002",
        field: "name",
      });
      expect((await call("POST", "/api/v1/parties", { name: "X", country: "US", city: "\u0000" })).body.error).toMatchObject({
        code: "SVC_REQ_002",
        field: "city",
      });
      expect((await call("POST", "/api/v1/parties", { name: "X", country: "US", tax_ids: { vat: "1\u0000" } })).body.error).toMatchObject({
        code: "SVC_REQ_002",
        field: "tax_ids.vat",
      });
      // A NUL in the query is refused before any route (one rule for every query string, issue 39).
      const nul = await call("GET", "/api/v1/parties?search=a%00b");
      expect(nul.status).toBe(400);
      expect(nul.body.error.code).toBe("SVC_REQ_002");
      expect((await call("POST", "/api/v1/parties", "{bad json")).body.error.code).toBe("SVC_REQ_001");
    });

    it("checks the country: SVC_PARTY_003 with a hint for UK", async () => {
      for (const country of ["UK", "XX", "Germany", "D", ""]) {
        const r = await call("POST", "/api/v1/parties", { name: "X", country });
        expect(r.status, country).toBe(400);
        expect(r.body.error, country).toMatchObject({ code: "SVC_PARTY_003", field: "country" });
      }
      const uk = await call("POST", "/api/v1/parties", { name: "X", country: "UK" });
      expect(uk.body.error.message).toMatch(/use "GB"/);
    });

    it("checks EIN, EORI, IEC, GSTIN and PAN formats with SVC_PARTY_002, the field and the expected format", async () => {
      const bad: Array<[string, string, RegExp]> = [
        ["ein", "12-345678", /XX-XXXXXXX/],
        ["ein", "AB-1234567", /EIN/],
        ["eori", "DE12AB", /EORI/],
        ["eori", "GB1234567890", /GB followed by 9 or 12 digits/],
        ["eori", "ZZ123456", /"ZZ" is not a country code/],
        ["iec", "ABC123", /10 upper-case letters and digits/],
        ["gstin", "27AAPFU0939F1Z", /15 characters/],
        ["gstin", "27AAPFU0939F1ZW", /check character should be "V"/],
        ["pan", "AAPF0939F", /5 letters, 4 digits, 1 letter/],
      ];
      for (const [kind, value, message] of bad) {
        const r = await call("POST", "/api/v1/parties", { name: "X", country: "IN", tax_ids: { [kind]: value } });
        expect(r.status, `${kind} ${value}`).toBe(400);
        expect(r.body.error, `${kind} ${value}`).toMatchObject({ code: "SVC_PARTY_002", field: `tax_ids.${kind}` });
        expect(r.body.error.message, `${kind} ${value}`).toMatch(message);
      }
      const good = await call("POST", "/api/v1/parties", {
        name: "Tata Example Pvt Ltd",
        country: "IN",
        tax_ids: { iec: "aapfu0939f", gstin: "27AAPFU0939F1ZV", pan: "AAPFU0939F", eori: "XI123456789000" },
      });
      expect(good.status).toBe(201);
      const mismatch = await call("POST", "/api/v1/parties", {
        name: "X",
        country: "IN",
        tax_ids: { gstin: "27AAPFU0939F1ZV", pan: "ABCDE1234F" },
      });
      expect(mismatch.body.error).toMatchObject({ code: "SVC_PARTY_002", field: "tax_ids.gstin" });
      expect(mismatch.body.error.message).toMatch(/contains the PAN "AAPFU0939F"/);
      const badKey = await call("POST", "/api/v1/parties", { name: "X", country: "IN", tax_ids: { "VAT number": "1" } });
      expect(badKey.body.error.code).toBe("SVC_REQ_002");
      const notString = await call("POST", "/api/v1/parties", { name: "X", country: "IN", tax_ids: { ein: 123456789 } });
      expect(notString.body.error).toMatchObject({ code: "SVC_REQ_002", field: "tax_ids.ein" });
    });

    it("lists with search ignoring case and accents, matching parts of words, and country", async () => {
      const fresh = (await gw.createAccount("growth", "Search account")).apiKey;
      for (const [name, country] of [
        ["Łódź Textiles Sp. z o.o.", "PL"],
        ["Müller GmbH", "DE"],
        ["MUELLER Logistics", "DE"],
        ["Société Générale d'Export", "FR"],
        ["Acme Exports Inc.", "US"],
        ["Zeta Trading", "US"],
      ]) {
        expect((await call("POST", "/api/v1/parties", { name, country }, fresh)).status).toBe(201);
      }
      const names = async (query: string) => {
        const r = await call("GET", `/api/v1/parties${query}`, undefined, fresh);
        expect(r.status, query).toBe(200);
        return r.body.parties.map((p: { name: string }) => p.name);
      };
      expect(await names("")).toEqual([
        "Acme Exports Inc.",
        "Łódź Textiles Sp. z o.o.",
        "MUELLER Logistics",
        "Müller GmbH",
        "Société Générale d'Export",
        "Zeta Trading",
      ]);
      expect(await names("?search=lodz")).toEqual(["Łódź Textiles Sp. z o.o."]);
      expect(await names("?search=%C5%81%C3%93D%C5%B9%20TEXT")).toEqual(["Łódź Textiles Sp. z o.o."]);
      expect(await names("?search=mull")).toEqual(["Müller GmbH"]);
      expect(await names("?search=societe%20export")).toEqual(["Société Générale d'Export"]);
      expect(await names("?search=EXPORT")).toEqual(["Acme Exports Inc.", "Société Générale d'Export"]);
      expect(await names("?search=trading&country=us")).toEqual(["Zeta Trading"]);
      expect(await names("?country=DE")).toEqual(["MUELLER Logistics", "Müller GmbH"]);
      expect(await names("?search=%25")).toEqual([
        "Acme Exports Inc.",
        "Łódź Textiles Sp. z o.o.",
        "MUELLER Logistics",
        "Müller GmbH",
        "Société Générale d'Export",
        "Zeta Trading",
      ]);
      expect(await names("?search=nothing")).toEqual([]);
    });

    it("paginates with page, limit and total; bad query parameters are 400s", async () => {
      const fresh = (await gw.createAccount("growth", "Paging account")).apiKey;
      for (let i = 0; i < 5; i++) await call("POST", "/api/v1/parties", { name: `Party ${i}`, country: "NL" }, fresh);
      const page2 = await call("GET", "/api/v1/parties?limit=2&page=2", undefined, fresh);
      expect(page2.body.pagination).toEqual({ page: 2, limit: 2, total: 5, total_pages: 3 });
      expect(page2.body.parties.map((p: { name: string }) => p.name)).toEqual(["Party 2", "Party 3"]);
      const beyond = await call("GET", "/api/v1/parties?limit=2&page=9", undefined, fresh);
      expect(beyond.body).toEqual({ parties: [], pagination: { page: 9, limit: 2, total: 5, total_pages: 3 } });
      for (const q of ["limit=0", "limit=101", "page=0", "country=XX", "country=", "sort=name"]) {
        const r = await call("GET", `/api/v1/parties?${q}`, undefined, fresh);
        expect(r.status, q).toBe(400);
        expect(r.body.error.code, q).toBe("SVC_REQ_002");
      }
    });

    it("patches as a JSON merge patch: fields replaced, null clears, tax_ids merged and checked whole", async () => {
      const id = (await call("POST", "/api/v1/parties", acme({ tax_ids: { ein: "12-3456789", vat: "X1" } }))).body.id;
      const before = (await call("GET", `/api/v1/parties/${id}`)).body;
      const r = await call("PATCH", `/api/v1/parties/${id}`, {
        city: "San Francisco",
        state: null,
        tax_ids: { vat: null, eori: "gb123456789000" },
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        city: "San Francisco",
        state: null,
        address: "1 Harbor Way",
        tax_ids: { ein: "12-3456789", eori: "GB123456789000" },
      });
      expect(Object.keys(r.body.tax_ids).sort()).toEqual(["ein", "eori"]);
      expect(Date.parse(r.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
      expect(r.body.created_at).toBe(before.created_at);
      expect((await call("GET", `/api/v1/parties/${id}`)).body).toEqual(r.body);

      const renamed = await call("PATCH", `/api/v1/parties/${id}`, { name: "Acmé Holdings", country: "ca" });
      expect(renamed.body).toMatchObject({ name: "Acmé Holdings", country: "CA" });
      const found = await call("GET", "/api/v1/parties?search=acme%20hold");
      expect(found.body.parties.map((p: { id: string }) => p.id)).toContain(id);

      const unchanged = await call("PATCH", `/api/v1/parties/${id}`, {});
      expect(unchanged.body).toEqual(renamed.body);
      const cleared = await call("PATCH", `/api/v1/parties/${id}`, { tax_ids: null });
      expect(cleared.body.tax_ids).toEqual({});

      expect((await call("PATCH", `/api/v1/parties/${id}`, { name: null })).body.error).toMatchObject({
        code: "SVC_REQ_002",
        field: "name",
      });
      expect((await call("PATCH", `/api/v1/parties/${id}`, { country: "UK" })).body.error).toMatchObject({
        code: "SVC_PARTY_003",
        field: "country",
      });
      expect((await call("PATCH", `/api/v1/parties/${id}`, { tax_ids: { pan: "123" } })).body.error).toMatchObject({
        code: "SVC_PARTY_002",
        field: "tax_ids.pan",
      });
      expect((await call("PATCH", `/api/v1/parties/${id}`, { nme: "typo" })).status).toBe(400);
      expect((await call("GET", `/api/v1/parties/${id}`)).body.name).toBe("Acmé Holdings");

      // A PAN added later must agree with the GSTIN already stored.
      const indian = (await call("POST", "/api/v1/parties", { name: "Indian Co", country: "IN", tax_ids: { gstin: "27AAPFU0939F1ZV" } }))
        .body.id;
      const clash = await call("PATCH", `/api/v1/parties/${indian}`, { tax_ids: { pan: "ABCDE1234F" } });
      expect(clash.body.error).toMatchObject({ code: "SVC_PARTY_002", field: "tax_ids.gstin" });
      expect((await call("PATCH", `/api/v1/parties/${indian}`, { tax_ids: { pan: "aapfu0939f" } })).body.tax_ids).toEqual({
        gstin: "27AAPFU0939F1ZV",
        pan: "AAPFU0939F",
      });
    });

    it("deletes: 204, then 404 for get, patch and delete", async () => {
      const id = (await call("POST", "/api/v1/parties", acme())).body.id;
      const del = await gw.fetch(`/api/v1/parties/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${key}` } });
      expect(del.status).toBe(204);
      expect(await del.text()).toBe("");
      for (const [method, body] of [
        ["GET", undefined],
        ["PATCH", { city: "X" }],
        ["DELETE", undefined],
      ] as const) {
        const r = await call(method, `/api/v1/parties/${id}`, body);
        expect(r.status, method).toBe(404);
        expect(r.body.error, method).toMatchObject({ code: "SVC_PARTY_001", party_id: id });
      }
    });

    it("is scoped to the account: another account's party is not found and not listed", async () => {
      const id = (await call("POST", "/api/v1/parties", acme({ name: "Private Partner" }))).body.id;
      for (const [method, body] of [
        ["GET", undefined],
        ["PATCH", { city: "X" }],
        ["DELETE", undefined],
      ] as const) {
        expect((await call(method, `/api/v1/parties/${id}`, body, other)).body.error.code, method).toBe("SVC_PARTY_001");
      }
      expect((await call("GET", "/api/v1/parties?search=private", undefined, other)).body.parties).toEqual([]);
      expect((await call("GET", `/api/v1/parties/${id}`)).body.city).toBe("Oakland");
      const [row] = await db.query<{ n: number }>("select count(*)::int as n from parties where id = $1", [id]);
      expect(row.n).toBe(1);
    });

    it("treats malformed ids as not found, and needs an API key", async () => {
      for (const id of [
        "nope",
        "party_123",
        "party_ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ",
        "00000000-0000-0000-0000-000000000000",
        "party_%27%3B--",
      ]) {
        expect((await call("GET", `/api/v1/parties/${id}`)).status, id).toBe(404);
      }
      expect((await gw.call("GET", "/api/v1/parties")).status).toBe(401);
      expect((await gw.call("POST", "/api/v1/parties", { body: acme() })).body.error.code).toBe("SVC_AUTH_001");
    });

    it("appears in the OpenAPI document", async () => {
      const doc = (await gw.call("GET", "/api/v1/openapi.json")).body;
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/v1/parties", "/api/v1/parties/{id}"]));
      expect(Object.keys(doc.paths["/api/v1/parties/{id}"]).sort()).toEqual(["delete", "get", "patch"]);
    });
  });
}
