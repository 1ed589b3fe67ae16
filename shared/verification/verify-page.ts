import { html, raw } from "hono/html";
import type { VerifyAnswer } from "./verify-hash.ts";
import { VERIFIED_MEANING } from "./verify-hash.ts";
import { CREDENTIAL_CHECK_SCRIPT } from "./credential-check-script.ts";
import { DOCUMENT_TITLES, isDocumentType } from "../document-types/identities.ts";

/** A signed credential of a document with this hash, checked by the page's script in the browser. */
export interface PageCredential {
  url: string;
  documentType: string;
  issuedAt: string;
}

const STYLE = `
:root{color-scheme:light dark;--ok:#0a7d32;--bad:#b42318;--muted:#5b6470;--card:#fff;--bg:#f3f5f7;--fg:#101418}
@media (prefers-color-scheme:dark){:root{--card:#181c21;--bg:#0e1114;--fg:#e8ecef;--muted:#9aa4ae}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
main{max-width:640px;margin:0 auto;padding:20px 16px 40px}
.card{background:var(--card);border-radius:14px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.08);margin-bottom:16px}
.status{display:flex;gap:12px;align-items:center;font-size:1.35rem;font-weight:700;margin:0 0 8px}
.badge{width:40px;height:40px;border-radius:50%;display:grid;place-items:center;color:#fff;font-size:1.4rem;flex:none}
.ok .badge{background:var(--ok)}.bad .badge{background:var(--bad)}
dl{display:grid;grid-template-columns:minmax(0,9rem) minmax(0,1fr);gap:6px 12px;margin:0}dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
code{font:0.85rem/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:anywhere}
h2{font-size:1rem;margin:0 0 8px}ul{margin:0;padding-left:1.2rem}p{margin:0 0 8px}.muted{color:var(--muted);font-size:.9rem}
@media (max-width:420px){dl{grid-template-columns:1fr}dt{margin-top:6px}}
.vc,.vc-file{border-top:1px solid rgba(127,127,127,.25);padding-top:12px;margin-top:12px}.vc h3,.vc-file h3{font-size:1rem;margin:0 0 6px}
input[type=file]{max-width:100%}
.checks{list-style:none;padding:0;margin:0 0 6px}.checks li{display:grid;grid-template-columns:1.6rem minmax(0,1fr);gap:2px 8px;margin:6px 0}
.checks .mark{grid-row:span 2;width:1.5rem;height:1.5rem;border-radius:50%;display:grid;place-items:center;background:var(--muted);color:#fff;font-size:.9rem}
.checks [data-state=passed] .mark{background:var(--ok)}.checks [data-state=failed] .mark{background:var(--bad)}
.checks .detail{color:var(--muted);font-size:.9rem;overflow-wrap:anywhere}
.summary{font-weight:700;margin:4px 0 0}[data-state=passed]>.summary{color:var(--ok)}[data-state=failed]>.summary{color:var(--bad)}
`;

const CHECK_LABELS = [
  ["integrity", "Integrity", "the data is exactly what was signed"],
  ["status", "Status", "not revoked by the issuer"],
  ["issuer", "Issuer identity", "the key belongs to the issuer's DID"],
] as const;

function documentTitle(type: string): string {
  return isDocumentType(type) ? DOCUMENT_TITLES[type] : type;
}

/** The signed credentials of this hash, each with its three checks (filled in by the script). */
function credentialsSection(hash: string, credentials: readonly PageCredential[]) {
  if (credentials.length === 0) {
    return html`<section class="card">
  <h2>Signed credential</h2>
  <p class="muted">No signed credential is on record for this hash: documents generated before the service issued verifiable credentials are verified by their hash alone, as above.</p>
</section>`;
  }
  return html`<section class="card">
  <h2>Signed credentials</h2>
  <p class="muted">Each document also carries a W3C Verifiable Credential signed by the issuer (embedded in the PDF as credential.jwt; in the XMP metadata of its PDF/A-2b archival copy). Your browser checks its signature, the issuer's key and its revocation status itself, from the issuer's public files.</p>
  ${credentials.map(
    (c) => html`<div class="vc" data-credential="${c.url}" data-hash="${hash}" data-state="pending">
    <h3>${documentTitle(c.documentType)} <span class="muted">· issued ${new Date(c.issuedAt).toUTCString()}</span></h3>
    <ul class="checks">
      ${CHECK_LABELS.map(
        ([key, label, what]) =>
          html`<li data-check="${key}" data-state="pending"><span class="mark" aria-hidden="true">…</span><span><b>${label}</b>: ${what}</span><span class="detail">Checking…</span></li>`,
      )}
    </ul>
    <p class="summary" aria-live="polite">Checking…</p>
    <p class="muted"><a href="${c.url}">Download the credential</a> to check it offline: <code>npx tds-verify credential.jwt</code></p>
  </div>`,
  )}
  <div class="vc-file" data-file-check data-hash="${hash}" data-state="idle">
    <h3>Check the PDF you have</h3>
    <p class="muted">Pick the document (the generated PDF or its PDF/A archival copy): your browser reads the credential it carries — its embedded file credential.jwt, or its XMP metadata in the PDF/A-2b copy — and runs the same three checks. The file is not uploaded.</p>
    <p><input type="file" accept="application/pdf,.pdf" aria-label="PDF document to check"></p>
    <p class="source muted"></p>
    <ul class="checks">
      ${CHECK_LABELS.map(
        ([key, label, what]) =>
          html`<li data-check="${key}" data-state="idle"><span class="mark" aria-hidden="true">·</span><span><b>${label}</b>: ${what}</span><span class="detail">No file chosen.</span></li>`,
      )}
    </ul>
    <p class="summary" aria-live="polite"></p>
  </div>
  <noscript><p class="muted">The checks run in your browser with JavaScript. Without it, download the credential and run <code>npx tds-verify</code> (it also reads the PDF: <code>npx tds-verify document.pdf</code>).</p></noscript>
</section>`;
}

