/**
 * The data-path ↔ form-field-path mapping is the PDF toolbox's (shared/pdf/field-paths.ts); this name is
 * kept only for field-requirements.ts, which the document-type descriptors will restructure.
 */
export * from "../pdf/field-paths.ts";
