/**
 * What the service publishes so that anyone can read its credentials: a versioned JSON-LD context
 * (every term defined, no @vocab, protected) and a JSON Schema, for the document types that are not
 * conformity declarations. The names follow the W3C CCG Traceability Vocabulary
 * (`CommercialInvoiceCredential`, `BillOfLadingCredential`, …); the terms live under
 * <PUBLIC_BASE_URL>/credentials/vocab#, the publisher's own namespace.
 */
import { DOCUMENT_TYPES, type DocumentType } from "../document-types/identities.ts";

export const VC_V2_CONTEXT = "https://www.w3.org/ns/credentials/v2";
/** UNTP Digital Conformity Credential 0.6.1: its context and the schema's address (tests-untp's). */
export const UNTP_DCC_CONTEXT = "https://test.uncefact.org/vocabulary/untp/dcc/0.6.1/";
export const UNTP_DCC_SCHEMA = "https://test.uncefact.org/vocabulary/untp/dcc/untp-dcc-schema-0.6.1.json";

export const VOCABULARY_VERSION = "v1";
export const contextUrl = (baseUrl: string) => `${baseUrl}/credentials/contexts/trade-documents/${VOCABULARY_VERSION}`;
export const schemaUrl = (baseUrl: string) => `${baseUrl}/credentials/schemas/trade-documents/${VOCABULARY_VERSION}`;
const vocabularyUrl = (baseUrl: string) => `${baseUrl}/credentials/vocab#`;

/**
 * The types issued as UNTP Digital Conformity Credentials: the exporter's own declarations (of origin,
 * or that the goods meet the importing country's sanitary rules) that a DCC can state honestly as
 * `assessorLevel: "Self"`, `attestationType: "declaration"`.
 */
export const CONFORMITY_TYPES: ReadonlySet<DocumentType> = new Set<DocumentType>([
  "CERTIFICATE_OF_ORIGIN",
  "EUR1_MOVEMENT_CERTIFICATE",
  "USMCA_CERTIFICATE_OF_ORIGIN",
  "STATEMENT_ON_ORIGIN",
  "PHYTOSANITARY_CERTIFICATE",
  "HEALTH_VETERINARY_CERTIFICATE",
]);

/** COMMERCIAL_INVOICE → CommercialInvoice (the subject's type; the credential's adds "Credential"). */
export function documentClassName(type: DocumentType): string {
  return type
    .toLowerCase()
    .split("_")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");
}

const OWN_TYPES = DOCUMENT_TYPES.filter((t) => !CONFORMITY_TYPES.has(t));

/** Our context: used by every credential (after the DCC context for conformity declarations). */
export function tradeDocumentsContext(baseUrl: string) {
  const tds = vocabularyUrl(baseUrl);
  const classes: Record<string, string> = {
    TradeDocumentCredential: `${tds}TradeDocumentCredential`,
    ShipmentValidation: `${tds}ShipmentValidation`,
  };
  for (const t of DOCUMENT_TYPES) {
    const name = documentClassName(t);
    classes[name] = `${tds}${name}`;
    if (!CONFORMITY_TYPES.has(t)) classes[`${name}Credential`] = `${tds}${name}Credential`;
  }
  return {
    "@context": {
      "@version": 1.1,
      "@protected": true,
      xsd: "http://www.w3.org/2001/XMLSchema#",
      ...classes,
      documentType: `${tds}documentType`,
      validationHash: `${tds}validationHash`,
      verificationPage: { "@id": `${tds}verificationPage`, "@type": "@id" },
      generationNumber: { "@id": `${tds}generationNumber`, "@type": "xsd:integer" },
      shipmentReference: `${tds}shipmentReference`,
      validation: { "@id": `${tds}validation`, "@type": "@id" },
      gate: `${tds}gate`,
      ruleLibraryVersion: `${tds}ruleLibraryVersion`,
      validatedDocumentTypes: { "@id": `${tds}validatedDocumentTypes`, "@container": "@set" },
      validatedAt: { "@id": `${tds}validatedAt`, "@type": "xsd:dateTime" },
      // Which checks did not run (a table was not loaded), as the validation hash includes them: a JSON literal.
      checksNotRun: { "@id": `${tds}checksNotRun`, "@type": "@json" },
      // Clearances of reviewed sanctions matches the validation applied, exactly as hashed: a JSON literal.
      clearances: { "@id": `${tds}clearances`, "@type": "@json" },
      // The validated shipment data exactly as hashed: a JSON literal, so that no key of it needs a term.
      shipment: { "@id": `${tds}shipment`, "@type": "@json" },
      supersedes: { "@id": `${tds}supersedes`, "@type": "@id" },
    },
  };
}

