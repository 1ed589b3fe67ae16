/**
 * What the lowest layers know of a document type: its name, the title printed in its header and the
 * shipment data blocks only it owns (e.g. `vgm_data`). Each type's folder holds its identity
 * (types/<type>/identity.ts) beside its descriptor; identities.ts lists them. Identities import nothing but
 * zod and the shipment field kinds, so the shipment schema, the renderer and every feature can key on the
 * type without loading a layout (tests/unit/layers.test.ts places them in the platform).
 */
import type { z } from "zod";

export interface DocumentTypeIdentity<T extends string = string, D extends z.ZodRawShape = z.ZodRawShape> {
  /** The spec's name (generate-documents `document_types`). */
  type: T;
  /** The title printed in the document's header. */
  title: string;
  /** The shipment_data blocks only this type reads and writes, with their field kinds. */
  data?: D;
}

export const defineIdentity = <const T extends string, D extends z.ZodRawShape = Record<never, never>>(
  identity: DocumentTypeIdentity<T, D>,
): DocumentTypeIdentity<T, D> => identity;
