import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";
import { backgroundTasksIdle, startBackgroundTasks, stopBackgroundTasks } from "../../shared/server/background-tasks.ts";
import { sampleShipment, sampleUsmcaShipment } from "../support/sample-shipments.ts";
import { DOCUMENT_TYPES } from "../../shared/document-types/identities.ts";
import { PdfWorkspace } from "../support/pdf-tools.ts";
import { hasSharedData, sharedDataName } from "../support/shared-data.ts";
import { createAjv, DCC_SCHEMA, expandSafely, offlineLoader, VC_SCHEMA, verifyWithPython } from "../support/credential-checks.ts";
import { verifyCredentialJwt, type Resolver } from "../../shared/credentials/verify-credential.ts";
import type { DidDocument } from "../../shared/credentials/did-web.ts";
import { CONFORMITY_TYPES } from "../../shared/credentials/credential-vocabulary.ts";
import { computeValidationHash } from "../../shared/hashing/validation-hash.ts";
import { readStatusBit, LIST_SIZE } from "../../shared/credentials/status-list.ts";
import { CREDENTIAL_XMP_NAMESPACE } from "../../shared/credentials/credential-xmp.ts";
import { checkExtensionSchemas, xmllint, xmpByPdfinfo } from "../support/xmp-checks.ts";

const BASE = "https://docs.example.test";
const EU_TYPES = DOCUMENT_TYPES.filter((t) => t !== "AIR_WAYBILL" && t !== "USMCA_CERTIFICATE_OF_ORIGIN");

const decodePart = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));

/** One byte of the JWS changed: a character of the payload replaced by another base64url character. */
function tamper(jwt: string): string {
  const at = jwt.indexOf(".") + 40;
  return jwt.slice(0, at) + (jwt[at] === "A" ? "B" : "A") + jwt.slice(at + 1);
}

