import { afterAll, describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { json, ROOT, spawnServer, type SpawnedServer } from "../support/spawn-server.ts";
import { sampleShipment } from "../support/sample-shipments.ts";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** A port free now: the DID names host and port, so a restart must come back on the same one. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** `npx tds-verify …` as a user runs it (the package's bin), in the repository. */
// Asynchronous on purpose: a synchronous child blocks this process's event loop, so the server's close of an
// idle keep-alive socket (after 5 s) goes unseen and the next fetch reuses the closed socket ("other side closed").
function tdsVerify(...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["--no-install", "tds-verify", ...args], { cwd: ROOT, timeout: 120_000 });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out }));
  });
}

async function generate(server: SpawnedServer, apiKey: string, types: string[]): Promise<string[]> {
  const r = await json(
    await fetch(`${server.url}/functions/v1/generate-documents`, {
      method: "POST",
      headers: { apikey: server.anonKey, authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ shipment: sampleShipment(), document_types: types, confirm_warnings: true }),
    }),
  );
  expect(r.status).toBe(202);
  const ids = r.body.jobs.map((j: { jobId: string }) => j.jobId) as string[];
  for (const id of ids) {
    for (let i = 0; ; i++) {
      const doc = await json(await fetch(`${server.url}/api/v1/documents/${id}`, { headers: { authorization: `Bearer ${apiKey}` } }));
      if (doc.body.status === "completed") break;
      expect(doc.body.status).not.toBe("failed");
      expect(i).toBeLessThan(600); // a bound on waiting (60 s), not a speed check
      await new Promise((res) => setTimeout(res, 100));
    }
  }
  return ids;
}

const download = async (server: SpawnedServer, apiKey: string, id: string, path: string) => {
  const res = await fetch(`${server.url}/api/v1/documents/${id}/download`, { headers: { authorization: `Bearer ${apiKey}` } });
  expect(res.status).toBe(200);
  await writeFile(path, new Uint8Array(await res.arrayBuffer()));
};

