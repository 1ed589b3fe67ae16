/**
 * The credential a PDF of this service carries (tds-verify): the embedded file `credential.jwt` of a
 * generated document (and of a PDF/A-3b copy), or the XMP property tdsvc:credential of the PDF/A-2b copy
 * flatten-document makes (credential-xmp.ts). The embedded file is looked at first: it is what the
 * document was issued with; a PDF with both carries the same credential in each.
 */
import { decodePDFRawStream, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from "pdf-lib";
import { arrayOf, dictOf, resolve } from "../pdf/pdf-objects.ts";
import { CREDENTIAL_FILE_NAME } from "./credential-attachment.ts";
import { readCredentialFromXmp } from "./credential-xmp.ts";

export type CredentialSource = "embedded file" | "XMP metadata";

export interface PdfCredential {
  jwt: string;
  /** Where it was found: the embedded file credential.jwt, or the XMP property tdsvc:credential. */
  source: CredentialSource;
}

function streamText(stream: unknown): string | null {
  if (!(stream instanceof PDFRawStream)) return null;
  return new TextDecoder().decode(decodePDFRawStream(stream).decode());
}

function embeddedCredential(doc: PDFDocument): string | null {
  const context = doc.context;
  const names = dictOf(context, doc.catalog.get(PDFName.of("Names")));
  const tree = dictOf(context, names?.get(PDFName.of("EmbeddedFiles")));
  const leaf = arrayOf(context, tree?.get(PDFName.of("Names")));
  if (!leaf) return null;
  for (let i = 0; i + 1 < leaf.size(); i += 2) {
    const key = leaf.get(i);
    const name = key instanceof PDFString || key instanceof PDFHexString ? key.decodeText() : "";
    if (name !== CREDENTIAL_FILE_NAME) continue;
    const spec = dictOf(context, leaf.get(i + 1));
    const ef = dictOf(context, spec?.get(PDFName.of("EF")));
    return streamText(resolve(context, ef?.get(PDFName.of("F"))))?.trim() || null;
  }
  return null;
}

function xmpCredential(doc: PDFDocument): string | null {
  const xmp = streamText(resolve(doc.context, doc.catalog.get(PDFName.of("Metadata"))));
  return xmp === null ? null : readCredentialFromXmp(xmp);
}

export async function readPdfCredential(bytes: Uint8Array): Promise<PdfCredential | null> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const embedded = embeddedCredential(doc);
  if (embedded) return { jwt: embedded, source: "embedded file" };
  const inXmp = xmpCredential(doc);
  return inXmp ? { jwt: inXmp, source: "XMP metadata" } : null;
}
