/**
 * renderDocument: one trade document as PDF bytes, drawn with its type's layout from the registry by the
 * renderer of shared/documents (render-with-layouts.ts; deterministic: same input, same bytes).
 */
import { buildModel, type RenderInput, renderPdf } from "../documents/render-with-layouts.ts";
import type { DocumentModel } from "../documents/page-kit/model.ts";
import { LAYOUTS } from "./registry.ts";

export type { RenderInput } from "../documents/render-with-layouts.ts";

/** The document model of a type for a shipment (pure). */
export function buildDocumentModel(input: RenderInput): DocumentModel {
  return buildModel(input, LAYOUTS);
}

export function renderDocument(input: RenderInput): Promise<Uint8Array> {
  return renderPdf(input, LAYOUTS);
}
