import { afterAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { json, spawnServer } from "../support/spawn-server.ts";
import { longShipment } from "../support/sample-shipments.ts";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe("generation jobs survive a crash of the server", () => {
  it("a server killed mid-generation finishes the jobs after it starts again", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "tds-restart-"));
    dirs.push(dataDir);
    const first = await spawnServer({ runtime: "node", env: { TDS_DATA_DIR: dataDir } });
    const headers = { apikey: first.anonKey, authorization: `Bearer ${first.defaultApiKey}`, "content-type": "application/json" };
    const r = await json(
      await fetch(`${first.url}/functions/v1/generate-documents`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          shipment: longShipment(600),
          document_types: ["PACKING_LIST", "COMMERCIAL_INVOICE", "CERTIFICATE_OF_ORIGIN"],
          confirm_warnings: true,
        }),
      }),
    );
    expect(r.status).toBe(202);
    const jobIds: string[] = r.body.jobs.map((j: { jobId: string }) => j.jobId);
    // A crash, not a clean stop: no chance to finish or release anything.
    await first.kill();
    const before = await Promise.resolve(first.output());
    expect(before).not.toContain("Stopped.");

    const second = await spawnServer({ runtime: "node", env: { TDS_DATA_DIR: dataDir } });
    try {
      const deadline = Date.now() + 60_000;
      let jobs: { status: string }[] = [];
      while (Date.now() < deadline) {
        jobs = await Promise.all(
          jobIds.map(
            async (id) =>
              (await json(await fetch(`${second.url}/api/v1/documents/${id}`, { headers: { authorization: headers.authorization } }))).body,
          ),
        );
        if (jobs.every((j) => j.status === "completed" || j.status === "failed")) break;
        await new Promise((res) => setTimeout(res, 250));
      }
      // On a failure, say why each job ended as it did, and what the servers printed.
      const why = () => JSON.stringify({ jobs, first: before.slice(-2000), second: String(second.output()).slice(-2000) }, null, 1);
      expect(
        jobs.map((j) => j.status),
        why(),
      ).toEqual(["completed", "completed", "completed"]);
      const doc = await json(
        await fetch(`${second.url}/api/v1/documents/${jobIds[0]}`, { headers: { authorization: headers.authorization } }),
      );
      const pdf = await fetch(doc.body.download_url);
      expect(pdf.status).toBe(200);
      expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5) as ArrayBuffer)).toBe("%PDF-");
    } finally {
      await second.stop();
    }
  });
});