describe("tds-verify and key rotation (real server process)", { timeout: 400_000 }, () => {
  it("verifies a PDF online and a credential offline, fails on one changed byte and after revocation; rotation keeps the old key in did.json", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "tds-vc-"));
    dirs.push(dataDir);
    const port = String(await freePort());
    const env = { TDS_DATA_DIR: dataDir, PORT: port };
    let server = await spawnServer({ runtime: "node", env });
    const apiKey = server.defaultApiKey!;
    let invoicePdf: string;
    let oldKid: string;
    try {
      const [invoice, origin] = await generate(server, apiKey, ["COMMERCIAL_INVOICE", "CERTIFICATE_OF_ORIGIN"]);
      invoicePdf = join(dataDir, "invoice.pdf");
      const originPdf = join(dataDir, "origin.pdf");
      await download(server, apiKey, invoice, invoicePdf);
      await download(server, apiKey, origin, originPdf);

      // Online: the PDF's embedded credential, the DID resolved from did:web:127.0.0.1%3A<port>.
      const online = await tdsVerify(originPdf);
      expect(online.out).toMatch(/PASS {2}integrity/);
      expect(online.out).toMatch(/PASS {2}issuer/);
      expect(online.out).toMatch(/PASS {2}status/);
      expect(online.code, online.out).toBe(0);

      // The PDF/A-2b copy: the credential moved into the XMP metadata, read from there.
      const flat = await json(
        await fetch(`${server.url}/functions/v1/flatten-document`, {
          method: "POST",
          headers: { apikey: server.anonKey, authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({ job_id: origin }),
        }),
      );
      expect(flat.status, JSON.stringify(flat.body)).toBe(200);
      const flatUrl = new URL(flat.body.download_url);
      const flatPdf = join(dataDir, "origin-pdfa.pdf");
      await writeFile(flatPdf, new Uint8Array(await (await fetch(`${server.url}${flatUrl.pathname}${flatUrl.search}`)).arrayBuffer()));
      const flattened = await tdsVerify(flatPdf);
      expect(flattened.out).toContain("(credential in the XMP metadata)");
      expect(flattened.code, flattened.out).toBe(0);

      // Offline: a DID document file; the status needs a copy of the list.
      const didFile = join(dataDir, "did.json");
      const did = await (await fetch(`${server.url}/.well-known/did.json`)).json();
      oldKid = did.verificationMethod[0].id;
      await writeFile(didFile, JSON.stringify(did));
      const jwtFile = join(dataDir, "origin.jwt");
      const jwt = await (
        await fetch(`${server.url}/api/v1/documents/${origin}/credential`, { headers: { authorization: `Bearer ${apiKey}` } })
      ).text();
      await writeFile(jwtFile, jwt);
      const noList = await tdsVerify(jwtFile, "--did", didFile);
      expect(noList.out).toMatch(/SKIP {2}status/);
      expect(noList.code, noList.out).toBe(2);
      const listUrl = JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString()).credentialStatus.statusListCredential as string;
      const listFile = join(dataDir, "list.jwt");
      await writeFile(listFile, await (await fetch(listUrl)).text());
      const offline = await tdsVerify(jwtFile, "--did", didFile, "--status-list", listFile);
      expect(offline.code, offline.out).toBe(0);

      // One byte changed.
      const tampered = join(dataDir, "tampered.jwt");
      const at = jwt.indexOf(".") + 30;
      await writeFile(tampered, jwt.slice(0, at) + (jwt[at] === "A" ? "B" : "A") + jwt.slice(at + 1));
      const bad = await tdsVerify(tampered, "--did", didFile, "--status-list", listFile);
      expect(bad.out).toMatch(/FAIL {2}integrity/);
      expect(bad.code).toBe(1);

      // Revoked: the status check fails, online.
      const revoked = await fetch(`${server.url}/api/v1/documents/${origin}/revoke`, {
        method: "POST",
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(revoked.status).toBe(200);
      const after = await tdsVerify(originPdf);
      expect(after.out).toMatch(/PASS {2}integrity/);
      expect(after.out).toMatch(/FAIL {2}status\s+revoked/);
      expect(after.code).toBe(1);
      expect((await tdsVerify(flatPdf)).out).toMatch(/FAIL {2}status\s+revoked/);
    } catch (e) {
      // What the server said, so that a failure here says whether the server itself failed.
      throw new Error(
        `${e instanceof Error ? e.message : String(e)}\nserver output (last 4,000 characters):\n${server.output().slice(-4000)}`,
        {
          cause: e,
        },
      );
    } finally {
      await server.stop();
    }

    // Rotation: one command; the local key file gains a new signing key, the old one stays public.
    const rotate = spawnSync("npm", ["run", "--silent", "credentials:rotate-key"], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, TDS_DATA_DIR: dataDir, DATABASE_URL: "" },
    });
    expect(rotate.status, rotate.stderr).toBe(0);
    const keys = JSON.parse(await readFile(join(dataDir, "credential-keys.json"), "utf8")).keys;
    expect(keys).toHaveLength(2);
    expect(keys[0].d).toBeTruthy();
    expect(keys[1].d).toBeUndefined();

    server = await spawnServer({ runtime: "node", env });
    try {
      const did = await (await fetch(`${server.url}/.well-known/did.json`)).json();
      expect(did.verificationMethod).toHaveLength(2);
      expect(did.verificationMethod[1].id).toBe(oldKid);
      expect(did.assertionMethod).toEqual(did.verificationMethod.map((m: { id: string }) => m.id));
      // What the old key signed still verifies; what is issued now carries the new key.
      const old = await tdsVerify(invoicePdf);
      expect(old.code, old.out).toBe(0);
      expect(old.out).toContain(oldKid);
      const [fresh] = await generate(server, apiKey, ["PACKING_LIST"]);
      const jwt = await (
        await fetch(`${server.url}/api/v1/documents/${fresh}/credential`, { headers: { authorization: `Bearer ${apiKey}` } })
      ).text();
      expect(JSON.parse(Buffer.from(jwt.split(".")[0], "base64url").toString()).kid).toBe(did.verificationMethod[0].id);
      const freshFile = join(dataDir, "fresh.jwt");
      await writeFile(freshFile, jwt);
      expect((await tdsVerify(freshFile)).code).toBe(0);
    } finally {
      await server.stop();
    }
  });

  it("tds-verify says why on a file without a credential and on bad usage", async () => {
    const dir = await mkdtemp(join(tmpdir(), "tds-vc-usage-"));
    dirs.push(dir);
    const plain = join(dir, "plain.pdf");
    await writeFile(
      plain,
      "%PDF-1.7\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    );
    const none = await tdsVerify(plain);
    expect(none.out).toContain("carries no credential");
    expect(none.code).toBe(1);
    expect((await tdsVerify()).code).toBe(64);
  });
});
