import type { Services } from "../runtime/services.ts";
import type { BackgroundTask } from "../jobs/background-registry.ts";
import { startWorker, type QueueKind, type QueuedRow } from "../jobs/worker.ts";
import { jobTableSpec } from "../jobs/job-queue.ts";
import { renderDocument } from "../document-types/render-document.ts";
import { lookupAirports } from "../reference/airports.ts";
import { withEmbeddedEInvoice } from "./embed-einvoice.ts";
import type { DocumentType } from "../document-types/identities.ts";
import { enqueueEvent } from "../events/outbox.ts";
import { toGenerationJob } from "./generation-repository.ts";
import { sweepDocumentFiles } from "./document-retention.ts";
import { downloadUrlFor, verificationUrl } from "./document-links.ts";
import { issueDocumentCredential } from "../credentials/issue-credential.ts";
import { credentialAttachment } from "../credentials/credential-attachment.ts";
import { attachFile } from "../pdf/attach-file.ts";

// The retention sweep lives apart so run-jobs can sweep without loading the renderer.
export { DOCUMENT_RETENTION_MS, sweepDocumentFiles } from "./document-retention.ts";

/**
 * Generation jobs on the one queue: render the PDF (a final invoice becomes a Factur-X PDF/A-3b), store
 * it, and report the outcome as an event.
 */
export function generationJobKind(services: Services): QueueKind {
  const { config, blobs } = services;
  return {
    ...jobTableSpec("generation_jobs", 15),
    async run(row: QueuedRow) {
      const job = toGenerationJob(row);
      const route = (job.input.shipment as { route?: Record<string, unknown> } | null)?.route;
      // The air waybill names its airports by IATA code and name, from the UN/LOCODE table.
      const airports =
        job.document_type === "AIR_WAYBILL"
          ? await lookupAirports(services.db, [route?.port_of_loading, route?.port_of_discharge])
          : undefined;
      // One credential per document, issued before rendering so that the PDF carries it (a job run
      // again after an interruption gets the same credential back).
      const credential = await issueDocumentCredential(services, job);
      const credentialFile = credentialAttachment(credential, verificationUrl(config, job.validation_hash));
      const bytes = await renderDocument({
        docType: job.document_type as DocumentType,
        shipment: job.input.shipment,
        finalDoc: job.input.finalDoc,
        validationHash: job.validation_hash,
        verificationUrl: verificationUrl(config, job.validation_hash),
        generationNumber: job.input.generationNumber,
        shipmentId: job.shipment_id,
        shipmentRef: job.input.shipmentRef,
        generatedAt: new Date(job.input.generatedAt),
        ...(airports ? { airports } : {}),
        attach: (doc) => attachFile(doc, credentialFile),
      });
      const pdf = await withEmbeddedEInvoice(
        bytes,
        {
          documentType: job.document_type,
          shipment: job.input.shipment,
          finalDoc: job.input.finalDoc,
          generatedAt: new Date(job.input.generatedAt),
        },
        // A final invoice leaves as Factur-X (PDF/A-3b): it carries its credential beside factur-x.xml.
        [credentialFile],
      );
      const key = `documents/${job.account_id}/${job.id}.pdf`;
      await blobs.put(key, pdf, "application/pdf");
      return { blob_key: key };
    },
    async onFinished(row, outcome, tx) {
      const job = toGenerationJob(row);
      const data: Record<string, unknown> = {
        job_id: job.id,
        shipment_id: job.shipment_id,
        document_type: job.document_type,
        status: outcome.status,
        hash: job.validation_hash,
      };
      if (outcome.status === "completed") {
        data.download_url = await downloadUrlFor(config, {
          ...job,
          status: "completed",
          blob_key: `documents/${job.account_id}/${job.id}.pdf`,
        });
        await enqueueEvent(tx, job.account_id, "document.generated", data);
      } else {
        data.error_message = outcome.error;
        await enqueueEvent(tx, job.account_id, "document.failed", data);
      }
    },
  };
}

/** The generation worker plus the retention sweep, as one background task of the local server. */
export function generationBackgroundTask(services: Services): BackgroundTask {
  const worker = startWorker(services.db, generationJobKind(services), { pollMs: 500 });
  const sweep = () => sweepDocumentFiles(services);
  const timer = setInterval(() => void sweep().catch((e) => console.error("document retention sweep:", e)), 3600_000);
  void sweep().catch((e) => console.error("document retention sweep:", e));
  return {
    name: "document-generation",
    wake: worker.wake,
    idle: worker.idle,
    stop: async () => {
      clearInterval(timer);
      await worker.stop();
    },
  };
}
