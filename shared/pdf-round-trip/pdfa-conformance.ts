/**
 * The PDF/A levels flatten-document writes: "2b", the spec's "direct PDF/A-2b output" and the default, or
 * "3b" on request (ISO 19005-3 allows the credential to stay an embedded file). Its own module so the
 * router can name them without loading the flattener.
 */
export const PDFA_CONFORMANCES = ["2b", "3b"] as const;
export type PdfAConformance = (typeof PDFA_CONFORMANCES)[number];
