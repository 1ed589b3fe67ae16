/**
 * Embeds a file in a PDF the way PDF/A-3 (ISO 19005-3 6.8) and Factur-X require: an embedded file stream
 * with its MIME type (/Subtype) and /Params (/ModDate, /Size), a file specification with /F, /UF, /Desc and
 * /AFRelationship, listed in the catalog's /Names /EmbeddedFiles name tree (so viewers show it) and in the
 * catalog's /AF array (so it is an associated file of the document).
 *
 * Written directly with pdf-lib's low-level objects rather than `doc.attach`: pdf-lib 1.17.1 defers the
 * attachment to save time, writes no /Size, and never adds the file to the catalog's /AF array.
 */
import { PDFArray, type PDFContext, type PDFDict, type PDFDocument, PDFHexString, PDFName, type PDFObject, PDFString } from "pdf-lib";
import { arrayOf, dictOf } from "./pdf-objects.ts";

export type AFRelationship = "Data" | "Source" | "Alternative" | "Supplement" | "Unspecified";

export interface AttachedFile {
  /** File name as shown to the reader, e.g. "factur-x.xml". */
  name: string;
  bytes: Uint8Array;
  /** e.g. "text/xml"; written as the /Subtype name (PDF 32000-1 7.11.4: a MIME type, "/" as #2F). */
  mimeType: string;
  description: string;
  relationship: AFRelationship;
  modified: Date;
}

/** Text of a name-tree key, for sorting (keys must be in lexical order, PDF 32000-1 7.9.6). */
function keyText(object: unknown): string {
  return object instanceof PDFString || object instanceof PDFHexString ? object.decodeText() : "";
}

function embeddedFilesTree(context: PDFContext, catalog: PDFDict): PDFDict {
  let names = dictOf(context, catalog.get(PDFName.of("Names")));
  if (!names) {
    names = context.obj({});
    catalog.set(PDFName.of("Names"), context.register(names));
  }
  let tree = dictOf(context, names.get(PDFName.of("EmbeddedFiles")));
  if (!tree) {
    tree = context.obj({});
    names.set(PDFName.of("EmbeddedFiles"), context.register(tree));
  }
  if (tree.has(PDFName.of("Kids"))) {
    // Documents this service writes never have a deep tree; one from elsewhere is not ours to restructure.
    throw new Error("attachFile: the /EmbeddedFiles name tree has /Kids; only a flat tree is supported");
  }
  return tree;
}

export function attachFile(
  doc: PDFDocument,
  file: {
    name: string;
    bytes: Uint8Array;
    mimeType: string;
    description: string;
    relationship: "Data" | "Source" | "Alternative" | "Supplement" | "Unspecified";
    modified: Date;
  },
): void {
  const context = doc.context;
  const catalog = doc.catalog;

  const stream = context.flateStream(file.bytes, {
    Type: "EmbeddedFile",
    Subtype: file.mimeType,
    Params: { Size: file.bytes.length, ModDate: PDFString.fromDate(file.modified) },
  });
  const streamRef = context.register(stream);
  const fileSpec = context.obj({
    Type: "Filespec",
    F: PDFString.of(file.name),
    UF: PDFHexString.fromText(file.name),
    Desc: PDFHexString.fromText(file.description),
    AFRelationship: file.relationship,
    EF: { F: streamRef, UF: streamRef },
  });
  const specRef = context.register(fileSpec);

  // Name tree leaf: [key1 value1 key2 value2 …] sorted by key; a same-named file is replaced.
  const tree = embeddedFilesTree(context, catalog);
  const existing = arrayOf(context, tree.get(PDFName.of("Names")));
  const pairs: [string, PDFObject, PDFObject][] = [];
  const replaced: PDFObject[] = [];
  if (existing) {
    for (let i = 0; i + 1 < existing.size(); i += 2) {
      const key = existing.get(i);
      if (keyText(key) === file.name) replaced.push(existing.get(i + 1));
      else pairs.push([keyText(key), key, existing.get(i + 1)]);
    }
  }
  pairs.push([file.name, PDFHexString.fromText(file.name), specRef]);
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const leaf = PDFArray.withContext(context);
  for (const [, key, value] of pairs) {
    leaf.push(key);
    leaf.push(value);
  }
  tree.set(PDFName.of("Names"), leaf);
  tree.delete(PDFName.of("Limits")); // a root node has no /Limits

  // Catalog /AF: the document's associated files (ISO 19005-3 6.8, ISO 32000-2 14.13).
  let af = arrayOf(context, catalog.get(PDFName.of("AF")));
  if (!af) {
    af = PDFArray.withContext(context);
    catalog.set(PDFName.of("AF"), af);
  }
  for (let i = af.size() - 1; i >= 0; i--) if (replaced.includes(af.get(i))) af.remove(i);
  af.push(specRef);
}
