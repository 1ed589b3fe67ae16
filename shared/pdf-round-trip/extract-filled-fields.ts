import type { Db } from "../db/types.ts";
import { AppError } from "../errors/app-error.ts";
import type { KeyPrincipal } from "../accounts/account-repository.ts";
import { DOCUMENT_TYPES, isDocumentType } from "../document-types/identities.ts";
import { findShipment } from "../shipments/shipment-repository.ts";
import { readFormFields, mapFieldsToShipment, mergeIntoShipment, type MergeResult } from "../pdf/read-form-fields.ts";
import { TradeShipmentSchema } from "../shipments/trade-shipment-schema.ts";
import { isPdfProblemError, RECOMMENDED_ERROR_CODES } from "../pdf/pdf-problem.ts";
import { PDF_ROUND_TRIP_ERRORS } from "./pdf-round-trip-errors.ts";
import { SHIPMENTS_ERRORS } from "../shipments/shipments-errors.ts";

export interface ExtractFilledFieldsInput {
  file: Uint8Array;
  docType: string;
  shipmentId?: string;
  autoMerge: boolean;
}

/**
 * extract-filled-fields: read every text field of a filled PDF, map it to shipment paths with the same
 * naming the generator used, and merge the values into the shipment (empty and changed fields). The
 * merge changes only shipment_data and updated_at: filling blanks of generated documents is not a
 * revision, so status and validation fields stay as they are (validate again to refresh them).
 */
/** The 200 answer of extract-filled-fields (SPEC); merge_result only when a shipment was named. */
export interface FilledFields {
  extracted_fields: Record<string, string>;
  mapped_data: Record<string, string>;
  unmapped_fields?: Record<string, string>;
  field_count: number;
  filled_count: number;
  empty_count: number;
  merge_result?: { merged: boolean; updatedPaths: string[]; skipped?: MergeResult["skipped"] };
}

export async function extractFilledFields(db: Db, principal: KeyPrincipal, input: ExtractFilledFieldsInput) {
  if (!isDocumentType(input.docType)) {
    throw new AppError(PDF_ROUND_TRIP_ERRORS.SVC_VAL_004, `Unknown doc_type "${input.docType}"`, {
      details: { field: "doc_type", supported_types: DOCUMENT_TYPES },
    });
  }
  const shipment = input.shipmentId !== undefined ? await findShipment(db, principal.accountId, input.shipmentId) : null;
  if (input.shipmentId !== undefined && !shipment)
    throw new AppError(SHIPMENTS_ERRORS.SVC_SHIP_004, "Shipment not found", { details: { shipment_id: input.shipmentId } });

  let form;
  try {
    form = await readFormFields(input.file);
  } catch (e) {
    if (isPdfProblemError(e)) {
      throw new AppError(PDF_ROUND_TRIP_ERRORS[RECOMMENDED_ERROR_CODES[e.code].extract], e.message, { details: { problem: e.code } });
    }
    throw new AppError(PDF_ROUND_TRIP_ERRORS.SVC_VAL_005, "The PDF could not be parsed");
  }
  if (form.textFieldCount === 0) throw new AppError(PDF_ROUND_TRIP_ERRORS.SVC_VAL_006, "The PDF has no text form fields to read");
  // Only a different embedded identity is refused: PDFs without the hidden fields (other tools) pass.
  if (shipment && form.identity.shipmentId && form.identity.shipmentId !== shipment.id) {
    throw new AppError(PDF_ROUND_TRIP_ERRORS.SVC_VAL_007, "This PDF was generated for another shipment", {
      details: { expected_shipment_id: shipment.id, actual_shipment_id: form.identity.shipmentId },
    });
  }
  if (form.identity.docType && form.identity.docType !== input.docType) {
    throw new AppError(PDF_ROUND_TRIP_ERRORS.SVC_VAL_008, `This PDF is a ${form.identity.docType}, not a ${input.docType}`, {
      details: { expected_doc_type: input.docType, actual_doc_type: form.identity.docType },
    });
  }

  const { mapped_data, unmapped_fields } = mapFieldsToShipment(form.fields);
  const body: FilledFields = {
    extracted_fields: form.fields,
    mapped_data,
    field_count: form.textFieldCount,
    filled_count: form.filledCount,
    empty_count: form.emptyCount,
  };
  if (Object.keys(unmapped_fields).length > 0) body.unmapped_fields = unmapped_fields;
  if (shipment) {
    if (!input.autoMerge) {
      body.merge_result = { merged: false, updatedPaths: [] };
    } else {
      const merge = mergeIntoShipment(shipment.shipment_data, mapped_data, TradeShipmentSchema);
      if (merge.updatedPaths.length > 0) {
        try {
          await db.query("update shipments set shipment_data = $3::text::jsonb, updated_at = now() where id = $1 and account_id = $2", [
            shipment.id,
            principal.accountId,
            JSON.stringify(merge.data),
          ]);
        } catch (e) {
          console.error("SVC_SYS_001: shipment update failed:", e);
          throw new AppError(PDF_ROUND_TRIP_ERRORS.SVC_SYS_001, "The shipment could not be updated with the extracted values");
        }
      }
      body.merge_result = {
        merged: merge.updatedPaths.length > 0,
        updatedPaths: merge.updatedPaths,
        ...(merge.skipped.length > 0 ? { skipped: merge.skipped } : {}),
      };
    }
  }
  return body;
}
