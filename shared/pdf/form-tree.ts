/**
 * The AcroForm field tree, walked by hand (iteratively, with cycle and size limits) so that reading and
 * flattening see exactly the same fields: terminal fields with their fully qualified dotted names
 * (ISO 32000-1 12.7.3.2), inherited attributes (FT, Ff, V, DA, Q, MaxLen — 12.7.3.1), and their widget
 * annotations (kids without /T, or the field dictionary itself when field and widget are merged).
 */
import { type PDFContext, type PDFDict, PDFName, type PDFObject, PDFRef } from "pdf-lib";
import { arrayOf, boolOf, dictOf, dictsIn, nameOf, numberOf, textOf } from "./pdf-objects.ts";
import { pdfProblem, PdfProblemError } from "./pdf-problem.ts";

export type FieldKind = "text" | "checkbox" | "radio" | "button" | "dropdown" | "option_list" | "signature" | "unknown";

/** Field flags (ISO 32000-1 tables 221, 226, 228, 230). */
export const FieldFlags = {
  ReadOnly: 1 << 0,
  Required: 1 << 1,
  NoExport: 1 << 2,
  Multiline: 1 << 12,
  Password: 1 << 13,
  NoToggleToOff: 1 << 14,
  Radio: 1 << 15,
  Pushbutton: 1 << 16,
  Combo: 1 << 17,
  FileSelect: 1 << 20,
  RichText: 1 << 25,
} as const;

/** Annotation flags (ISO 32000-1 table 165). */
export const AnnotFlags = {
  Invisible: 1 << 0,
  Hidden: 1 << 1,
  Print: 1 << 2,
  NoView: 1 << 5,
  ToggleNoView: 1 << 8,
} as const;

export interface WidgetEntry {
  dict: PDFDict;
  ref: PDFRef | undefined;
}

export interface TerminalField {
  /** Fully qualified name: partial names (/T) of the field and its ancestors joined with ".". */
  name: string;
  kind: FieldKind;
  dict: PDFDict;
  ref: PDFRef | undefined;
  flags: number;
  /** The (inherited) /V object, unresolved. */
  value: PDFObject | undefined;
  /** The (inherited) default appearance string. */
  da: string | undefined;
  /** The (inherited) quadding: 0 left, 1 centre, 2 right. */
  quadding: number | undefined;
  widgets: WidgetEntry[];
}

export interface FormTree {
  fields: TerminalField[];
  /** True when the AcroForm asks viewers to regenerate appearances. */
  needAppearances: boolean;
}

export interface FormLimits {
  maxFields: number;
  maxDepth: number;
}

export const DEFAULT_FORM_LIMITS: FormLimits = { maxFields: 10_000, maxDepth: 32 };

function kindOf(fieldType: string | undefined, flags: number): FieldKind {
  switch (fieldType) {
    case "Tx":
      return "text";
    case "Btn":
      if (flags & FieldFlags.Pushbutton) return "button";
      if (flags & FieldFlags.Radio) return "radio";
      return "checkbox";
    case "Ch":
      return flags & FieldFlags.Combo ? "dropdown" : "option_list";
    case "Sig":
      return "signature";
    default:
      return "unknown";
  }
}

interface Inherited {
  name: string;
  ft: string | undefined;
  ff: number;
  v: PDFObject | undefined;
  da: string | undefined;
  q: number | undefined;
}

/** Walks /AcroForm /Fields. Throws PdfProblemError(too_complex) past the limits, corrupt on cycles. */
export function readFormTree(context: PDFContext, catalog: PDFDict, limits: FormLimits = DEFAULT_FORM_LIMITS): FormTree {
  const acroForm = dictOf(context, catalog.get(PDFName.of("AcroForm")));
  if (!acroForm) return { fields: [], needAppearances: false };
  const needAppearances = boolOf(context, acroForm.get(PDFName.of("NeedAppearances"))) === true;
  const roots = arrayOf(context, acroForm.get(PDFName.of("Fields")));
  const fields: TerminalField[] = [];
  if (!roots) return { fields, needAppearances };

  const seen = new Set<PDFDict>();
  const rootDa = textOf(context, acroForm.get(PDFName.of("DA")));
  const rootQ = numberOf(context, acroForm.get(PDFName.of("Q")));
  const base: Inherited = { name: "", ft: undefined, ff: 0, v: undefined, da: rootDa, q: rootQ };
  const stack: { object: PDFObject | undefined; parent: Inherited; depth: number }[] = [];
  for (let i = roots.size() - 1; i >= 0; i--) stack.push({ object: roots.get(i), parent: base, depth: 0 });

  let visited = 0;
  while (stack.length > 0) {
    const { object, parent, depth } = stack.pop()!;
    const dict = dictOf(context, object);
    if (!dict) continue;
    if (seen.has(dict)) throw new PdfProblemError(pdfProblem("corrupt", "The PDF is damaged: its form field tree contains a cycle."));
    seen.add(dict);
    if (++visited > limits.maxFields * 4 || depth > limits.maxDepth) {
      throw new PdfProblemError(pdfProblem("too_complex", "The PDF's form field tree is too large or too deep."));
    }
    const partial = textOf(context, dict.get(PDFName.of("T")));
    const own: Inherited = {
      name: partial === undefined ? parent.name : parent.name === "" ? partial : `${parent.name}.${partial}`,
      ft: nameOf(context, dict.get(PDFName.of("FT"))) ?? parent.ft,
      ff: numberOf(context, dict.get(PDFName.of("Ff"))) ?? parent.ff,
      v: dict.get(PDFName.of("V")) ?? parent.v,
      da: textOf(context, dict.get(PDFName.of("DA"))) ?? parent.da,
      q: numberOf(context, dict.get(PDFName.of("Q"))) ?? parent.q,
    };
    const childFields: PDFObject[] = [];
    const widgets: WidgetEntry[] = [];
    for (const { entry: kidObject, dict: kid } of dictsIn(context, dict.get(PDFName.of("Kids")))) {
      // A kid with /T is a field; a kid without /T is a widget annotation of this field.
      if (kid.has(PDFName.of("T"))) childFields.push(kidObject);
      else if (kid.has(PDFName.of("Kids")))
        childFields.push(kidObject); // unnamed intermediate node
      else widgets.push({ dict: kid, ref: kidObject instanceof PDFRef ? kidObject : undefined });
    }
    if (childFields.length > 0) {
      for (let i = childFields.length - 1; i >= 0; i--) stack.push({ object: childFields[i], parent: own, depth: depth + 1 });
      if (widgets.length === 0) continue;
    }
    if (widgets.length === 0 && (dict.has(PDFName.of("Rect")) || nameOf(context, dict.get(PDFName.of("Subtype"))) === "Widget")) {
      widgets.push({ dict, ref: object instanceof PDFRef ? object : undefined });
    }
    fields.push({
      name: own.name,
      kind: kindOf(own.ft, own.ff),
      dict,
      ref: object instanceof PDFRef ? object : undefined,
      flags: own.ff,
      value: own.v,
      da: own.da,
      quadding: own.q,
      widgets,
    });
    if (fields.length > limits.maxFields) {
      throw new PdfProblemError(pdfProblem("too_complex", `The PDF has more than ${limits.maxFields} form fields.`));
    }
  }
  return { fields, needAppearances };
}
