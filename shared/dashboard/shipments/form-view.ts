/**
 * The shipment form (new, edit, and the review of an extracted document): tabs from the field-requirements
 * table, required / recommended markers for the chosen document types, findings beside their fields,
 * repeatable line items and containers, saved-party and HS suggestions. Pure: everything it shows comes in.
 */
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { DOCUMENT_TYPES, type DocumentType } from "../../document-types/identities.ts";
import type { FormTab } from "../../document-types/field-requirements.ts";
import {
  DEMAND_BY_PATH,
  fieldLabel,
  REPEATABLE,
  TABS,
  fieldsOfTab,
  groupOf,
  requirementFor,
  type FormField,
  type RepeatableGroup,
} from "./form-fields.ts";
import { EXTRA_KEY, inputName, type FormState } from "./form-data.ts";
import { findingsByField, worstSeverity, type FieldFinding } from "./findings.ts";
import { confidenceText, isLowConfidence } from "./extraction-review.ts";
import { documentTitle, fieldId, type Html } from "./view-helpers.ts";
import { renderClassifyPanel, type ClassifyPanel } from "./hs-classify-panel.ts";

export interface Suggestion {
  value: string;
  label: string;
}

export interface FormViewModel {
  action: string;
  csrf: HtmlEscapedString;
  state: FormState;
  chosenTypes: DocumentType[];
  findings: FieldFinding[];
  /** Extraction review: confidence per input name. */
  confidence?: Record<string, number>;
  /** Names of saved parties (datalist of exporter/importer name). */
  partyNames: string[];
  /** HS suggestions per line-item row (no-JS "Suggest HS codes"). */
  hsSuggestions?: { row: number; schedule: string; items: Suggestion[]; note?: string };
  /** The classify panel of one line-item row (hs-classify-panel.ts), and the attributes typed per row. */
  hsClassify?: ClassifyPanel;
  hsAttributes?: Record<number, string>;
  shipmentRef: string;
  /** Which save buttons: a new shipment / review, a draft, or a shipment. */
  mode: "new" | "draft" | "shipment";
  /** Hidden values carried along (e.g. the extraction job id). */
  hidden?: Record<string, string>;
}

const LEVEL_TEXT = { required: "Required", recommended: "Recommended" } as const;

function marker(dataPath: string, chosen: readonly DocumentType[]): Html {
  const r = requirementFor(dataPath, chosen);
  const demand = DEMAND_BY_PATH.get(dataPath);
  // data-* carry the table for form.js, which updates the marker when the document types change.
  const attrs = demand
    ? html` data-required-for="${demand.required.join(" ")}" data-recommended-for="${demand.recommended.join(" ")}"`
    : html``;
  const text = r ? `${LEVEL_TEXT[r.level]} for ${r.types.map(documentTitle).join(", ")}` : "";
  const cls = r ? (r.level === "required" ? "badge badge--error marker" : "badge badge--warn marker") : "badge marker";
  return html`<span class="${cls}"${attrs}${r ? "" : html` hidden`}>${text}</span>`;
}

function findingList(findings: readonly FieldFinding[], id: string): Html {
  if (findings.length === 0) return html``;
  return html`<ul class="findings" id="${id}">
    ${findings.map((f) => findingItem(f))}
  </ul>`;
}

const SEVERITY_WORD: Record<FieldFinding["severity"], string> = {
  blocking: "Blocks generation",
  error: "Error",
  warning: "Warning",
  info: "Info",
};
const SEVERITY_BADGE: Record<FieldFinding["severity"], string> = {
  blocking: "badge badge--error",
  error: "badge badge--error",
  warning: "badge badge--warn",
  info: "badge",
};

