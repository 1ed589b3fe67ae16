import { stripAccents } from "../text/fold.ts";

/** The upload types POST /api/v1/extract takes, recognised by their bytes (never by the name alone). */
export const FILE_KINDS = ["pdf", "png", "jpeg", "tiff", "xlsx", "xls"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const KIND_CONTENT_TYPES: Record<FileKind, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  tiff: "image/tiff",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xls: "application/vnd.ms-excel",
};

const EXTENSIONS: Record<string, FileKind> = {
  pdf: "pdf",
  png: "png",
  jpg: "jpeg",
  jpeg: "jpeg",
  tif: "tiff",
  tiff: "tiff",
  xlsx: "xlsx",
  xls: "xls",
};

const MEDIA_TYPES: Record<string, FileKind> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/jpg": "jpeg",
  "image/pjpeg": "jpeg",
  "image/tiff": "tiff",
  "image/tif": "tiff",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.ms-excel": "xls",
  "application/msexcel": "xls",
  "application/x-msexcel": "xls",
  "application/x-excel": "xls",
  "application/x-xls": "xls",
};

function startsWith(bytes: Uint8Array, sig: number[], at = 0): boolean {
  if (bytes.length < at + sig.length) return false;
  return sig.every((b, i) => bytes[at + i] === b);
}

function containsAscii(bytes: Uint8Array, text: string, limit = bytes.length): boolean {
  const needle = Array.from(text, (c) => c.charCodeAt(0));
  const end = Math.min(bytes.length, limit) - needle.length;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * What the bytes are. A zip counts as xlsx only with an `xl/` part, a compound file (OLE2) as xls only
 * with a Workbook stream name: a .docx or .doc is not a spreadsheet.
 */
/** A TIFF's byte-order mark and magic number (II*\0 or MM\0*). */
export function isTiff(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]);
}

export function sniffFileKind(bytes: Uint8Array): FileKind | "zip" | "ole2" | null {
  // A PDF may have a little junk before the header (the PDF spec allows the first 1024 bytes).
  if (containsAscii(bytes, "%PDF-", 1024)) return "pdf";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (isTiff(bytes)) return "tiff";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return containsAscii(bytes, "xl/") ? "xlsx" : "zip";
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // Directory entry names are UTF-16LE: "Workbook" (BIFF8) or "Book" (BIFF5).
    const utf16 = (s: string) =>
      Array.from(s)
        .map((c) => String.fromCharCode(c.charCodeAt(0), 0))
        .join("");
    return containsAscii(bytes, utf16("Workbook")) || containsAscii(bytes, utf16("Book")) ? "xls" : "ole2";
  }
  return null;
}

/** The kind a name or a media type claims (null when neither names a supported type). */
export function declaredFileKind(fileName: string, contentType: string): FileKind | null {
  const media = contentType.split(";")[0].trim().toLowerCase();
  if (MEDIA_TYPES[media]) return MEDIA_TYPES[media];
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return ext && EXTENSIONS[ext] ? EXTENSIONS[ext] : null;
}

/** A file name safe as the last segment of a blob key: [A-Za-z0-9._-], at most 100 characters, never empty. */
export function safeFileName(name: string, kind: FileKind): string {
  const base = stripAccents(name.split(/[\\/]/).pop() ?? "")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._]+/, "")
    .slice(-100);
  if (base && base !== "." && base !== ".." && /[A-Za-z0-9]/.test(base)) return base;
  return `upload.${kind === "jpeg" ? "jpg" : kind === "tiff" ? "tif" : kind}`;
}
