/**
 * What a dictionary tells the pre-flight as soon as it is read: an XFA form, an AcroForm, a page tree
 * node's /Count or a page, encryption in a cross-reference stream, and whether the pages exceed the limit.
 */
import { pdfProblem } from "../pdf-problem.ts";
import { type Dict, nameOf } from "./pdf-values.ts";
import { Abort, type ScanState } from "./scan-state.ts";

export function inspectDictionary(dict: Dict, state: ScanState): void {
  if (dict.has("XFA") && !state.limits.allowXfa)
    throw new Abort(pdfProblem("xfa", "The PDF is an XFA form (Adobe LiveCycle); only standard AcroForm PDFs are supported."));
  if (dict.has("AcroForm")) state.hasAcroForm = true;
  const type = nameOf(dict.get("Type"));
  if (type === "Pages") {
    const count = dict.get("Count");
    if (typeof count === "number" && count > state.declaredPages) state.declaredPages = count;
  } else if (type === "Page") {
    state.pageObjects++;
  } else if (type === "XRef" && dict.has("Encrypt")) {
    throw new Abort(pdfProblem("encrypted", "The PDF is encrypted or password-protected."));
  }
  const pages = Math.max(state.declaredPages, state.pageObjects);
  if (pages > state.limits.maxPages) {
    throw new Abort(pdfProblem("too_many_pages", `The PDF has ${pages} pages; at most ${state.limits.maxPages} are accepted.`));
  }
}
