import { IDENTITIES } from "../document-types/identities.ts";

export const DOCUMENT_REGISTRY_PATH = "shared/document-types/registry.ts";

/** A type's folder and export names follow from its name: VGM_DECLARATION → types/vgm-declaration/, vgmDeclaration. */
const folderOf = (type: string) => type.toLowerCase().replaceAll("_", "-");
const exportOf = (type: string) => type.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * shared/document-types/registry.ts: the descriptor of every type of IDENTITIES (identities.ts, the one
 * hand-written list), imported statically from its folder, because edge bundles and Deno need static
 * imports; written by `npm run docs:generate`, checked by tests/unit/generated-files.test.ts.
 */
export function renderDocumentRegistry(): string {
  const types = IDENTITIES.map((i) => i.type);
  return [
    "// Generated from the list of shared/document-types/identities.ts by npm run docs:generate: edit that list.",
    "/**",
    " * The descriptor of each document type (types/<type>/descriptor.ts), in the order of DOCUMENT_TYPES. The",
    " * layouts, the requirements table and endpoint, the pre-checks and soft warnings, the dashboard form, the",
    " * stage-4 rules and the sample shipments are derived from it.",
    " */",
    'import { DOCUMENT_TYPES, type DocumentType } from "./identities.ts";',
    'import type { DocumentTypeDescriptor } from "./descriptor.ts";',
    'import type { Layout } from "../documents/layouts/common.ts";',
    ...types.map((t) => `import { ${exportOf(t)} } from "./types/${folderOf(t)}/descriptor.ts";`),
    "",
    "export const DESCRIPTORS: readonly DocumentTypeDescriptor[] = [",
    ...types.map((t) => `  ${exportOf(t)},`),
    "];",
    "",
    "/** The descriptor of each type; loading fails when a descriptor names another type than its folder's. */",
    "export const DESCRIPTOR_OF: Readonly<Record<DocumentType, DocumentTypeDescriptor>> = (() => {",
    "  const wrong = DESCRIPTORS.filter((d, i) => d.type !== DOCUMENT_TYPES[i]).map((d) => d.type);",
    '  if (wrong.length > 0) throw new Error(`Document-type registry: descriptors of the wrong type: ${wrong.join(", ")}`);',
    "  return Object.fromEntries(DESCRIPTORS.map((d) => [d.type, d])) as Record<DocumentType, DocumentTypeDescriptor>;",
    "})();",
    "",
    "/** The layout of each type (what the renderer of shared/documents draws). */",
    "const layoutOf = (d: DocumentTypeDescriptor): [DocumentType, Layout] => [d.type, d.layout];",
    "export const LAYOUTS = Object.fromEntries(DESCRIPTORS.map(layoutOf)) as Readonly<Record<DocumentType, Layout>>;",
    "",
  ].join("\n");
}
