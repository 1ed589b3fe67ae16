/**
 * The shipment form's classify buttons (hs-classify-panel.ts): classify a line item, answer one of the
 * tariff's questions, or use a candidate (which fills the line item's HS code field). Each re-renders
 * the form with the typed values; nothing is saved.
 */
import { AppError } from "../../errors/app-error.ts";
import { classifyHsCode } from "../../hs-codes/classify/classify-service.ts";
import { SCHEDULES } from "../../hs-codes/schedules.ts";
import type { FormState } from "./form-data.ts";
import {
  answersFromText,
  answersInput,
  attributesFromText,
  attributesInput,
  type ClassifyAction,
  type ClassifyPanel,
} from "./hs-classify-panel.ts";
import { type Body, type Ctx, one } from "./page-support.ts";
import { scheduleChoiceFor } from "./suggest-pages.ts";

/** The attributes text typed in each line item's field, by row. */
export function typedAttributes(body: Body, rows: number): Record<number, string> {
  const out: Record<number, string> = {};
  for (let i = 0; i < rows; i++) {
    const v = one(body, attributesInput(i)).slice(0, 2000);
    if (v !== "") out[i] = v;
  }
  return out;
}

export interface ClassifyStep {
  panel?: ClassifyPanel;
  notice?: { kind: "ok" | "error"; text: string };
}

export async function classifyStep(c: Ctx, state: FormState, body: Body, action: ClassifyAction): Promise<ClassifyStep> {
  const { row } = action;
  if (action.kind === "pick") {
    state.values[`goods.line_items.${row}.hs_code`] = action.code;
    return { notice: { kind: "ok", text: `HS code ${action.code} filled in for line item ${row + 1}; nothing is saved yet.` } };
  }
  const description = state.values[`goods.line_items.${row}.description`] ?? "";
  const choice = scheduleChoiceFor(state.values["route.destination_country"]);
  const schedule = SCHEDULES[choice.schedule].name;
  const attributesText = one(body, attributesInput(row)).slice(0, 2000);
  const answers = action.kind === "answer" ? [...answersFromText(one(body, answersInput(row))), action.answer] : [];
  const panel: ClassifyPanel = { row, schedule, attributesText, answers };
  if (description.trim() === "") return { panel: { ...panel, note: `Type the description of line item ${row + 1} first.` } };
  try {
    const result = await classifyHsCode(c.get("services").db, {
      description,
      country: choice.country,
      attributes: attributesFromText(attributesText),
      answers,
      limit: 8,
      wordVectors: c.get("services").config.hsSearch.wordVectors,
    });
    const note = result.candidates.length === 0 ? `No ${schedule} line fits "${description}".` : choice.note;
    return { panel: { ...panel, result, ...(note ? { note } : {}) } };
  } catch (e) {
    // Not imported, bad attributes, or answers of an earlier description: said in the panel, the form keeps working.
    if (e instanceof AppError) return { panel: { ...panel, answers: [], note: e.message } };
    throw e;
  }
}