/** The Content-Security-Policy of a page: its one inline script by nonce, fetches to its own origin only. */
export function verifyPageCsp(nonce: string | null): string {
  const script = nonce ? `; script-src 'nonce-${nonce}'; connect-src 'self'` : "";
  return `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'${script}`;
}

/** The public verification page (/verify/<hash>): readable on a phone, no scripts, no external files. */
export function renderVerifyPage(
  hash: string,
  answer: VerifyAnswer,
  credentials: readonly PageCredential[] = [],
  nonce: string | null = null,
): string {
  // hono/html escapes every interpolated value; only the fixed style sheet is inserted raw.
  const body =
    answer.verified === true
      ? html`<section class="card ok" aria-live="polite">
  <p class="status"><span class="badge" aria-hidden="true">✓</span>Verified</p>
  <p>${answer.message.replace(` ${VERIFIED_MEANING}`, "")}</p>
  <dl>
    <dt>Validated</dt><dd>${new Date(answer.timestamp).toUTCString()}</dd>
    <dt>Route</dt><dd>${answer.route.origin_country ?? "—"} → ${answer.route.destination_country ?? "—"}</dd>
    <dt>Rule checks</dt><dd>${answer.rules_summary.layers.map((l, i) => html`${i > 0 ? html`<br>` : ""}${l.name}: ${l.status}`)}</dd>
    <dt>Documents</dt><dd>${answer.documents_generated.length ? answer.documents_generated.map((d) => d.replace(/_/g, " ").toLowerCase()).join(", ") : "none generated yet"}</dd>
    <dt>Rule set</dt><dd>${answer.gate_slug} (rule library ${answer.rule_library_version})</dd>
    <dt>Hash</dt><dd><code>${answer.validation_hash}</code></dd>
  </dl>
</section>`
      : html`<section class="card bad" aria-live="polite">
  <p class="status"><span class="badge" aria-hidden="true">✕</span>Not verified</p>
  <p>${answer.message}</p>
  <p class="muted">Compare the hash below with the one printed in the document footer. A document whose hash is unknown here was not produced from data that passed this service's validation, or it was altered.</p>
  <dl><dt>Hash checked</dt><dd><code>${hash}</code></dd></dl>
</section>`;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${answer.verified ? "Verified" : "Not verified"} · Trade document verification</title>
<style>${raw(STYLE)}</style></head>
<body><main>
<h1 style="font-size:1.1rem;margin:4px 0 16px">Trade document verification</h1>
${body}
${answer.verified ? credentialsSection(answer.validation_hash, credentials) : ""}
<section class="card">
  <h2>What a verified result means</h2>
  <ul>
    <li>Any document carrying this hash was generated by this service from shipment data that passed its validation rules at the time shown.</li>
    <li>The data behind the document is exactly the data that was validated: any change would give another hash.</li>
  </ul>
  <h2 style="margin-top:14px">What it does not mean</h2>
  <ul>
    <li>It does not certify the goods, their value or origin, or the identity of the parties; the declarations remain the signatories' responsibility.</li>
    <li>It does not cover values typed into the document's blank form fields after it was generated, handwriting, stamps or signatures.</li>
    <li>It is not a customs, sanctions or licensing decision by any authority.</li>
  </ul>
</section>
<p class="muted">Checked against the validation records of this service. The hash is in the footer of every page of the document and in its QR code.</p>
</main>${answer.verified && credentials.length > 0 && nonce ? html`<script nonce="${nonce}">${raw(CREDENTIAL_CHECK_SCRIPT)}</script>` : ""}</body></html>`.toString();
}

/** The page for an address that is not a verification link at all (e.g. a malformed percent-escape). */
export function renderNotFoundPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Not found · Trade document verification</title>
<style>${STYLE}</style></head>
<body><main>
<h1 style="font-size:1.1rem;margin:4px 0 16px">Trade document verification</h1>
<section class="card bad"><p class="status"><span class="badge" aria-hidden="true">✕</span>Not found</p>
<p>This address is not a verification link. Scan the QR code again, or type the hash printed in the document footer.</p></section>
</main></body></html>`;
}
