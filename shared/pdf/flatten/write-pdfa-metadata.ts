/**
 * Document identity and metadata of the PDF/A copy: trailer /ID (the original permanent identifier kept, a
 * new instance one: 14.4), an Info dictionary consistent with the XMP (pdfaid 2/B or 3/B, dc, xmp, pdf, xmpMM,
 * tds:hashStamp, a caller's extension schemas), and the sRGB OutputIntent.
 */
import { type PDFContext, type PDFDict, PDFHexString, PDFName, type PDFObject, PDFRef, PDFString } from "pdf-lib";
import { bytesToHex } from "../../hashing/bytes-to-hex.ts";
import { sha256 } from "../../hashing/sha256.ts";
import { arrayOf, dictOf, textOf } from "../pdf-objects.ts";
import { SRGB_OUTPUT_CONDITION } from "../srgb-icc.ts";
import { buildXmp } from "../xmp.ts";
import { type FlattenOptions, PDFA3_PRODUCER, PDFA_PRODUCER } from "./flatten-types.ts";

/** What the input says about itself, read before the cleanup removes the old Info dictionary. */
export interface SourceMetadata {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  creatorTool?: string;
  createDate: Date;
  modifyDate: Date;
  oldFirstId: PDFObject | undefined;
}

const hex = (bytes: Uint8Array): string => bytesToHex(bytes).toUpperCase();

function uuidOf(bytes: Uint8Array): string {
  const h = bytesToHex(bytes.subarray(0, 16)).padEnd(32, "0");
  return `uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** SHA-256 of the parts, each followed by a 0 byte (so that "ab"+"c" and "a"+"bc" differ). */
function sha256OfParts(parts: (Uint8Array | string)[]): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const chunks = parts.map((p) => (typeof p === "string" ? encoder.encode(p) : p));
  const total = new Uint8Array(chunks.reduce((n, c) => n + c.length + 1, 0));
  let at = 0;
  for (const c of chunks) {
    total.set(c, at);
    at += c.length + 1; // separator byte 0
  }
  return sha256(total);
}

function truncateToSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

function dateOf(context: PDFContext, object: PDFObject | undefined): Date | undefined {
  const value = object instanceof PDFRef ? context.lookup(object) : object;
  if (!(value instanceof PDFString || value instanceof PDFHexString)) return undefined;
  try {
    const date = value.decodeDate();
    return Number.isNaN(date.getTime()) ? undefined : date;
  } catch {
    return undefined;
  }
}

export function readSourceMetadata(context: PDFContext, options: FlattenOptions): SourceMetadata {
  const info = dictOf(context, context.trailerInfo.Info);
  const text = (key: string) => (info ? textOf(context, info.get(PDFName.of(key))) : undefined);
  const oldId = arrayOf(context, context.trailerInfo.ID as PDFObject | undefined);
  return {
    title: options.title ?? text("Title"),
    author: text("Author"),
    subject: text("Subject"),
    keywords: text("Keywords"),
    creatorTool: text("Creator"),
    createDate: truncateToSeconds((info ? dateOf(context, info.get(PDFName.of("CreationDate"))) : undefined) ?? options.now),
    modifyDate: truncateToSeconds(options.now),
    oldFirstId: oldId && oldId.size() > 0 ? context.lookup(oldId.get(0)) : undefined,
  };
}

/** Writes /ID, Info, XMP metadata and the OutputIntent; the new identifier is derived from the input and options. */
export async function writePdfAMetadata(
  context: PDFContext,
  catalog: PDFDict,
  source: SourceMetadata,
  input: { bytes: Uint8Array; options: FlattenOptions; icc: Uint8Array },
): Promise<void> {
  const { bytes, options, icc } = input;
  const { oldFirstId, ...meta } = source;
  // File identifiers: keep the original permanent identifier, a new one for this version (14.4).
  const digest = await sha256OfParts([bytes, options.now.toISOString(), options.hashStamp ?? "", options.title ?? ""]);
  const instance = digest.slice(0, 16);
  const permanent =
    (oldFirstId instanceof PDFHexString || oldFirstId instanceof PDFString) && oldFirstId.asBytes().length >= 16
      ? oldFirstId.asBytes().slice(0, 16)
      : digest.slice(16, 32);
  context.trailerInfo.ID = context.obj([PDFHexString.of(hex(permanent)), PDFHexString.of(hex(instance))]);
  context.trailerInfo.Encrypt = undefined;

  // Info dictionary, consistent with the XMP below.
  const infoDict = context.obj({});
  const setText = (key: string, value: string | undefined) => {
    if (value !== undefined) infoDict.set(PDFName.of(key), PDFHexString.fromText(value));
  };
  setText("Title", meta.title);
  setText("Author", meta.author);
  setText("Subject", meta.subject);
  setText("Keywords", meta.keywords);
  setText("Creator", meta.creatorTool);
  const producer = options.pdfa3 ? PDFA3_PRODUCER : PDFA_PRODUCER;
  setText("Producer", producer);
  infoDict.set(PDFName.of("CreationDate"), PDFString.fromDate(meta.createDate));
  infoDict.set(PDFName.of("ModDate"), PDFString.fromDate(meta.modifyDate));
  context.trailerInfo.Info = context.register(infoDict);

  const xmp = buildXmp({
    ...meta,
    producer,
    documentId: uuidOf(permanent),
    instanceId: uuidOf(instance),
    hashStamp: options.hashStamp,
    part: options.pdfa3 ? 3 : 2,
    extensions: [...(options.xmpExtensions ?? []), ...(options.pdfa3?.xmpExtensions ?? [])],
  });
  const metadata = context.stream(new TextEncoder().encode(xmp), { Type: "Metadata", Subtype: "XML" });
  catalog.set(PDFName.of("Metadata"), context.register(metadata));

  const profile = context.register(context.flateStream(icc, { N: 3 }));
  const intent = context.obj({
    Type: "OutputIntent",
    S: "GTS_PDFA1",
    OutputConditionIdentifier: PDFString.of(SRGB_OUTPUT_CONDITION),
    RegistryName: PDFString.of("http://www.color.org"),
    Info: PDFString.of(SRGB_OUTPUT_CONDITION),
    DestOutputProfile: profile,
  });
  catalog.set(PDFName.of("OutputIntents"), context.obj([context.register(intent)]));
}
