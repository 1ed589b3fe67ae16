import { renderErrorCodesDoc } from "./render-error-codes-doc.ts";
import { renderImportMap } from "./render-import-map.ts";

/** Files generated from a single source of truth: path (from the repo root) → renderer. */
export const GENERATED_DOCS: Record<string, () => string> = {
  "docs/errors.md": renderErrorCodesDoc,
  "supabase/import_map.json": renderImportMap,
};
