/**
 * The credential of one generated document (VC Data Model 2.0, compacted JSON-LD), before signing.
 * Pure: every fact comes in. Its subject is the validated data the document prints and the SHA-256
 * validation hash its footer and QR code carry: with `validation` a verifier can recompute that hash
 * from `shipment` (shared/hashing/validation-hash.ts: RFC 8785 JSON of documentTypes, gate, rule
 * library version and shipment). It signs the data, not the PDF bytes.
 */
import { DOCUMENT_TITLES, type DocumentType } from "../document-types/identities.ts";
import {
  CONFORMITY_TYPES,
  contextUrl,
  documentClassName,
  schemaUrl,
  UNTP_DCC_CONTEXT,
  UNTP_DCC_SCHEMA,
  VC_V2_CONTEXT,
} from "./credential-vocabulary.ts";

export interface CredentialFacts {
  baseUrl: string;
  did: string;
  credentialId: string;
  documentType: DocumentType;
  validationHash: string;
  shipment: Record<string, unknown>;
  shipmentRef: string | null;
  generationNumber: number;
  validation: {
    gate: string;
    ruleLibraryVersion: string;
    documentTypes: string[];
    validatedAt: string;
    /** Checks that did not run for want of a reference table (part of the validation hash when any). */
    checksNotRun?: { table: string; ruleIds: string[] }[];
    /** Clearances of sanctions matches the validation applied, as the validation hash includes them (when any). */
    clearances?: { entry_hash: string; entry_id: string; list: string; party_name_normalised: string; review_id: string }[];
  };
  status: { list: number; index: number };
  /** The address of the credential this one replaces (a regeneration), or null. */
  supersedes: string | null;
  issuedAt: Date;
}

export const ISSUER_NAME = "Trade Document Service";

export const credentialUrl = (baseUrl: string, id: string) => `${baseUrl}/credentials/${id}`;
export const statusListUrl = (baseUrl: string, list: number) => `${baseUrl}/credentials/status/${list}`;
export const verificationPageUrl = (baseUrl: string, hash: string) => `${baseUrl}/verify/${hash}`;

/** Seconds are enough, and XML Schema dateTime without milliseconds reads everywhere. */
export const isoSeconds = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

function statusEntry(f: CredentialFacts) {
  const list = statusListUrl(f.baseUrl, f.status.list);
  return {
    id: `${list}#${f.status.index}`,
    type: "BitstringStatusListEntry",
    statusPurpose: "revocation",
    statusListIndex: String(f.status.index),
    statusListCredential: list,
  };
}

/** Our terms of the subject, the same in both shapes. */
function documentFacts(f: CredentialFacts) {
  return {
    documentType: f.documentType,
    validationHash: f.validationHash,
    verificationPage: verificationPageUrl(f.baseUrl, f.validationHash),
    generationNumber: f.generationNumber,
    ...(f.shipmentRef ? { shipmentReference: f.shipmentRef } : {}),
    validation: {
      type: "ShipmentValidation",
      gate: f.validation.gate,
      ruleLibraryVersion: f.validation.ruleLibraryVersion,
      validatedDocumentTypes: f.validation.documentTypes,
      validatedAt: f.validation.validatedAt,
      ...(f.validation.checksNotRun?.length ? { checksNotRun: f.validation.checksNotRun } : {}),
      ...(f.validation.clearances?.length ? { clearances: f.validation.clearances } : {}),
    },
    shipment: f.shipment,
    ...(f.supersedes ? { supersedes: f.supersedes } : {}),
  };
}

function exporterOf(shipment: Record<string, unknown>): { name: string; registeredId?: string } {
  const e = (shipment.exporter ?? {}) as { name?: unknown; tax_ids?: Record<string, unknown> };
  const ids = e.tax_ids ?? {};
  const registeredId = [ids.eori, ids.vat, ids.ein, ids.rfc].find((v): v is string => typeof v === "string" && v.trim() !== "");
  return { name: typeof e.name === "string" && e.name.trim() ? e.name : "Exporter (not named)", ...(registeredId ? { registeredId } : {}) };
}

export function buildCredential(f: CredentialFacts): Record<string, unknown> {
  const id = credentialUrl(f.baseUrl, f.credentialId);
  const title = DOCUMENT_TITLES[f.documentType];
  const name = f.shipmentRef ? `${title} – ${f.shipmentRef}` : title;
  const common = { id, validFrom: isoSeconds(f.issuedAt), credentialStatus: statusEntry(f) };
  if (!CONFORMITY_TYPES.has(f.documentType)) {
    return {
      "@context": [VC_V2_CONTEXT, contextUrl(f.baseUrl)],
      type: ["VerifiableCredential", "TradeDocumentCredential", `${documentClassName(f.documentType)}Credential`],
      ...common,
      issuer: { id: f.did, name: ISSUER_NAME },
      name,
      credentialSchema: { id: schemaUrl(f.baseUrl), type: "JsonSchema" },
      credentialSubject: { type: documentClassName(f.documentType), ...documentFacts(f) },
    };
  }
  // A UNTP Digital Conformity Credential, stated as what it is: the exporter's own declaration that the
  // service recorded after its validation rules passed, never a third party's certification.
  const exporter = exporterOf(f.shipment);
  return {
    "@context": [VC_V2_CONTEXT, UNTP_DCC_CONTEXT, contextUrl(f.baseUrl)],
    type: ["DigitalConformityCredential", "VerifiableCredential"],
    ...common,
    issuer: { type: ["CredentialIssuer"], id: f.did, name: ISSUER_NAME },
    credentialSchema: { id: UNTP_DCC_SCHEMA, type: "JsonSchema" },
    credentialSubject: {
      type: ["ConformityAttestation", "Attestation", documentClassName(f.documentType)],
      id: `${id}#attestation`,
      name: `${name}: exporter's declaration`,
      assessorLevel: "Self",
      assessmentLevel: "Unspecified",
      attestationType: "declaration",
      description: `${title} as declared by the exporter, ${exporter.name}. ${ISSUER_NAME} signs that this is the data the exporter declared and that it passed the service's validation rules on ${f.validation.validatedAt.slice(0, 10)}; no authority or third party assessed or certified it.`,
      issuedToParty: {
        id: `${id}#exporter`,
        name: exporter.name,
        ...(exporter.registeredId ? { registeredId: exporter.registeredId } : {}),
      },
      ...documentFacts(f),
    },
  };
}