export function findingItem(f: FieldFinding): Html {
  return html`<li class="finding finding--${f.severity}"><span class="${SEVERITY_BADGE[f.severity]}">${SEVERITY_WORD[f.severity]}</span>
    ${f.ruleId ? html`<code>${f.ruleId}</code>` : ""} ${f.message}
    ${f.context ? html`<dl class="kv context">${f.context.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>` : ""}</li>`;
}

function input(x: FormField, name: string, value: string, id: string, describedBy: string, extra: Html): Html {
  const aria = describedBy ? html` aria-describedby="${describedBy}"` : html``;
  switch (x.kind) {
    case "select":
      return html`<select id="${id}" name="${name}"${aria}>
        <option value="">—</option>
        ${(x.options ?? []).map((o) => html`<option value="${o}"${o === value ? html` selected` : ""}>${o}</option>`)}
        ${value && !(x.options ?? []).includes(value) ? html`<option value="${value}" selected>${value}</option>` : ""}
      </select>`;
    case "checkbox":
      return html`<input type="checkbox" id="${id}" name="${name}"${value ? html` checked` : ""}${aria}>`;
    case "email":
      return html`<input type="email" id="${id}" name="${name}" value="${value}" autocomplete="off"${aria}${extra}>`;
    case "number":
      return html`<input type="text" inputmode="decimal" id="${id}" name="${name}" value="${value}"${aria}${extra}>`;
    case "country":
      return html`<input type="text" id="${id}" name="${name}" value="${value}" maxlength="2" autocapitalize="characters" class="short"${aria}${extra}>`;
    default:
      return html`<input type="text" id="${id}" name="${name}" value="${value}"${aria}${extra}>`;
  }
}

function fieldBlock(m: FormViewModel, x: FormField, name: string, byField: Map<string, FieldFinding[]>, extra: Html = html``): Html {
  const id = fieldId(name);
  const value = m.state.values[name] ?? "";
  const error = m.state.errors[name];
  const findings = byField.get(name) ?? [];
  const conf = m.confidence?.[name];
  const worst = error ? "error" : worstSeverity(findings);
  const low = conf !== undefined && isLowConfidence(conf);
  const cls =
    worst === "error" || worst === "blocking" ? "field field--error" : worst === "warning" || low ? "field field--warning" : "field";
  const ids = [
    error ? `${id}-error` : "",
    findings.length ? `${id}-findings` : "",
    x.hint ? `${id}-hint` : "",
    conf !== undefined ? `${id}-conf` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return html`<div class="${cls}" data-field="${x.dataPath}">
    <label for="${id}">${x.label} ${marker(x.dataPath, m.chosenTypes)}</label>
    ${input(x, name, value, id, ids, extra)}
    ${x.hint ? html`<span class="hint" id="${id}-hint">${x.hint}</span>` : ""}
    ${
      conf !== undefined
        ? html`<span class="hint confidence" id="${id}-conf">Extracted with ${confidenceText(conf)} confidence${low ? html` — <strong>check this value</strong>` : ""}</span>`
        : ""
    }
    ${error ? html`<span class="hint" id="${id}-error"><strong>${error}</strong></span>` : ""}
    ${findingList(findings, `${id}-findings`)}
  </div>`;
}

function plainFields(m: FormViewModel, tab: FormTab, byField: Map<string, FieldFinding[]>): Html {
  return html`${fieldsOfTab(tab)
    .filter((x) => groupOf(x.dataPath) === null)
    .map((x) => {
      if (x.dataPath === "exporter.name" || x.dataPath === "importer.name") {
        const who = x.dataPath.split(".")[0];
        return html`${fieldBlock(m, x, x.dataPath, byField, html` list="saved-parties" autocomplete="off" data-party="${who}"`)}
          <div class="actions party-pick"><button type="submit" class="button button--secondary" name="action" value="party:${who}">Fill ${who} from the saved party with this name</button></div>`;
      }
      if (x.dataPath === "route.destination_country") return fieldBlock(m, x, x.dataPath, byField, html` data-hs-country`);
      return fieldBlock(m, x, x.dataPath, byField);
    })}`;
}

function hsDatalist(m: FormViewModel, row: number): Html {
  const s = m.hsSuggestions?.row === row ? m.hsSuggestions : undefined;
  return html`<datalist id="hs-${row}">${(s?.items ?? []).map((i) => html`<option value="${i.value}">${i.label}</option>`)}</datalist>
    ${s ? html`<p class="hint" role="status">${s.note ?? `${s.items.length} suggestion${s.items.length === 1 ? "" : "s"} from the ${s.schedule}; pick one in the HS code field.`}</p>` : ""}`;
}

function groupRows(m: FormViewModel, g: RepeatableGroup, byField: Map<string, FieldFinding[]>): Html {
  const { arrayPath, label } = REPEATABLE[g];
  const fields = fieldsOfTab(REPEATABLE[g].tab).filter((x) => groupOf(x.dataPath) === g);
  const rows = Array.from({ length: m.state.rows[g] }, (_, i) => i);
  return html`<div class="rows" data-group="${g}">
    ${rows.map((i) => {
      const extraName = `${arrayPath}.${i}.${EXTRA_KEY}`;
      return html`<fieldset class="row" data-row="${i}">
        <legend>${label} ${i + 1}</legend>
        ${m.state.values[extraName] ? html`<input type="hidden" name="${extraName}" value="${m.state.values[extraName]}">` : ""}
        <div class="row-grid">
        ${fields.map((x) =>
          x.dataPath.endsWith(".hs_code")
            ? html`${fieldBlock(m, x, inputName(x.dataPath, i), byField, html` list="hs-${i}" autocomplete="off" data-hs-row="${i}"`)}${hsDatalist(m, i)}
              <div class="actions"><button type="submit" class="button button--secondary" name="action" value="hs:${i}">Suggest HS codes for line item ${i + 1}</button></div>
              ${renderClassifyPanel(i, m.hsAttributes?.[i] ?? "", m.hsClassify)}`
            : fieldBlock(m, x, inputName(x.dataPath, i), byField),
        )}
        </div>
        <div class="actions"><button type="submit" class="button button--link remove-row" name="action" value="remove:${g}:${i}">Remove ${label.toLowerCase()} ${i + 1}</button></div>
      </fieldset>`;
    })}
    <div class="actions"><button type="submit" class="button button--secondary add-row" name="action" value="add:${g}">Add ${label.toLowerCase()}</button></div>
  </div>`;
}

function saveButtons(mode: FormViewModel["mode"]): Html {
  if (mode === "shipment") return html`<button type="submit" class="button" name="action" value="save">Save changes</button>`;
  if (mode === "draft") {
    return html`<button type="submit" class="button" name="action" value="save_draft">Save draft</button>
      <button type="submit" class="button button--secondary" name="action" value="save">Save as shipment</button>`;
  }
  return html`<button type="submit" class="button" name="action" value="save">Save shipment</button>
    <button type="submit" class="button button--secondary" name="action" value="save_draft">Save as draft</button>`;
}

export function renderShipmentForm(m: FormViewModel): Html {
  const byField = findingsByField(m.findings);
  const general = byField.get("") ?? [];
  return html`<form method="post" action="${m.action}" class="shipment-form" novalidate data-shipment-form>
    ${m.csrf}
    ${Object.entries(m.hidden ?? {}).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}
    <div class="actions form-top">${saveButtons(m.mode)}</div>
    ${
      Object.keys(m.state.errors).length > 0
        ? html`<div class="notice notice--error" role="alert">${Object.keys(m.state.errors).length} field${Object.keys(m.state.errors).length === 1 ? "" : "s"} need${Object.keys(m.state.errors).length === 1 ? "s" : ""} correcting; nothing was saved. ${Object.keys(m.state.errors).map((n, i) => html`${i ? ", " : ""}<a href="#${fieldId(n)}">${fieldLabel(n)}</a>`)}</div>`
        : ""
    }
    ${general.length > 0 ? html`<section class="card" aria-labelledby="general-findings"><h2 id="general-findings">Findings not tied to one field</h2><ul class="findings">${general.map(findingItem)}</ul></section>` : ""}
    <div class="card">
      <div class="field">
        <label for="f-shipment_ref">Shipment reference</label>
        <input type="text" id="f-shipment_ref" name="shipment_ref" value="${m.shipmentRef}" maxlength="200">
      </div>
      <fieldset class="checks doc-types">
        <legend>Documents you will generate (marks their required and recommended fields)</legend>
        <div class="doc-type-grid">
        ${DOCUMENT_TYPES.map(
          (t) =>
            html`<label><input type="checkbox" name="doc_types" value="${t}"${m.chosenTypes.includes(t) ? html` checked` : ""}> ${documentTitle(t)}</label>`,
        )}
        </div>
        <div class="actions"><button type="submit" class="button button--secondary" name="action" value="markers" data-no-js-only>Show what these documents need</button></div>
      </fieldset>
    </div>
    <datalist id="saved-parties">${m.partyNames.map((n) => html`<option value="${n}"></option>`)}</datalist>
    <nav class="tabs" aria-label="Form sections"><ul>${TABS.map((t) => html`<li><a href="#tab-${t.id}">${t.label}</a></li>`)}</ul></nav>
    ${TABS.map(
      (t) => html`<section class="card tab-panel" id="tab-${t.id}" aria-labelledby="tab-${t.id}-h">
        <h2 id="tab-${t.id}-h">${t.label}</h2>
        ${plainFields(m, t.id, byField)}
        ${(Object.keys(REPEATABLE) as RepeatableGroup[]).filter((g) => REPEATABLE[g].tab === t.id).map((g) => groupRows(m, g, byField))}
      </section>`,
    )}
    <div class="actions">${saveButtons(m.mode)}</div>
  </form>`;
}
