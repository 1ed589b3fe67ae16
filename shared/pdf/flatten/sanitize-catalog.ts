import { type PDFContext, type PDFDict, PDFHexString, PDFName, type PDFObject } from "pdf-lib";
import { arrayOf, dictOf, textOf } from "../pdf-objects.ts";
import { sanitizeAction } from "./sanitize-action.ts";

/**
 * Document-level entries PDF/A forbids or this module rewrites: the form (flattened by now), open and
 * additional actions, JavaScript and embedded files in the name tree, optional-content configurations
 * (unique /Name, no /AS: 6.9), actions on outline items; Metadata and OutputIntents are written afresh.
 */
export function sanitizeCatalog(context: PDFContext, catalog: PDFDict): void {
  for (const key of [
    "AcroForm",
    "OpenAction",
    "AA",
    "NeedsRendering",
    "Requirements",
    "Perms",
    "Version",
    "Collection",
    "Metadata",
    "OutputIntents",
  ]) {
    catalog.delete(PDFName.of(key));
  }
  const names = dictOf(context, catalog.get(PDFName.of("Names")));
  if (names) {
    for (const key of ["JavaScript", "EmbeddedFiles", "AlternatePresentations"]) names.delete(PDFName.of(key));
    if (names.keys().length === 0) catalog.delete(PDFName.of("Names"));
  }
  // Optional content configurations need a unique /Name and no /AS (6.9).
  const oc = dictOf(context, catalog.get(PDFName.of("OCProperties")));
  if (oc) {
    const configs: PDFDict[] = [];
    const d = dictOf(context, oc.get(PDFName.of("D")));
    if (d) configs.push(d);
    const more = arrayOf(context, oc.get(PDFName.of("Configs")));
    if (more)
      for (let i = 0; i < more.size(); i++) {
        const c = dictOf(context, more.get(i));
        if (c) configs.push(c);
      }
    const used = new Set<string>();
    configs.forEach((config, i) => {
      config.delete(PDFName.of("AS"));
      let name = textOf(context, config.get(PDFName.of("Name"))) ?? "";
      if (name === "" || used.has(name)) name = `Configuration ${i + 1}`;
      used.add(name);
      config.set(PDFName.of("Name"), PDFHexString.fromText(name));
    });
  }
  // Outline items may carry actions.
  const outlines = dictOf(context, catalog.get(PDFName.of("Outlines")));
  if (outlines) {
    const seen = new Set<PDFDict>();
    const stack: (PDFObject | undefined)[] = [outlines.get(PDFName.of("First"))];
    while (stack.length > 0 && seen.size < 100_000) {
      const item = dictOf(context, stack.pop());
      if (!item || seen.has(item)) continue;
      seen.add(item);
      if (item.has(PDFName.of("A")) && !sanitizeAction(context, item.get(PDFName.of("A")))) item.delete(PDFName.of("A"));
      stack.push(item.get(PDFName.of("Next")), item.get(PDFName.of("First")));
    }
  }
}
