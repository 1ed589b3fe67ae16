/**
 * A shipment's page: status, actions, the data by tab with the latest validation's findings beside the
 * fields, and the generations newest first (diff, documents with download and PDF/A, e-invoice XML, verification link
 * and QR code, progress while documents render). Pure.
 */
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { GenerationHistoryRecord, ShipmentRecord } from "../../shipments/shipment-record.ts";
import type { GenerationJob } from "../../generation/generation-repository.ts";
import type { ValidationRecord } from "../../validation/validation-record-repository.ts";
import type { DataChange } from "../../generation/diff-shipment-data.ts";
import { qrMatrix, qrPath, QR_QUIET_ZONE } from "../../documents/page-kit/qr.ts";
import { DOCUMENT_TYPES } from "../../document-types/identities.ts";
import { EN16931_PROFILE } from "../../einvoice/einvoice-model.ts";
import { eInvoiceOfJob } from "../../generation/einvoice-of-job.ts";
import { FORM_FIELDS, REPEATABLE, TABS, groupOf, type RepeatableGroup } from "./form-fields.ts";
import { formStateFromShipment, inputName } from "./form-data.ts";
import { findingsByField, fromRuleResults, worstSeverity, type FieldFinding } from "./findings.ts";
import { findingItem } from "./form-view.ts";
import { documentTitle, formatTime, shipmentTitle, statusBadge, type Html } from "./view-helpers.ts";

export interface GenerationView {
  history: GenerationHistoryRecord;
  jobs: GenerationJob[];
  verificationUrl: string;
}

/** A document's verifiable credential as the page shows it (docs/verification.md). */
export interface CredentialState {
  revokedAt: string | null;
  reason: "superseded" | "revoked" | null;
}

export interface ShipmentViewModel {
  shipment: ShipmentRecord;
  validation: ValidationRecord | null;
  generations: GenerationView[];
  csrf: HtmlEscapedString;
  /** By job id; a job without one was generated before credentials were issued (or is not ready). */
  credentials?: ReadonlyMap<string, CredentialState>;
}

function credentialCell(base: string, title: string, credential: CredentialState | undefined, csrf: HtmlEscapedString): Html {
  if (!credential) return html``;
  if (credential.revokedAt)
    return html` · <span class="badge badge--error">${credential.reason === "superseded" ? "Credential superseded" : "Credential revoked"}</span>`;
  return html` · <form method="post" action="${base}/revoke" class="inline-form">${csrf}<button type="submit" class="button button--link">Revoke credential<span class="visually-hidden"> of the ${title}</span></button></form>`;
}

/** Every input name the form can show for this data (so findings find their field). */
export function knownInputs(data: Record<string, unknown>): Set<string> {
  const state = formStateFromShipment(data);
  const names = new Set<string>();
  for (const x of FORM_FIELDS) {
    const g = groupOf(x.dataPath);
    if (g === null) names.add(x.dataPath);
    else for (let i = 0; i < state.rows[g]; i++) names.add(inputName(x.dataPath, i));
  }
  return names;
}

/** The QR code of a verification address as inline SVG (vector, no image request, no inline style). */
export function qrSvg(text: string, label: string): Html {
  const m = qrMatrix(text);
  const size = m.size + 2 * QR_QUIET_ZONE;
  // The path is our own output ("M<n> <n>h<n>v1h-<n>z" …): trusted markup, safe for raw().
  return html`<svg class="qr" viewBox="${-QR_QUIET_ZONE} ${-QR_QUIET_ZONE} ${size} ${size}" role="img" aria-label="${label}" xmlns="http://www.w3.org/2000/svg"><rect x="${-QR_QUIET_ZONE}" y="${-QR_QUIET_ZONE}" width="${size}" height="${size}" fill="#fff"/><path d="${raw(qrPath(m))}" fill="#000"/></svg>`;
}

