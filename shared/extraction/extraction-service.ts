/**
 * Submitting an upload: read the multipart body within the size limit, check the file by its bytes,
 * store it under uploads/<account_id>/<job_id>/<safe filename>, insert the queued job row.
 *
 * shipment_id links the job to a shipment of the caller's account (checked: another account's or an
 * unknown id is 404 SVC_SHIP_004). It is a link only: the result is for review and is never merged
 * into the shipment automatically; apply reviewed values with PUT /api/v1/shipments/{id}.
 */
import { AppError } from "../errors/app-error.ts";
import { readMultipartForm } from "../http/read-multipart-form.ts";
import type { Services } from "../runtime/services.ts";
import { findShipment } from "../shipments/shipment-repository.ts";
import { declaredFileKind, FILE_KINDS, KIND_CONTENT_TYPES, safeFileName, sniffFileKind, type FileKind } from "./file-kinds.ts";
import { insertExtractionJob, type ExtractionJobRow } from "./extraction-repository.ts";
import { EXTRACTION_ERRORS } from "./extraction-errors.ts";
import { SHIPMENTS_ERRORS } from "../shipments/shipments-errors.ts";

const SUPPORTED = ["PDF", "PNG", "JPG", "TIFF", "XLS", "XLSX"];

export interface Upload {
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
  kind: FileKind;
  shipmentId: string | null;
}

function tooLarge(max: number): AppError {
  return new AppError(
    EXTRACTION_ERRORS.SVC_EXTRACT_005,
    `The file is larger than ${max} bytes (${Math.round((max / 1024 / 1024) * 10) / 10} MB)`,
    {
      details: { max_bytes: max },
    },
  );
}

export async function readUpload(req: Request, maxUploadBytes: number): Promise<Upload> {
  let form: FormData;
  try {
    form = await readMultipartForm(req, maxUploadBytes, EXTRACTION_ERRORS.SVC_EXTRACT_004);
  } catch (e) {
    if (e instanceof AppError && e.code === "SVC_REQ_004") throw tooLarge(maxUploadBytes);
    throw e;
  }
  const file = form.get("file");
  if (!file || typeof file === "string")
    throw new AppError(EXTRACTION_ERRORS.SVC_EXTRACT_004, "The form has no file part named `file`", { details: { field: "file" } });
  if (file.size > maxUploadBytes) throw tooLarge(maxUploadBytes);
  if (file.size === 0) throw new AppError(EXTRACTION_ERRORS.SVC_EXTRACT_003, "The file is empty", { details: { field: "file" } });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const fileName = (file as File).name || "upload";
  const declaredType = file.type || "application/octet-stream";
  const sniffed = sniffFileKind(bytes);
  const declared = declaredFileKind(fileName, declaredType);
  let kind: FileKind;
  if (sniffed && (FILE_KINDS as readonly string[]).includes(sniffed)) kind = sniffed as FileKind;
  else if (declared) {
    throw new AppError(
      EXTRACTION_ERRORS.SVC_EXTRACT_003,
      `The file is named or typed as ${declared.toUpperCase()} but its content is not a readable ${declared.toUpperCase()} file (corrupt?)`,
      {
        details: { field: "file", declared_type: declared },
      },
    );
  } else {
    throw new AppError(
      EXTRACTION_ERRORS.SVC_EXTRACT_001,
      `Unsupported file type${sniffed ? ` (${sniffed})` : ""}; upload one of ${SUPPORTED.join(", ")}`,
      {
        details: { field: "file", supported: SUPPORTED },
      },
    );
  }
  const rawShipment = form.get("shipment_id");
  const shipmentId = typeof rawShipment === "string" && rawShipment.trim() !== "" ? rawShipment.trim() : null;
  return { bytes, fileName, contentType: KIND_CONTENT_TYPES[kind], kind, shipmentId };
}

export async function submitExtraction(services: Services, accountId: string, upload: Upload): Promise<ExtractionJobRow> {
  if (upload.shipmentId && !(await findShipment(services.db, accountId, upload.shipmentId))) {
    throw new AppError(SHIPMENTS_ERRORS.SVC_SHIP_004, "Shipment not found", { details: { shipment_id: upload.shipmentId } });
  }
  const id = crypto.randomUUID();
  const blobKey = `uploads/${accountId}/${id}/${safeFileName(upload.fileName, upload.kind)}`;
  await services.blobs.put(blobKey, upload.bytes, upload.contentType);
  try {
    return await insertExtractionJob(services.db, {
      id,
      accountId,
      shipmentId: upload.shipmentId,
      blobKey,
      fileName: upload.fileName.slice(0, 255),
      contentType: upload.contentType,
      fileKind: upload.kind,
      sizeBytes: upload.bytes.byteLength,
    });
  } catch (e) {
    await services.blobs.delete([blobKey]).catch(() => {});
    throw e;
  }
}
