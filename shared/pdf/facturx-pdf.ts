/**
 * Factur-X 1.0 / ZUGFeRD 2.x, profile EN 16931: the invoice PDF as PDF/A-3b with its CII XML embedded as
 * factur-x.xml. The page is the one the renderer drew (a final document has no form fields, so the PDF/A
 * pass changes no pixel); the file gets the fx: XMP extension schema the Factur-X specification defines,
 * and the XML the relationship "Alternative" (Factur-X 1.0.07 §6.2.2: for the EN 16931 profile the XML is
 * an alternative, equally valid representation of the invoice).
 */
import { flattenToPdfA } from "./flatten-to-pdfa.ts";
import type { XmpExtensionSchema } from "./xmp.ts";
import type { AttachedFile } from "./attach-file.ts";

export const FACTURX_FILE_NAME = "factur-x.xml";
export const FACTURX_NAMESPACE = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#";
/** fx:ConformanceLevel of the EN 16931 (COMFORT) profile. */
export const FACTURX_CONFORMANCE_LEVEL = "EN 16931";

export function facturXExtensionSchema(): XmpExtensionSchema {
  const text = { valueType: "Text" as const, category: "external" as const };
  return {
    schema: "Factur-X PDFA Extension Schema",
    namespaceURI: FACTURX_NAMESPACE,
    prefix: "fx",
    properties: [
      { ...text, name: "DocumentFileName", description: "The name of the embedded XML document", value: FACTURX_FILE_NAME },
      {
        ...text,
        name: "DocumentType",
        description: "The type of the hybrid document in capital letters, e.g. INVOICE or ORDER",
        value: "INVOICE",
      },
      { ...text, name: "Version", description: "The actual version of the standard applying to the embedded XML document", value: "1.0" },
      {
        ...text,
        name: "ConformanceLevel",
        description: "The conformance level of the embedded XML document",
        value: FACTURX_CONFORMANCE_LEVEL,
      },
    ],
  };
}

/**
 * The rendered invoice PDF → PDF/A-3b with factur-x.xml; deterministic given `now`. The flattener keeps no
 * embedded file of its input, so the document's other files (its credential) come again in `attachments`.
 */
export function toFacturXPdf(
  pdf: Uint8Array,
  ciiXml: string,
  options: { now: Date; attachments?: readonly AttachedFile[] },
): Promise<Uint8Array> {
  return flattenToPdfA(pdf, {
    now: options.now,
    pdfa3: {
      attachments: [
        {
          name: FACTURX_FILE_NAME,
          bytes: new TextEncoder().encode(ciiXml),
          mimeType: "text/xml",
          description: "Factur-X invoice (EN 16931, UN/CEFACT CII D16B)",
          relationship: "Alternative",
          modified: options.now,
        },
        ...(options.attachments ?? []),
      ],
      xmpExtensions: [facturXExtensionSchema()],
    },
  });
}