function dataRows(data: Record<string, unknown>, byField: Map<string, FieldFinding[]>): Html {
  const state = formStateFromShipment(data);
  const row = (label: string, name: string): Html => {
    const value = state.values[name];
    const findings = byField.get(name) ?? [];
    if (value === undefined && findings.length === 0) return html``;
    const worst = worstSeverity(findings);
    return html`<dt>${label}</dt><dd class="${worst === "error" ? "has-error" : worst === "warning" ? "has-warning" : ""}">${value ?? html`<span class="muted">(empty)</span>`}
      ${findings.length ? html`<ul class="findings">${findings.map(findingItem)}</ul>` : ""}</dd>`;
  };
  return html`${TABS.map((t) => {
    const plain = FORM_FIELDS.filter((x) => x.tab === t.id && groupOf(x.dataPath) === null);
    const groups = (Object.keys(REPEATABLE) as RepeatableGroup[]).filter((g) => REPEATABLE[g].tab === t.id);
    return html`<section class="card" aria-labelledby="data-${t.id}"><h2 id="data-${t.id}">${t.label}</h2>
      <dl class="kv">${plain.map((x) => row(x.label, x.dataPath))}</dl>
      ${groups.map((g) => {
        const fields = FORM_FIELDS.filter((x) => groupOf(x.dataPath) === g);
        const count = Array.isArray(getArray(data, REPEATABLE[g].arrayPath)) ? getArray(data, REPEATABLE[g].arrayPath)!.length : 0;
        return Array.from(
          { length: count },
          (_, i) =>
            html`<h3>${REPEATABLE[g].label} ${i + 1}</h3><dl class="kv">${fields.map((x) => row(x.label, inputName(x.dataPath, i)))}</dl>`,
        );
      })}
    </section>`;
  })}`;
}