for (const backend of testBackends()) {
  describe.runIf(hasSharedData)(sharedDataName(`verifiable credentials of documents on ${backend.name}`), () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;
    let key: string;
    let resolver: Resolver;
    const pdfs = new PdfWorkspace();

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      gw = await createTestGateway(db, { publicBaseUrl: BASE });
      key = (await gw.createAccount("growth")).apiKey;
      startBackgroundTasks(gw.services);
      // The service's own addresses answered by the in-process gateway: no network.
      const get = async (url: string) => {
        expect(url.startsWith(`${BASE}/`), url).toBe(true);
        const res = await gw.fetch(url.slice(BASE.length));
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        return res;
      };
      resolver = {
        didDocument: async (did) => {
          expect(did).toBe("did:web:docs.example.test");
          return (await (await get(`${BASE}/.well-known/did.json`)).json()) as DidDocument;
        },
        statusList: async (url) => (await get(url)).text(),
      };
    });
    afterAll(async () => {
      await stopBackgroundTasks();
      pdfs.cleanup();
      await close?.();
    });

    const generate = (body: unknown) => gw.call("POST", "/functions/v1/generate-documents", { body, apiKey: key, anon: true });
    async function credentialOf(jobId: string): Promise<string> {
      const res = await gw.fetch(`/api/v1/documents/${jobId}/credential`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/vc+jwt");
      return res.text();
    }
    async function didKey(): Promise<object> {
      const doc = (await gw.call("GET", "/.well-known/did.json")).body as DidDocument;
      return doc.verificationMethod[0].publicKeyJwk;
    }

    let shipmentId: string;
    const issued = new Map<string, { jobId: string; jwt: string; downloadUrl: string }>();

    it("issues one credential per generated document: VC 2.0 as vc+jwt, checked by PyJWT, jwcrypto, ajv and jsonld (safe mode, offline)", async () => {
      const s = sampleShipment();
      const ship = await gw.call("POST", "/api/v1/shipments", { body: { shipment_data: s, shipment_ref: "SHP-VC-1" }, apiKey: key });
      shipmentId = ship.body.id;
      const r = await generate({ shipment: s, document_types: EU_TYPES, shipment_id: shipmentId, confirm_warnings: true });
      expect(r.status).toBe(202);
      const us = await generate({
        shipment: sampleUsmcaShipment(),
        document_types: ["USMCA_CERTIFICATE_OF_ORIGIN"],
        confirm_warnings: true,
      });
      expect(us.status).toBe(202);
      await backgroundTasksIdle();
      const jobs = [...r.body.jobs, ...us.body.jobs] as { jobId: string; docType: string }[];

      const did = (await gw.call("GET", "/.well-known/did.json")).body as DidDocument;
      expect(did).toMatchObject({ id: "did:web:docs.example.test" });
      expect(did.verificationMethod).toHaveLength(1);
      expect(did.verificationMethod[0]).toMatchObject({
        type: "JsonWebKey",
        controller: did.id,
        publicKeyJwk: { kty: "EC", crv: "P-256" },
      });
      expect(did.verificationMethod[0].publicKeyJwk).not.toHaveProperty("d");
      expect(did.assertionMethod).toEqual([did.verificationMethod[0].id]);

      const ownContextUrl = `${BASE}/credentials/contexts/trade-documents/v1`;
      const ownContext = (await gw.call("GET", "/credentials/contexts/trade-documents/v1")).body;
      expect(JSON.stringify(ownContext)).not.toContain("@vocab");
      const ownSchema = (await gw.call("GET", "/credentials/schemas/trade-documents/v1")).body;
      const loader = offlineLoader({ [ownContextUrl]: ownContext });
      const ajv = createAjv();
      const vcSchema = ajv.compile(VC_SCHEMA());
      const dccSchema = ajv.compile(DCC_SCHEMA());
      const tradeSchema = ajv.compile(ownSchema);

      const publicJwk = did.verificationMethod[0].publicKeyJwk;
      for (const job of jobs) {
        const jwt = await credentialOf(job.jobId);
        const doc = (await gw.call("GET", `/api/v1/documents/${job.jobId}`, { apiKey: key })).body;
        issued.set(job.docType, { jobId: job.jobId, jwt, downloadUrl: doc.download_url });
        const header = decodePart(jwt.split(".")[0]);
        expect(header).toEqual({ alg: "ES256", kid: did.verificationMethod[0].id, typ: "vc+jwt", cty: "vc" });

        // Others' implementations of JWS.
        const python = verifyWithPython(jwt, publicJwk);
        expect(python.pyjwt.ok, `${job.docType}: ${python.pyjwt.error}`).toBe(true);
        expect(python.jwcrypto.ok, `${job.docType}: ${python.jwcrypto.error}`).toBe(true);
        const vc = python.pyjwt.payload as Record<string, any>;

        // The subject is the validated data the document prints; the hash is the PDF's, and recomputable.
        expect(vc.credentialSubject.documentType).toBe(job.docType);
        expect(vc.credentialSubject.validationHash).toBe(doc.hash);
        const v = vc.credentialSubject.validation;
        expect(
          await computeValidationHash({
            shipment: vc.credentialSubject.shipment,
            documentTypes: v.validatedDocumentTypes,
            gate: v.gate,
            ruleLibraryVersion: v.ruleLibraryVersion,
            checksNotRun: (v.checksNotRun ?? []).map((c: { table: string; ruleIds: string[] }) => ({
              table: c.table,
              rule_ids: c.ruleIds,
            })),
          }),
        ).toBe(doc.hash);
        expect(vc.issuer.id).toBe("did:web:docs.example.test");
        expect(vc.credentialStatus).toMatchObject({ type: "BitstringStatusListEntry", statusPurpose: "revocation" });
        expect(Number(vc.credentialStatus.statusListIndex)).toBeLessThan(LIST_SIZE);

        expect(vcSchema(vc), `${job.docType}: ${JSON.stringify(vcSchema.errors)}`).toBe(true);
        if (CONFORMITY_TYPES.has(job.docType as never)) {
          expect(dccSchema(vc), `${job.docType}: ${JSON.stringify(dccSchema.errors)}`).toBe(true);
          expect(vc.type).toEqual(["DigitalConformityCredential", "VerifiableCredential"]);
          expect(vc.credentialSubject).toMatchObject({ assessorLevel: "Self", attestationType: "declaration" });
        } else {
          expect(tradeSchema(vc), `${job.docType}: ${JSON.stringify(tradeSchema.errors)}`).toBe(true);
          expect(vc.type).toContain("TradeDocumentCredential");
        }
        const expanded = await expandSafely(vc, loader);
        expect(expanded).toHaveLength(1);

        // The public address of the credential is its id.
        const pub = await gw.fetch(new URL(vc.id).pathname);
        expect(pub.headers.get("content-type")).toBe("application/vc+jwt");
        expect(await pub.text()).toBe(jwt);

        // Ours: all three checks pass.
        const ours = await verifyCredentialJwt(jwt, resolver);
        expect(ours.checks.map((c) => [c.check, c.passed])).toEqual([
          ["integrity", true],
          ["issuer", true],
          ["status", true],
        ]);
      }
      expect(issued.get("COMMERCIAL_INVOICE")!.jwt.split(".")[1]).toBeTruthy();
      const invoice = decodePart(issued.get("COMMERCIAL_INVOICE")!.jwt.split(".")[1]);
      expect(invoice.type).toEqual(["VerifiableCredential", "TradeDocumentCredential", "CommercialInvoiceCredential"]);
    });

    it("embeds the credential in the PDF as an associated file (credential.jwt, AFRelationship Data)", async () => {
      const { jwt, downloadUrl } = issued.get("BILL_OF_LADING")!;
      const u = new URL(downloadUrl);
      const bytes = new Uint8Array(await (await gw.fetch(u.pathname + u.search)).arrayBuffer());
      const file = pdfs.write(bytes, "bl");
      const shown = spawnSync("qpdf", [`--show-attachment=credential.jwt`, file], { encoding: "utf8" });
      expect(shown.status, shown.stderr).toBe(0);
      expect(shown.stdout).toBe(jwt);
      const listed = spawnSync("qpdf", ["--list-attachments", "--verbose", file], { encoding: "utf8" }).stdout;
      expect(listed).toContain("mime type: application/vc+jwt");
      // The file specification is an associated file of the document (catalog /AF) with its relationship.
      const objects = JSON.stringify(JSON.parse(spawnSync("qpdf", ["--json", "--json-key=qpdf", file], { encoding: "utf8" }).stdout));
      expect(objects).toContain('"/AFRelationship":"/Data"');
      expect(objects).toMatch(/"\/AF":\["\d+ 0 R"\]/);
    });

    const flatten = async (body: Record<string, unknown>, name: string) => {
      const r = await gw.call("POST", "/functions/v1/flatten-document", { body, apiKey: key, anon: true });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const u = new URL(r.body.download_url);
      return pdfs.write(new Uint8Array(await (await gw.fetch(u.pathname + u.search)).arrayBuffer()), name);
    };

    it("flatten-document makes a PDF/A-2b copy with the credential in its XMP metadata (pdfinfo, xmllint, python, PyJWT, jwcrypto)", async () => {
      const { jobId, jwt } = issued.get("BILL_OF_LADING")!;
      const file = await flatten({ job_id: jobId }, "bl-pdfa2b");
      const check = spawnSync("qpdf", ["--check", file], { encoding: "utf8" });
      expect(check.status, check.stdout + check.stderr).toBe(0);
      expect(check.stdout + check.stderr).not.toMatch(/warning/i);
      const xmp = xmpByPdfinfo(file);
      expect(xmllint(xmp)).toEqual({ status: 0, stderr: "" });
      expect(xmp).toContain("<pdfaid:part>2</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>");
      const described = checkExtensionSchemas(xmp);
      expect(described.problems).toEqual([]);
      const fromXmp = described.values[`${CREDENTIAL_XMP_NAMESPACE}credential`];
      expect(fromXmp).toBe(jwt);
      const python = verifyWithPython(fromXmp, await didKey());
      expect(python.pyjwt.ok, python.pyjwt.error).toBe(true);
      expect(python.jwcrypto.ok, python.jwcrypto.error).toBe(true);
      // PDF/A-2 allows no embedded JWT file (6.8): none is left.
      expect(spawnSync("qpdf", ["--list-attachments", file], { encoding: "utf8" }).stdout).toMatch(/has no embedded files/);
    });

    it('flatten-document with conformance "3b": PDF/A-3b, the credential kept as the embedded file; other values refused', async () => {
      const { jobId, jwt } = issued.get("BILL_OF_LADING")!;
      const file = await flatten({ job_id: jobId, conformance: "3b" }, "bl-pdfa3b");
      expect(spawnSync("qpdf", ["--show-attachment=credential.jwt", file], { encoding: "utf8" }).stdout).toBe(jwt);
      const qdf = spawnSync("qpdf", ["--qdf", "--object-streams=disable", file, "-"], { encoding: "latin1", maxBuffer: 64 << 20 }).stdout;
      expect(qdf).toContain("<pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>");
      expect(qdf).toContain("/AFRelationship /Data");
      expect(checkExtensionSchemas(xmpByPdfinfo(file)).declared).not.toContain(CREDENTIAL_XMP_NAMESPACE);
      const bad = await gw.call("POST", "/functions/v1/flatten-document", {
        body: { job_id: jobId, conformance: "1a" },
        apiKey: key,
        anon: true,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.field).toBe("conformance");
    });

    it("one byte changed: PyJWT, jwcrypto and our integrity check all fail", async () => {
      const { jwt } = issued.get("CERTIFICATE_OF_ORIGIN")!;
      const bad = tamper(jwt);
      expect(bad).not.toBe(jwt);
      const python = verifyWithPython(bad, await didKey());
      expect(python.pyjwt.ok).toBe(false);
      expect(python.jwcrypto.ok).toBe(false);
      const ours = await verifyCredentialJwt(bad, resolver);
      expect(ours.checks.find((c) => c.check === "integrity")?.passed).toBe(false);
      expect(ours.verified).toBe(false);
      // A key other than the issuer's: the issuer check fails too.
      const otherKid = jwt.replace(
        jwt.split(".")[0],
        Buffer.from(JSON.stringify({ ...decodePart(jwt.split(".")[0]), kid: "did:web:docs.example.test#other" })).toString("base64url"),
      );
      const other = await verifyCredentialJwt(otherKid, resolver);
      expect(other.checks.find((c) => c.check === "issuer")?.passed).toBe(false);
      expect(other.checks.find((c) => c.check === "integrity")?.passed).toBe(false);
    });

    it("revoke by API: the status list bit is set and the status check fails; other documents stay valid", async () => {
      const { jobId, jwt } = issued.get("PACKING_LIST")!;
      const r = await gw.call("POST", `/api/v1/documents/${jobId}/revoke`, { apiKey: key });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ job_id: jobId, revoked: true, revocation_reason: "revoked" });
      const again = await gw.call("POST", `/api/v1/documents/${jobId}/revoke`, { apiKey: key });
      expect(again.body.revoked_at).toBe(r.body.revoked_at);

      const ours = await verifyCredentialJwt(jwt, resolver);
      expect(ours.checks.map((c) => [c.check, c.passed])).toEqual([
        ["integrity", true],
        ["issuer", true],
        ["status", false],
      ]);
      // The list itself, read with PyJWT and decoded here: the bit is set.
      const list = await gw.fetch(new URL(r.body.status_list_credential).pathname);
      expect(list.headers.get("content-type")).toBe("application/vc+jwt");
      const listJwt = await list.text();
      const py = verifyWithPython(listJwt, await didKey());
      expect(py.pyjwt.ok).toBe(true);
      const listVc = py.pyjwt.payload as Record<string, any>;
      expect(listVc.type).toEqual(["VerifiableCredential", "BitstringStatusListCredential"]);
      expect(new Date(listVc.validUntil).getTime()).toBeGreaterThan(Date.now());
      expect(readStatusBit(listVc.credentialSubject.encodedList, r.body.status_list_index)).toBe(true);
      const vcSchema = createAjv().compile(VC_SCHEMA());
      expect(vcSchema(listVc), JSON.stringify(vcSchema.errors)).toBe(true);
      await expandSafely(listVc, offlineLoader({}));

      const invoice = await verifyCredentialJwt(issued.get("COMMERCIAL_INVOICE")!.jwt, resolver);
      expect(invoice.verified).toBe(true);
    });

    it("regeneration revokes the superseded credential and names it in the new one", async () => {
      const r = await gw.call("POST", `/api/v1/shipments/${shipmentId}/generate`, {
        body: { document_types: ["COMMERCIAL_INVOICE"], confirm_warnings: true },
        apiKey: key,
      });
      expect(r.status).toBe(202);
      await backgroundTasksIdle();
      const jwt = await credentialOf(r.body.jobs[0].jobId);
      const vc = decodePart(jwt.split(".")[1]);
      const old = decodePart(issued.get("COMMERCIAL_INVOICE")!.jwt.split(".")[1]);
      expect(vc.credentialSubject.supersedes).toBe(old.id);
      expect(vc.credentialSubject.generationNumber).toBe(2);
      expect((await verifyCredentialJwt(jwt, resolver)).verified).toBe(true);
      const before = await verifyCredentialJwt(issued.get("COMMERCIAL_INVOICE")!.jwt, resolver);
      expect(before.checks.find((c) => c.check === "status")).toMatchObject({ passed: false });
      const rows = await db.query<{ revocation_reason: string }>("select revocation_reason from document_credentials where id = $1", [
        new URL(old.id).pathname.split("/").pop(),
      ]);
      expect(rows[0].revocation_reason).toBe("superseded");
    });

    it("answers unknown credentials, lists and documents with clear errors, and keeps accounts apart", async () => {
      expect((await gw.call("GET", "/credentials/00000000-0000-4000-8000-000000000000")).body.error.code).toBe("SVC_VC_001");
      expect((await gw.call("GET", "/credentials/not-a-uuid")).status).toBe(404);
      expect((await gw.call("GET", "/credentials/status/999")).status).toBe(404);
      expect((await gw.call("GET", "/credentials/status/abc")).status).toBe(404);
      expect((await gw.call("GET", "/credentials/contexts/trade-documents/v9")).status).toBe(404);
      const other = (await gw.createAccount("free", "Other")).apiKey;
      const { jobId } = issued.get("BILL_OF_LADING")!;
      const foreign = await gw.call("POST", `/api/v1/documents/${jobId}/revoke`, { apiKey: other });
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.code).toBe("SVC_DOC_001");
      expect((await gw.call("GET", `/api/v1/documents/${jobId}/credential`, { apiKey: other })).status).toBe(404);
      expect((await verifyCredentialJwt(issued.get("BILL_OF_LADING")!.jwt, resolver)).verified).toBe(true);
    });
  });
}
