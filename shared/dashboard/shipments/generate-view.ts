/**
 * Generate documents: choose the types, then the answer of generate in words — pre-check errors on their
 * fields (blocking), soft warnings to confirm, validation failures, or limits. Pure.
 */
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { DOCUMENT_TYPES, type DocumentType } from "../../document-types/identities.ts";
import type { ShipmentRecord } from "../../shipments/shipment-record.ts";
import { fieldLabel } from "./form-fields.ts";
import { findingItem } from "./form-view.ts";
import type { FieldFinding } from "./findings.ts";
import { documentTitle, fieldId, type Html } from "./view-helpers.ts";

export interface GenerateViewModel {
  shipment: ShipmentRecord;
  csrf: HtmlEscapedString;
  chosen: DocumentType[];
  finalDoc: boolean;
  /** Pre-check errors (blocking) or soft warnings, placed on their fields. */
  findings: FieldFinding[];
  /** Soft warnings only: offer "generate anyway". */
  confirm: boolean;
}

function typeChecks(chosen: readonly DocumentType[], disabled = false): Html {
  return html`<fieldset class="checks"><legend>Document types</legend><div class="doc-type-grid">
    ${DOCUMENT_TYPES.map((t) => html`<label><input type="checkbox" name="doc_types" value="${t}"${chosen.includes(t) ? html` checked` : ""}${disabled ? html` disabled` : ""}> ${documentTitle(t)}</label>`)}
  </div></fieldset>`;
}

export function renderGeneratePage(m: GenerateViewModel): Html {
  const s = m.shipment;
  const byField = new Map<string, FieldFinding[]>();
  for (const f of m.findings) byField.set(f.field, [...(byField.get(f.field) ?? []), f]);
  const blocking = m.findings.some((f) => f.severity === "blocking");
  return html`<p><a href="/dashboard/shipments/${s.id}">Back to the shipment</a> · ${s.generation_count} of ${s.max_generations} generations used.</p>
    ${
      m.findings.length > 0
        ? html`<section class="card" aria-labelledby="checks-h">
          <h2 id="checks-h">${blocking ? "These fields must be filled before the documents can be generated" : "Some recommended fields are empty"}</h2>
          ${blocking ? "" : html`<p>The documents will have blank fillable fields for them. Fill them in the edit form, or generate anyway.</p>`}
          <ul class="by-field">${[...byField].map(
            ([field, list]) => html`<li>${
              field
                ? html`<a href="/dashboard/shipments/${s.id}/edit?${m.chosen.map((t) => `doc_types=${t}`).join("&")}#${fieldId(field)}">${fieldLabel(field)}</a>`
                : html`General`
            }
              <ul class="findings">${list.map(findingItem)}</ul></li>`,
          )}</ul>
          <p><a class="button button--secondary" href="/dashboard/shipments/${s.id}/edit?${m.chosen.map((t) => `doc_types=${t}`).join("&")}">Edit the shipment</a></p>
        </section>`
        : ""
    }
    ${
      m.confirm
        ? html`<form method="post" action="/dashboard/shipments/${s.id}/generate" class="card">
          ${m.csrf}
          ${m.chosen.map((t) => html`<input type="hidden" name="doc_types" value="${t}">`)}
          ${m.finalDoc ? html`<input type="hidden" name="final_doc" value="on">` : ""}
          <input type="hidden" name="confirm_warnings" value="yes">
          <div class="actions"><button type="submit" class="button">Generate anyway with blank fields</button>
          <a href="/dashboard/shipments/${s.id}/generate">Choose other documents</a></div>
        </form>`
        : html`<form method="post" action="/dashboard/shipments/${s.id}/generate" class="card">
          ${m.csrf}
          ${typeChecks(m.chosen)}
          <div class="field"><label class="inline-check"><input type="checkbox" name="final_doc"${m.finalDoc ? html` checked` : ""}> Final documents (no fillable fields for missing values)</label></div>
          <p class="muted">The shipment is validated with these document types first; documents are generated only when no error rule fails.</p>
          <div class="actions"><button type="submit" class="button">Generate documents</button></div>
        </form>`
    }`;
}