function getArray(data: Record<string, unknown>, path: string): unknown[] | undefined {
  let node: unknown = data;
  for (const k of path.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[k] : undefined;
  return Array.isArray(node) ? node : undefined;
}

function show(v: unknown): string {
  if (v === null || v === undefined) return "(empty)";
  return typeof v === "string" ? v : JSON.stringify(v);
}

function diffList(diff: unknown): Html {
  if (!Array.isArray(diff)) return html`<p class="muted">First generation: no earlier data to compare.</p>`;
  if (diff.length === 0) return html`<p class="muted">No data changed since the previous generation.</p>`;
  return html`<div class="table-wrap"><table class="data diff"><caption class="visually-hidden">Changes since the previous generation</caption>
    <thead><tr><th scope="col">Field</th><th scope="col">Before</th><th scope="col">After</th></tr></thead>
    <tbody>${(diff as DataChange[]).map((d) => html`<tr><td><code>${d.path}</code></td><td>${show(d.before)}</td><td>${show(d.after)}</td></tr>`)}</tbody></table></div>`;
}

const JOB_STATUS: Record<GenerationJob["status"], string> = {
  queued: "Queued",
  processing: "Rendering",
  completed: "Ready",
  failed: "Failed",
};

function jobRow(
  s: ShipmentRecord,
  h: GenerationHistoryRecord,
  j: GenerationJob,
  csrf: HtmlEscapedString,
  credential?: CredentialState,
): Html {
  const base = `/dashboard/shipments/${s.id}/documents/${j.id}`;
  const badge = j.status === "completed" ? "badge badge--ok" : j.status === "failed" ? "badge badge--error" : "badge badge--warn";
  let files: Html;
  if (j.status !== "completed")
    files = j.status === "failed" ? html`${j.error_message ?? "Rendering failed"}` : html`<span class="muted">Not ready yet</span>`;
  else if (!j.blob_key) files = html`<span class="muted">File no longer kept (the hash stays verifiable)</span>`;
  else {
    files = html`<a href="${base}/download" download>Download PDF<span class="visually-hidden"> of the ${documentTitle(j.document_type)}</span></a>
      ${
        j.flattened_blob_key
          ? html` · <a href="${base}/download?variant=pdfa" download>PDF/A<span class="visually-hidden"> of the ${documentTitle(j.document_type)}</span></a>`
          : html` · <form method="post" action="${base}/flatten" class="inline-form">${csrf}<input type="hidden" name="generation_history_id" value="${h.id}"><button type="submit" class="button button--link">Make PDF/A copy<span class="visually-hidden"> of the ${documentTitle(j.document_type)}</span></button></form>`
      }${credentialCell(base, documentTitle(j.document_type), credential, csrf)}`;
  }
  return html`<tr data-job="${j.id}"><td>${documentTitle(j.document_type)}</td><td><span class="${badge}" data-job-status>${JOB_STATUS[j.status]}</span></td><td>${files}${j.status === "completed" ? eInvoiceNote(base, j) : ""}</td></tr>`;
}

/** A final invoice that carries an EN 16931 e-invoice says so, with its profile and links to its XML. */
function eInvoiceNote(base: string, j: GenerationJob): Html | "" {
  if (!eInvoiceOfJob(j)) return "";
  const what = documentTitle(j.document_type);
  return html`<p class="note" data-einvoice><span class="badge badge--ok">E-invoice</span>
    Factur-X / ZUGFeRD, profile EN 16931 (<code>${EN16931_PROFILE}</code>): the PDF/A-3 carries <code>factur-x.xml</code>.
    XML: <a href="${base}/einvoice/cii" download>CII<span class="visually-hidden"> of the ${what}</span></a>
    · <a href="${base}/einvoice/ubl" download>UBL 2.1<span class="visually-hidden"> of the ${what}</span></a></p>`;
}

function generationCard(m: ShipmentViewModel, g: GenerationView): Html {
  const h = g.history;
  const pending = g.jobs.some((j) => j.status === "queued" || j.status === "processing");
  const done = g.jobs.filter((j) => j.status === "completed").length;
  return html`<section class="card generation" id="generation-${h.generation_number}" aria-labelledby="gen-${h.generation_number}">
    <h3 id="gen-${h.generation_number}">Generation ${h.generation_number} <span class="muted">· ${formatTime(h.created_at)}</span></h3>
    ${
      pending
        ? html`<div class="progress" data-poll="/dashboard/shipments/${m.shipment.id}/jobs.json?generation=${h.id}" role="status" aria-live="polite">
          <p><strong>${done} of ${g.jobs.length} documents ready.</strong> This page updates by itself; without JavaScript use
          <a href="/dashboard/shipments/${m.shipment.id}#generation-${h.generation_number}">Refresh</a>.</p>
          <progress max="${g.jobs.length}" value="${done}">${done} of ${g.jobs.length}</progress></div>`
        : ""
    }
    <div class="table-wrap"><table class="data documents"><caption class="visually-hidden">Documents of generation ${h.generation_number}</caption>
      <thead><tr><th scope="col">Document</th><th scope="col">Status</th><th scope="col">Files</th></tr></thead>
      <tbody>${g.jobs.map((j) => jobRow(m.shipment, h, j, m.csrf, m.credentials?.get(j.id)))}</tbody></table></div>
    ${
      h.validation_hash
        ? html`<div class="verify">
          ${qrSvg(g.verificationUrl, `QR code of the verification address of generation ${h.generation_number}`)}
          <div><p>Validation hash <code>${h.validation_hash}</code></p>
          <p><a href="${g.verificationUrl}">Open the verification page</a> (the address the documents' QR code carries)</p></div>
        </div>`
        : ""
    }
    <details><summary>What changed in this generation</summary>${diffList(h.data_diff)}</details>
  </section>`;
}

function validationCard(m: ShipmentViewModel, general: FieldFinding[]): Html {
  const v = m.validation;
  const validateForm = html`<form method="post" action="/dashboard/shipments/${m.shipment.id}/validate" class="validate-form">
    ${m.csrf}
    <details><summary>Also run the document rules of …</summary>
      <fieldset class="checks"><legend class="visually-hidden">Document types for the document rules</legend>
      <div class="doc-type-grid">${DOCUMENT_TYPES.map((t) => html`<label><input type="checkbox" name="doc_types" value="${t}"${v?.document_types.includes(t) ? html` checked` : ""}> ${documentTitle(t)}</label>`)}</div>
      </fieldset></details>
    <div class="actions"><button type="submit" class="button">Validate</button></div>
  </form>`;
  if (m.shipment.status === "draft") {
    return html`<section class="card" aria-labelledby="validation-h"><h2 id="validation-h">Validation</h2><p>Drafts are not validated: save the draft as a shipment first (edit form, "Save as shipment").</p></section>`;
  }
  if (!v)
    return html`<section class="card" aria-labelledby="validation-h"><h2 id="validation-h">Validation</h2><p>Not validated yet.</p>${validateForm}</section>`;
  const errors = v.results.filter((r) => r.severity === "error").length;
  const warnings = v.results.filter((r) => r.severity === "warning").length;
  return html`<section class="card" aria-labelledby="validation-h"><h2 id="validation-h">Validation</h2>
    <p><span class="${v.passed ? "badge badge--ok" : "badge badge--error"}">${v.passed ? "Passed" : "Failed"}</span>
      Score ${v.score} · ${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"} · ${formatTime(v.created_at)}</p>
    <ul class="layers">${v.layers.map((l) => html`<li>${l.name}: <span class="${l.status === "passed" ? "badge badge--ok" : "badge badge--error"}">${l.status}</span></li>`)}</ul>
    ${m.shipment.status === "created" && m.shipment.current_validation_record_id ? html`<p class="muted">The data changed after this validation; validate again.</p>` : ""}
    ${general.length ? html`<h3>Findings not tied to one field</h3><ul class="findings">${general.map(findingItem)}</ul>` : ""}
    <p class="muted">Findings on a field are shown beside it below and in the edit form.</p>
    ${validateForm}
  </section>`;
}

export function renderShipmentPage(m: ShipmentViewModel): Html {
  const s = m.shipment;
  const findings = m.validation ? fromRuleResults(m.validation.results, knownInputs(s.shipment_data)) : [];
  const byField = findingsByField(findings);
  const canGenerate = s.status !== "draft" && s.generation_count < s.max_generations;
  return html`<div class="card shipment-head">
      <p>${statusBadge(s.status)} <span class="muted">Reference</span> ${shipmentTitle(s)} · <span class="muted">Generations</span> ${s.generation_count} of ${s.max_generations}
       · <span class="muted">Updated</span> ${formatTime(s.updated_at)}</p>
      <div class="actions">
        <a class="button" href="/dashboard/shipments/${s.id}/edit">Edit ${s.status === "draft" ? "draft" : "shipment"}</a>
        ${canGenerate ? html`<a class="button button--secondary" href="/dashboard/shipments/${s.id}/generate">Generate documents</a>` : ""}
        <a class="button button--secondary" href="/dashboard/from-document?shipment_id=${s.id}">Upload a filled PDF form</a>
      </div>
      ${s.status === "draft" ? html`<p class="muted">A draft: save it as a shipment in the edit form to validate against the tier's limits and generate documents.</p>` : ""}
      ${!canGenerate && s.status !== "draft" ? html`<p class="muted">All ${s.max_generations} generations of this shipment are used; fill the blank fields of the existing documents instead.</p>` : ""}
    </div>
    ${validationCard(m, byField.get("") ?? [])}
    <h2>Generations</h2>
    ${m.generations.length === 0 ? html`<div class="card"><p>No documents generated yet.</p></div>` : m.generations.map((g) => generationCard(m, g))}
    <h2>Shipment data</h2>
    ${dataRows(s.shipment_data, byField)}`;
}
