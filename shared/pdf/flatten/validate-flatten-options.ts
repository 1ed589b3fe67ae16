import { DEFAULT_INSPECT_LIMITS, type InspectLimits } from "../inspect-pdf.ts";
import { srgbIccProfile } from "../srgb-icc.ts";
import type { FlattenOptions } from "./flatten-types.ts";

function validateIcc(profile: Uint8Array): void {
  const ascii = (at: number) => String.fromCharCode(...profile.subarray(at, at + 4));
  if (profile.length < 132 || ascii(36) !== "acsp" || ascii(16) !== "RGB " || !["mntr", "prtr"].includes(ascii(12))) {
    throw new TypeError("flattenToPdfA: `iccProfile` must be an RGB display or output ICC profile");
  }
}

/** Checks the caller's options (a TypeError names the bad one); returns the ICC profile and the limits to use. */
export function validateFlattenOptions(options: FlattenOptions): { icc: Uint8Array; limits: InspectLimits } {
  if (!(options.now instanceof Date) || Number.isNaN(options.now.getTime()))
    throw new TypeError("flattenToPdfA: `now` must be a valid Date");
  if (options.hashStamp !== undefined) {
    // eslint-disable-next-line no-control-regex
    if (
      typeof options.hashStamp !== "string" ||
      options.hashStamp.trim() === "" ||
      options.hashStamp.length > 256 ||
      /[\u0000-\u001f\u007f]/.test(options.hashStamp)
    ) {
      throw new TypeError("flattenToPdfA: `hashStamp` must be 1–256 printable characters");
    }
  }
  if (options.title !== undefined && (typeof options.title !== "string" || options.title.length > 1000)) {
    throw new TypeError("flattenToPdfA: `title` must be a string of at most 1000 characters");
  }
  for (const file of options.pdfa3?.attachments ?? []) {
    if (
      !file ||
      typeof file.name !== "string" ||
      !file.name ||
      !(file.bytes instanceof Uint8Array) ||
      !/^[\w.+-]+\/[\w.+-]+$/.test(file.mimeType)
    )
      throw new TypeError("flattenToPdfA: each of `pdfa3.attachments` needs a name, bytes and a MIME type");
  }
  const prefixes = new Set(["x", "rdf", "pdfaid", "dc", "xmp", "pdf", "xmpMM", "pdfaExtension", "pdfaSchema", "pdfaProperty", "tds"]);
  for (const schema of [...(options.xmpExtensions ?? []), ...(options.pdfa3?.xmpExtensions ?? [])]) {
    // A prefix the packet already binds (or one given twice) would make two schemas share a prefix (6.6.2.3.1).
    const named = /^[A-Za-z_][\w-]*$/;
    if (
      !schema ||
      !named.test(schema.prefix) ||
      prefixes.has(schema.prefix) ||
      typeof schema.namespaceURI !== "string" ||
      !schema.namespaceURI ||
      !Array.isArray(schema.properties) ||
      schema.properties.some((p) => !named.test(p.name) || typeof p.value !== "string")
    )
      throw new TypeError("flattenToPdfA: each XMP extension schema needs its own prefix, a namespace URI and named text properties");
    prefixes.add(schema.prefix);
  }
  const icc = options.iccProfile ?? srgbIccProfile();
  validateIcc(icc);
  return { icc, limits: { ...DEFAULT_INSPECT_LIMITS, ...options.limits } };
}
