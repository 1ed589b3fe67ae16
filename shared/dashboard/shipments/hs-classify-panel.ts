/**
 * The shipment form's HS classification of a line item (issue 41): the item's description and the
 * attributes typed beside it go to the classifier of the destination's schedule; its candidates and
 * questions come back as buttons of the form (each a POST of the whole form, with its CSRF token): an
 * option narrows, a candidate fills the line item's HS code field. Works without JavaScript.
 * renderClassifyPanel is pure; readClassifyAction and attributesFromText parse what the form posts.
 */
import { html } from "hono/html";
import type { ClassifyResponse } from "../../hs-codes/classify/classify-service.ts";
import type { Answer } from "../../hs-codes/classify/apply-answers.ts";
import type { Html } from "./view-helpers.ts";

export interface ClassifyPanel {
  row: number;
  schedule: string;
  attributesText: string;
  answers: Answer[];
  result?: ClassifyResponse;
  note?: string;
}

/**
 * Input names of the panel's own values: not shipment fields (the shipment parser reads only those), but
 * named like the row's inputs so that form.js renumbers them in a copied row.
 */
export const attributesInput = (row: number) => `goods.line_items.${row}.hs_attributes`;
export const answersInput = (row: number) => `goods.line_items.${row}.hs_answers`;

/**
 * "material: cotton 95%, elastane 5%; item_type: dress" (or one pair a line) as attributes: keys made
 * lower-case snake case ("Item type" → item_type), a line without ":" is skipped.
 */
export function attributesFromText(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(/[;\n]/)) {
    const at = part.indexOf(":");
    if (at <= 0) continue;
    const key = part
      .slice(0, at)
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "");
    const value = part.slice(at + 1).trim();
    if (/^[a-z]/.test(key) && value !== "" && Object.keys(out).length < 40) out[key.slice(0, 60)] = value.slice(0, 300);
  }
  return out;
}

/** The answers carried in the hidden input: "question:option" pairs joined with ",". */
export function answersFromText(text: string): Answer[] {
  return text
    .split(",")
    .map((p) => p.trim().split(":"))
    .filter((p) => p.length === 2 && /^q[0-9a-z]{1,20}$/.test(p[0]) && /^o[0-9a-z]{1,20}$/.test(p[1]))
    .slice(0, 20)
    .map(([question_id, option_id]) => ({ question_id, option_id }));
}

export const answersText = (answers: readonly Answer[]) => answers.map((a) => `${a.question_id}:${a.option_id}`).join(",");

export type ClassifyAction =
  | { kind: "classify"; row: number }
  | { kind: "answer"; row: number; answer: Answer }
  | { kind: "pick"; row: number; code: string };

/** The form button pressed, when it is one of the panel's. */
export function readClassifyAction(action: string): ClassifyAction | null {
  let m = /^classify:(\d{1,4})$/.exec(action);
  if (m) return { kind: "classify", row: Number(m[1]) };
  m = /^hs-answer:(\d{1,4}):(q[0-9a-z]{1,20}):(o[0-9a-z]{1,20})$/.exec(action);
  if (m) return { kind: "answer", row: Number(m[1]), answer: { question_id: m[2], option_id: m[3] } };
  m = /^hs-pick:(\d{1,4}):([0-9]{2,10})$/.exec(action);
  if (m) return { kind: "pick", row: Number(m[1]), code: m[2] };
  return null;
}

/** The attributes field and the classify button of a line item, and the panel when it is this row's. */
export function renderClassifyPanel(row: number, attributesText: string, panel: ClassifyPanel | undefined): Html {
  const id = `f-goods-line_items-${row}-hs_attributes`;
  const mine = panel?.row === row ? panel : undefined;
  return html`<div class="field hs-classify">
      <label for="${id}">Attributes for classifying line item ${row + 1}</label>
      <input type="text" id="${id}" name="${attributesInput(row)}" value="${attributesText}" aria-describedby="${id}-hint" autocomplete="off">
      <p class="hint" id="${id}-hint">Optional, e.g. <code>material: cotton 95%, elastane 5%; item_type: dress; gender: women</code></p>
    </div>
    <div class="actions"><button type="submit" class="button button--secondary" name="action" value="classify:${row}">Classify line item ${row + 1}</button></div>
    ${mine ? panelBody(mine) : ""}`;
}

function panelBody(p: ClassifyPanel): Html {
  const r = p.result;
  const status =
    p.note ?? (r ? (r.resolved ? `One line of the ${p.schedule} fits.` : `${r.candidates.length} candidates from the ${p.schedule}.`) : "");
  return html`<section class="hs-panel" aria-label="HS classification of line item ${p.row + 1}">
    <input type="hidden" name="${answersInput(p.row)}" value="${answersText(p.answers)}">
    <p class="hint" role="status">${status}</p>
    ${(r?.questions ?? []).map(
      (q) =>
        html`<fieldset class="hs-question"><legend>${q.text}</legend><div class="actions">${q.options.map(
          (o) =>
            html`<button type="submit" class="button button--secondary" name="action" value="hs-answer:${p.row}:${q.id}:${o.id}">${o.label}</button>`,
        )}</div></fieldset>`,
    )}
    ${
      r && r.candidates.length > 0
        ? html`<ol class="hs-candidates">${r.candidates.map(
            (
              c,
            ) => html`<li><button type="submit" class="button button--link" name="action" value="hs-pick:${p.row}:${c.code}">Use ${c.code}</button>
              <span class="hint">${c.full_description}</span></li>`,
          )}</ol>`
        : ""
    }
  </section>`;
}
