/**
 * Labels in normalised text: which field a segment names, the value after it, and whether a segment
 * starts a new field. OCR text (options.fuzzy) also matches labels with misread letters.
 */
import { levenshteinDistance } from "../../../../text/edit-distance.ts";
import { FIELD_LABELS, type FieldKey } from "../labels/fields.ts";
import { cleanValue, norm } from "../normalize-values.ts";
import type { MatchOptions, Seg } from "./extraction-context.ts";

const NON_STOP_OTHER = new Set(["tel", "phone", "fax", "email", "e mail"]);

/** OCR misreads ("Empfinger", "Descriptionof"): one edit per 6 letters, spaces ignored. */
export function fuzzyEqual(text: string, label: string): boolean {
  const a = text.replace(/ /g, "");
  const b = label.replace(/ /g, "");
  if (a === b) return true;
  if (b.length < 6) return false;
  return levenshteinDistance(a, b, b.length >= 12 ? 2 : 1) <= (b.length >= 12 ? 2 : 1);
}

/** The longest label at the start of a normalised text (whole words); OCR text also matches fuzzily. */
export function labelAt(n: string, options: MatchOptions): { key: FieldKey; label: string } | null {
  for (const l of FIELD_LABELS) {
    if (n === l.label || n.startsWith(`${l.label} `)) return l;
  }
  if (!options.fuzzy) return null;
  const words = n.split(" ");
  for (const l of FIELD_LABELS) {
    const k = l.label.split(" ").length;
    for (const take of [k, k - 1, k + 1]) {
      if (take < 1 || take > words.length) continue;
      if (fuzzyEqual(words.slice(0, take).join(" "), l.label)) return l;
    }
  }
  return null;
}

/** The value after a label in the same run ("Invoice No.: 42" → "42"), without the label's own tail. */
export function restAfterLabel(text: string, label: string): string {
  text = text.replace(/^\s*\(?(?:[1-9]|1\d|20)[.)]?\s+(?=[A-Za-zÀ-ÿ])/, "");
  // Walk the raw text until its normalised prefix covers the label.
  const words = label.split(" ").length;
  const re = /[A-Za-zÀ-ÿ0-9]+/g;
  let count = 0;
  let end = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    count += norm(m[0]).split(" ").filter(Boolean).length;
    end = m.index + m[0].length;
    if (count >= words) break;
  }
  let rest = text.slice(end);
  // "Invoice No.:", "Vessel/Voyage #", "(name, address)" and similar tails of the label itself.
  rest = rest.replace(/^\s*(\([^)]{0,80}\))?\s*(no\.?|nr\.?|n°|#)?\s*[:.#-]?\s*/i, "");
  return cleanValue(rest);
}

export function isLabelSeg(seg: Seg, options: MatchOptions): boolean {
  const l = labelAt(seg.n, options);
  if (!l) return false;
  if (l.key === "other" && NON_STOP_OTHER.has(l.label)) return false;
  // A label segment is short and mostly the label ("Consignee", "Port of loading:"), not a sentence.
  return seg.n.length <= l.label.length + 24;
}

/** A segment that starts a new field: a label alone (perhaps with its "(…)" hint) or "label: …". */
export function startsField(seg: Seg, options: MatchOptions): boolean {
  const l = labelAt(seg.n, options);
  if (!l || (l.key === "other" && NON_STOP_OTHER.has(l.label))) return false;
  return restAfterLabel(seg.text, l.label) === "" || /^[^:]{1,45}:/.test(seg.text);
}
