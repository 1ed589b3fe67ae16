/**
 * Bytes of a reference file → text, the same for a folder's file and a download: the folder import and
 * the refresh both read through here.
 */

async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export interface DecodedText {
  text: string;
  encoding: "utf-8" | "windows-1252";
}

/**
 * Bytes → text: gzip is recognised by its magic bytes; UTF-8 is tried strictly first and
 * Windows-1252 (a superset of ISO-8859-1's printable range) is the fallback, because older UN/LOCODE
 * releases were published in ISO-8859-1. A BOM is dropped.
 */
export async function decodeReferenceBytes(raw: Uint8Array): Promise<DecodedText> {
  const bytes = raw.length > 2 && raw[0] === 0x1f && raw[1] === 0x8b ? await gunzip(raw) : raw;
  let text: string;
  let encoding: DecodedText["encoding"] = "utf-8";
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
    encoding = "windows-1252";
  }
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, encoding };
}
