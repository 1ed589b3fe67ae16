import { renderErrorCodesDoc } from "./render-error-codes-doc.ts";
import { renderImportMap } from "./render-import-map.ts";
import { renderRulesDoc } from "../rules/rules-doc.ts";

/** Files generated from a single source of truth: path (from the repo root) → renderer. */
export const GENERATED_DOCS: Record<string, () => string> = {
  "docs/errors.md": renderErrorCodesDoc,
  "docs/rules.md": renderRulesDoc,
  "supabase/import_map.json": renderImportMap,
};
