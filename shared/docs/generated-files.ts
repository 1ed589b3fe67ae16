import { renderErrorCodesDoc } from "./render-error-codes-doc.ts";
import { renderImportMap } from "./render-import-map.ts";
import { DOCUMENT_REGISTRY_PATH, renderDocumentRegistry } from "./render-document-registry.ts";
import { renderRulesDoc } from "../rules/rules-doc.ts";
import { CONFIG_TOML_PATH, renderConfigToml, renderFunctionIndex, renderFunctionRoutes } from "./render-edge-functions.ts";
import { EDGE_FUNCTIONS } from "../route-catalog/edge-functions.ts";
import { REFERENCE_SOURCE_DEFAULTS_PATH, renderReferenceSourceDefaults } from "./render-reference-source-defaults.ts";

/** Files generated from a single source of truth: path (from the repo root) → renderer. `npm run docs:generate` writes them. */
export const GENERATED_FILES: Record<string, () => string> = {
  "docs/errors.md": renderErrorCodesDoc,
  "docs/rules.md": renderRulesDoc,
  "supabase/import_map.json": renderImportMap,
  [CONFIG_TOML_PATH]: () => renderConfigToml(),
  "shared/route-catalog/function-routes.ts": renderFunctionRoutes,
  [REFERENCE_SOURCE_DEFAULTS_PATH]: renderReferenceSourceDefaults,
  [DOCUMENT_REGISTRY_PATH]: renderDocumentRegistry,
  ...Object.fromEntries(EDGE_FUNCTIONS.map((fn) => [`functions/${fn.name}/index.ts`, () => renderFunctionIndex(fn)])),
};
