/**
 * Stage 4, COMMERCIAL_INVOICE / PROFORMA_INVOICE: the business terms an EN 16931 e-invoice needs. A seller
 * in the EU gets one finding per missing term, naming the BT and the field that supplies it; the document
 * is still generated, as a PDF without the embedded e-invoice (hence a warning, never an error).
 */
import type { Finding, FindingCheck } from "../rule-types.ts";
import { EINVOICE_DOCUMENT_KINDS } from "../../einvoice/document-einvoice.ts";
import { mapShipmentToEInvoice } from "../../einvoice/map-shipment.ts";
import { fieldText } from "./helpers.ts";

const DOCUMENT_NAME = { commercial: "commercial invoice", proforma: "proforma invoice" } as const;

function comparePaths(a: readonly PropertyKey[], b: readonly PropertyKey[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [x, y] = [a[i], b[i]];
    if (typeof x === "number" && typeof y === "number") {
      if (x !== y) return x - y;
    } else if (String(x) !== String(y)) return String(x) < String(y) ? -1 : 1;
  }
  return a.length - b.length;
}

export const einvoiceTerms: FindingCheck = (shipment, { documentTypes }) => {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const [docType, kind] of Object.entries(EINVOICE_DOCUMENT_KINDS)) {
    if (!documentTypes.includes(docType)) continue;
    // The issue date defaults to the generation date, so it is never missing: any date will do here.
    const mapping = mapShipmentToEInvoice(shipment, { kind, issueDate: new Date(0) });
    if (!mapping.applicable) continue;
    for (const term of mapping.missing) {
      const key = `${term.bt} ${fieldText(term.path)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push({
        path: term.path,
        severity: "warning",
        message:
          `The ${DOCUMENT_NAME[kind]} cannot be an EN 16931 e-invoice (Factur-X): ${term.bt} ${term.term} is missing or unusable. ` +
          `Expected ${term.hint}. Set ${fieldText(term.path)}; until then the document is generated as a PDF without the embedded invoice XML.`,
        context: { business_term: term.bt, document_type: docType },
      });
    }
  }
  // The engine's order (field with numeric indices, then message), so the rule reads the same called directly or through it.
  return findings.sort((a, b) => comparePaths(a.path, b.path) || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
};
