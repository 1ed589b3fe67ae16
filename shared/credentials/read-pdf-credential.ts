/** The credential a generated PDF carries as its embedded file `credential.jwt` (tds-verify). */
import { decodePDFRawStream, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from "pdf-lib";
import { arrayOf, dictOf, resolve } from "../pdf/pdf-objects.ts";
import { CREDENTIAL_FILE_NAME } from "./credential-attachment.ts";

export async function readPdfCredential(bytes: Uint8Array): Promise<string | null> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
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
    const stream = resolve(context, ef?.get(PDFName.of("F")));
    if (!(stream instanceof PDFRawStream)) return null;
    return new TextDecoder().decode(decodePDFRawStream(stream).decode()).trim();
  }
  return null;
}
