/** The limits of the pre-flight (inspect-pdf.ts), shared by the form reader and the flattener. */
export interface InspectLimits {
  /** File size in bytes. */
  maxBytes: number;
  /** Pages (declared /Count or page objects). */
  maxPages: number;
  /** Direct nesting of arrays and dictionaries. */
  maxDepth: number;
  /** Declared (/Length) or actual length of one stream, in bytes. */
  maxStreamLength: number;
  /** Total decompressed size of object streams and cross-reference streams. */
  maxDecodedBytes: number;
  /** Indirect objects (top level and inside object streams) and cross-reference stream entries. */
  maxObjects: number;
  /**
   * List the streams the scan skips (content, fonts, images, embedded files) in the facts, so that a
   * reader which decodes them (text extraction) can charge their decoded size to the same budget
   * (measure-streams.ts). Off for the form reader and the flattener, which never decode them.
   */
  listStreams?: boolean;
  /** Let XFA forms through (a text reader reads their pages; the form reader cannot read their values). */
  allowXfa?: boolean;
}

export const DEFAULT_INSPECT_LIMITS: Readonly<InspectLimits> = Object.freeze({
  maxBytes: 50 * 1024 * 1024,
  maxPages: 1_000,
  maxDepth: 64,
  maxStreamLength: 32 * 1024 * 1024,
  maxDecodedBytes: 64 * 1024 * 1024,
  maxObjects: 250_000,
});