const statusEntry = {
  type: "object",
  required: ["id", "type", "statusPurpose", "statusListIndex", "statusListCredential"],
  properties: {
    id: { type: "string", format: "uri" },
    type: { const: "BitstringStatusListEntry" },
    statusPurpose: { const: "revocation" },
    statusListIndex: { type: "string", pattern: "^[0-9]+$" },
    statusListCredential: { type: "string", format: "uri" },
  },
};

/** The subject every credential carries (our terms), and a JSON Schema of our credentials. */
export const subjectProperties = {
  documentType: { enum: [...DOCUMENT_TYPES] },
  validationHash: { type: "string", pattern: "^sha256:[0-9a-f]{64}$" },
  verificationPage: { type: "string", format: "uri" },
  generationNumber: { type: "integer", minimum: 1 },
  shipmentReference: { type: "string" },
  validation: {
    type: "object",
    required: ["type", "gate", "ruleLibraryVersion", "validatedDocumentTypes", "validatedAt"],
    additionalProperties: false,
    properties: {
      type: { const: "ShipmentValidation" },
      gate: { type: "string" },
      ruleLibraryVersion: { type: "string" },
      validatedDocumentTypes: { type: "array", items: { enum: [...DOCUMENT_TYPES] } },
      validatedAt: { type: "string", format: "date-time" },
      checksNotRun: {
        type: "array",
        items: {
          type: "object",
          required: ["table", "ruleIds"],
          additionalProperties: false,
          properties: { table: { type: "string" }, ruleIds: { type: "array", items: { type: "string" } } },
        },
      },
      clearances: {
        type: "array",
        items: {
          type: "object",
          required: ["entry_hash", "entry_id", "list", "party_name_normalised", "review_id"],
          additionalProperties: false,
          properties: {
            entry_hash: { type: "string" },
            entry_id: { type: "string" },
            list: { type: "string" },
            party_name_normalised: { type: "string" },
            review_id: { type: "string" },
          },
        },
      },
    },
  },
  shipment: { type: "object" },
  supersedes: { type: "string", format: "uri" },
} as const;

export function tradeDocumentsSchema(baseUrl: string) {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: schemaUrl(baseUrl),
    title: "Trade document credential",
    description:
      "A W3C Verifiable Credential 2.0 of a generated trade document: the validated shipment data it prints (shipment), the SHA-256 validation hash its footer carries, and the validation that passed.",
    type: "object",
    required: ["@context", "id", "type", "issuer", "validFrom", "credentialSubject", "credentialStatus"],
    properties: {
      "@context": { type: "array", prefixItems: [{ const: VC_V2_CONTEXT }, { const: contextUrl(baseUrl) }], minItems: 2, maxItems: 2 },
      id: { type: "string", format: "uri" },
      type: {
        type: "array",
        allOf: [{ contains: { const: "VerifiableCredential" } }, { contains: { const: "TradeDocumentCredential" } }],
        items: { enum: ["VerifiableCredential", "TradeDocumentCredential", ...OWN_TYPES.map((t) => `${documentClassName(t)}Credential`)] },
      },
      issuer: {
        type: "object",
        required: ["id", "name"],
        properties: { id: { type: "string", pattern: "^did:web:" }, name: { type: "string" } },
      },
      name: { type: "string" },
      validFrom: { type: "string", format: "date-time" },
      credentialSchema: {
        type: "object",
        required: ["id", "type"],
        properties: { id: { const: schemaUrl(baseUrl) }, type: { const: "JsonSchema" } },
      },
      credentialStatus: statusEntry,
      credentialSubject: {
        type: "object",
        required: ["type", "documentType", "validationHash", "validation", "shipment"],
        additionalProperties: false,
        properties: { type: { enum: OWN_TYPES.map(documentClassName) }, ...subjectProperties },
      },
    },
  };
}
