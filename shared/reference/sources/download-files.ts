/**
 * Reading a source's downloaded files in its descriptor's parseDownload: decoding, and refusing what is
 * not the format expected (an HTML error page or a cut-off file is refused here, before the database is
 * touched) with a FormatError that says what was found.
 */
import type { Row } from "../../db/types.ts";
import type { DownloadedFile } from "../refresh/download-source.ts";
import { decodeReferenceBytes } from "../decode-reference-bytes.ts";

/** Thrown when a file is not what the source should publish; the message says what was found. */
export class FormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FormatError";
  }
}

export type DownloadedFiles = ReadonlyMap<string, DownloadedFile>;

export interface ParsedTable {
  rows: Row[];
  /** Publisher's edition or version when the files say it (name, address or content). */
  vintage: string | null;
  notes: string[];
}

/**
 * Readers of heavy formats the refresh lends a descriptor (refresh/parse-downloads.ts): kept out of the
 * descriptors so that the configuration and the validation, which read the descriptors, do not load them.
 */
export interface DownloadReaders {
  /** The named sheet (or the first) of an XLSX workbook, its first two columns as CSV text. */
  workbookSheetAsCsv: (file: DownloadedFile, sheet: string) => Promise<string>;
}

export const isZip = (b: Uint8Array) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

export async function text(file: DownloadedFile): Promise<string> {
  try {
    return (await decodeReferenceBytes(file.bytes)).text;
  } catch (e) {
    // A gzip stream cut short fails here.
    throw new FormatError(`${file.key}: cannot be decoded (${e instanceof Error ? e.message : String(e)})`);
  }
}

/** What the file starts with, for messages ("<!DOCTYPE html>…"). */
export function opening(s: string): string {
  return JSON.stringify(s.slice(0, 60).replace(/\s+/g, " "));
}

export function refuseHtml(key: string, s: string): void {
  if (/^\s*<(?:!doctype|html|head|body)/i.test(s))
    throw new FormatError(`${key}: an HTML page instead of the data file (starts ${opening(s)})`);
}

/**
 * What `parse` reads from a downloaded text. An HTML page, or a text the parser refuses, is a FormatError:
 * "<key>: not <what> (<reason>)", or "<key>: <reason>" without `what`.
 */
export function parseText<T>(key: string, s: string, parse: (s: string) => T, what?: string): T {
  refuseHtml(key, s);
  try {
    return parse(s);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new FormatError(what ? `${key}: not ${what} (${reason})` : `${key}: ${reason}`);
  }
}

/** The first version-like match in the publisher's file name or address. */
export function versionIn(file: DownloadedFile, re: RegExp): RegExpMatchArray | null {
  for (const s of [file.fileName, file.finalUrl, file.url]) {
    let decoded = s;
    try {
      decoded = decodeURIComponent(s);
    } catch {
      /* keep as is */
    }
    const m = decoded.match(re);
    if (m) return m;
  }
  return null;
}

export function need(files: DownloadedFiles, key: string): DownloadedFile {
  const f = files.get(key);
  if (!f) throw new FormatError(`${key}: missing`);
  return f;
}
