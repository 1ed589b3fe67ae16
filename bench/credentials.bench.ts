// npm run bench -- credentials: what issuing a document's credential adds to its generation (issue 29), in
// process on PGlite: the first issuance of a process (key import, DID), then warm issuances (build, sign
// ES256, insert with a random status index), the status list credential (131,072 bits, gzip, sign), and
// rendering the same document with and without the credential attached.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { machine, ms, summarise, table } from "./support.ts";
import { openPglite } from "../shared/db/pglite.ts";
import { migrate } from "../shared/db/migrate.ts";
import { loadConfig } from "../shared/runtime/config.ts";
import { createAccount } from "../shared/accounts/account-repository.ts";
import { validateShipment } from "../shared/validation/validate-shipment.ts";
import { insertGenerationJob, toGenerationJob } from "../shared/generation/generation-repository.ts";
import { issueDocumentCredential } from "../shared/credentials/issue-credential.ts";
import { statusListCredentialJwt } from "../shared/credentials/status-list-credential.ts";
import { credentialAttachment } from "../shared/credentials/credential-attachment.ts";
import { attachFile } from "../shared/pdf/attach-file.ts";
import type { PDFDocument } from "pdf-lib";
import { renderDocument } from "../shared/document-types/render-document.ts";
import { SAMPLE_META, sampleShipment } from "../tests/support/sample-shipments.ts";

const RUNS = 50;
const dataDir = mkdtempSync(join(tmpdir(), "tds-bench-vc-"));
const db = await openPglite();
try {
  await migrate(db);
  const config = loadConfig({ dataDir, storage: "local", databaseUrl: undefined, publicBaseUrl: "https://docs.example.com" });
  const services = { db, config };
  const account = await createAccount(db, "bench", "scale");
  const principal = { accountId: account.id, keyId: "bench", tier: "scale" as const };
  const shipment = sampleShipment();
  const { hash } = await validateShipment(services, principal, { shipment, documentTypes: ["COMMERCIAL_INVOICE"] });
  const newJob = async () =>
    toGenerationJob(
      (
        await db.query("select * from generation_jobs where id = $1", [
          (
            await insertGenerationJob(db, {
              accountId: account.id,
              shipmentId: null,
              historyId: null,
              documentType: "COMMERCIAL_INVOICE",
              validationHash: hash,
              input: { shipment, finalDoc: false, generationNumber: 1, shipmentRef: null, generatedAt: new Date().toISOString() },
            })
          ).id,
        ])
      )[0],
    );

  let t = performance.now();
  const first = await issueDocumentCredential(services, await newJob());
  const firstMs = performance.now() - t;
  const issue: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const job = await newJob();
    t = performance.now();
    await issueDocumentCredential(services, job);
    issue.push(performance.now() - t);
  }
  const list: number[] = [];
  for (let i = 0; i < 20; i++) {
    t = performance.now();
    await statusListCredentialJwt(services, 1);
    list.push(performance.now() - t);
  }
  const input = { docType: "COMMERCIAL_INVOICE" as const, shipment, finalDoc: false, ...SAMPLE_META };
  const attachment = credentialAttachment(first, "https://docs.example.com/verify/x");
  const attach = (doc: PDFDocument) => attachFile(doc, attachment);
  const render = async (withCredential: boolean) => {
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) await renderDocument({ ...input, attach: withCredential ? attach : undefined });
    for (let i = 0; i < 30; i++) {
      t = performance.now();
      await renderDocument({ ...input, attach: withCredential ? attach : undefined });
      samples.push(performance.now() - t);
    }
    return summarise(samples);
  };
  const plain = await render(false);
  const attached = await render(true);
  const s = summarise(issue);
  const l = summarise(list);
  console.log(machine());
  console.log(`credential of the sample invoice: ${first.jwt.length} bytes (compact JWS)`);
  console.log(
    table(
      ["step", "p50", "p95", "max"],
      [
        ["first issuance in a process (makes the local key file, imports the key)", ms(firstMs), "", ""],
        [`issuance, warm (n=${s.n})`, ms(s.p50), ms(s.p95), ms(s.max)],
        [`status list credential (n=${l.n})`, ms(l.p50), ms(l.p95), ms(l.max)],
        [`render the invoice (n=${plain.n})`, ms(plain.p50), ms(plain.p95), ms(plain.max)],
        [`render the invoice with the credential attached (n=${attached.n})`, ms(attached.p50), ms(attached.p95), ms(attached.max)],
      ],
    ),
  );
} finally {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
