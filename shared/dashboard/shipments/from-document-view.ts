/**
 * From a document: the upload forms (extraction, and a filled PDF form read back), the extraction's
 * progress, its failure in words, and what extract-filled-fields merged. The review form itself is the
 * shipment form with confidences (form-view.ts). Pure.
 */
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { DOCUMENT_TYPES } from "../../document-types/identities.ts";
import { documentTitle, formatTime, type Html } from "./view-helpers.ts";
import { LOW_CONFIDENCE } from "./extraction-review.ts";

export const EXTRACT_ACCEPT = ".pdf,.png,.jpg,.jpeg,.tif,.tiff,.xls,.xlsx,application/pdf,image/png,image/jpeg,image/tiff";

export interface UploadViewModel {
  csrf: HtmlEscapedString;
  shipments: { id: string; title: string }[];
  shipmentId?: string;
  maxUploadMb: number;
}

export function renderUploadPage(m: UploadViewModel): Html {
  return html`<section class="card" aria-labelledby="extract-h">
    <h2 id="extract-h">Start a shipment from a document</h2>
    <p>Upload an invoice, packing list or similar as PDF, image (PNG, JPG, TIFF) or spreadsheet (XLS, XLSX), at most ${m.maxUploadMb} MB.
      The values found are shown for review, each with its confidence; values below ${Math.round(LOW_CONFIDENCE * 100)} % are marked for checking. Nothing is saved until you save.</p>
    <form method="post" action="/dashboard/from-document" enctype="multipart/form-data">
      ${m.csrf}
      <div class="field"><label for="f-extract-file">Document</label>
        <input type="file" id="f-extract-file" name="file" required accept="${EXTRACT_ACCEPT}"></div>
      <div class="actions"><button type="submit" class="button">Upload and extract</button></div>
    </form>
  </section>
  <section class="card" aria-labelledby="filled-h">
    <h2 id="filled-h">Read a filled PDF form back into a shipment</h2>
    <p>Upload a generated document whose blank fields were filled in a PDF reader. Its values are merged into the shipment you choose (empty and changed fields).</p>
    <form method="post" action="/dashboard/from-document/filled-form" enctype="multipart/form-data">
      ${m.csrf}
      <div class="field"><label for="f-filled-file">Filled PDF</label>
        <input type="file" id="f-filled-file" name="file" required accept=".pdf,application/pdf"></div>
      <div class="field"><label for="f-filled-type">Document type</label>
        <select id="f-filled-type" name="doc_type" required>
          ${DOCUMENT_TYPES.map((t) => html`<option value="${t}">${documentTitle(t)}</option>`)}
        </select></div>
      <div class="field"><label for="f-filled-shipment">Shipment</label>
        <select id="f-filled-shipment" name="shipment_id">
          <option value="">Only show the values (merge into no shipment)</option>
          ${m.shipments.map((s) => html`<option value="${s.id}"${s.id === m.shipmentId ? html` selected` : ""}>${s.title}</option>`)}
        </select></div>
      <div class="actions"><button type="submit" class="button">Upload and merge</button></div>
    </form>
  </section>`;
}

export function renderExtractionProgress(jobId: string, fileName: string, createdAt: string): Html {
  return html`<div class="card progress" data-poll="/dashboard/from-document/${jobId}/status.json" data-reload-when-done role="status" aria-live="polite">
    <p><strong>Reading ${fileName}…</strong> (uploaded ${formatTime(createdAt)})</p>
    <progress>Working</progress>
    <p>This page moves on by itself when the values are ready. Without JavaScript, <a href="/dashboard/from-document/${jobId}">refresh</a> in a few seconds.</p>
  </div>`;
}

export function renderExtractionFailed(fileName: string, code: string, message: string): Html {
  return html`<div class="card">
    <p><span class="badge badge--error">Failed</span> No values could be read from ${fileName}: ${message} <span class="muted">(${code})</span></p>
    <p><a class="button" href="/dashboard/from-document">Upload another document</a> or <a href="/dashboard/shipments/new">fill the form by hand</a>.</p>
  </div>`;
}

export interface FilledFormResult {
  docType: string;
  shipment?: { id: string; title: string };
  body: {
    mapped_data: Record<string, string>;
    unmapped_fields?: Record<string, string>;
    field_count: number;
    filled_count: number;
    empty_count: number;
    merge_result?: { merged: boolean; updatedPaths: string[]; skipped?: unknown };
  };
}

export function renderFilledFormResult(r: FilledFormResult): Html {
  const b = r.body;
  const mapped = Object.entries(b.mapped_data);
  const updated = new Set(b.merge_result?.updatedPaths ?? []);
  return html`<section class="card" aria-labelledby="merge-h">
    <h2 id="merge-h">${documentTitle(r.docType)}: ${b.filled_count} of ${b.field_count} fields filled</h2>
    ${
      r.shipment
        ? b.merge_result?.merged
          ? html`<p role="status"><span class="badge badge--ok">Merged</span> ${updated.size} field${updated.size === 1 ? "" : "s"} of <a href="/dashboard/shipments/${r.shipment.id}">${r.shipment.title}</a> updated. Validate the shipment again before generating.</p>`
          : html`<p role="status"><span class="badge">Nothing merged</span> The shipment <a href="/dashboard/shipments/${r.shipment.id}">${r.shipment.title}</a> already had these values.</p>`
        : html`<p>Not merged into a shipment (none chosen).</p>`
    }
    ${
      mapped.length === 0
        ? html`<p>No filled field maps to shipment data.</p>`
        : html`<div class="table-wrap"><table class="data"><caption class="visually-hidden">Values read from the form</caption>
        <thead><tr><th scope="col">Shipment field</th><th scope="col">Value</th>${r.shipment ? html`<th scope="col">Merged</th>` : ""}</tr></thead>
        <tbody>${mapped.map(([path, value]) => html`<tr><td><code>${path}</code></td><td>${value}</td>${r.shipment ? html`<td>${updated.has(path) ? "Updated" : "Unchanged"}</td>` : ""}</tr>`)}</tbody></table></div>`
    }
    ${
      b.unmapped_fields && Object.keys(b.unmapped_fields).length > 0
        ? html`<h3>Filled fields with no shipment field</h3><ul>${Object.entries(b.unmapped_fields).map(([k, v]) => html`<li><code>${k}</code>: ${v}</li>`)}</ul>`
        : ""
    }
    <p><a href="/dashboard/from-document">Upload another</a></p>
  </section>`;
}
