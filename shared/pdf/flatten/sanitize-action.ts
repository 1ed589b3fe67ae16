import { type PDFContext, PDFName, type PDFObject } from "pdf-lib";
import { dictOf, nameOf } from "../pdf-objects.ts";

const ALLOWED_ACTIONS = new Set(["GoTo", "GoToR", "GoToE", "Thread", "URI"]);
const ALLOWED_NAMED_ACTIONS = new Set(["NextPage", "PrevPage", "FirstPage", "LastPage"]);

/** True when an action dictionary is allowed by ISO 19005-2 6.5.1 (chained /Next actions are dropped). */
export function sanitizeAction(context: PDFContext, object: PDFObject | undefined): boolean {
  const action = dictOf(context, object);
  if (!action) return false;
  action.delete(PDFName.of("Next"));
  const type = nameOf(context, action.get(PDFName.of("S")));
  if (type === "Named") return ALLOWED_NAMED_ACTIONS.has(nameOf(context, action.get(PDFName.of("N"))) ?? "");
  return type !== undefined && ALLOWED_ACTIONS.has(type);
}
