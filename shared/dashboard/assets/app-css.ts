/**
 * The dashboard's one stylesheet, served at /dashboard/assets/app.css (a string so a bundled edge function
 * needs no file system). Classes pages use:
 *   layout: .topbar .brand .who .frame .sidenav main .narrow .skip-link
 *   blocks: .card .stack .grid-2 .kv (a <dl>) .table-wrap table.data .pager .tabs (a <nav>/<ul> of links, aria-current)
 *   forms:  .field .field--error .field--warning .hint .checks (fieldset of checkboxes) .actions .inline-form
 *   buttons: .button .button--secondary .button--danger .button--link .copy (filled by app.js)
 *   state:  .notice .notice--error .notice--ok .notice--warn .badge .badge--ok .badge--warn .badge--error .muted .secret (a shown-once value)
 *   text:   .visually-hidden .mono .nowrap .note (a small line under a table cell's content)
 * Pages never use style="" (the CSP forbids inline styles); add classes here instead.
 */
export const APP_CSS = String.raw`
:root{--bg:#f4f6f8;--card:#fff;--fg:#14181d;--muted:#4d5761;--line:#d3d9df;--accent:#0b5cad;--accent-fg:#fff;
--ok:#0a6b2c;--ok-bg:#e3f4e8;--warn:#7a4b00;--warn-bg:#fff3d6;--err:#a8200d;--err-bg:#fde8e5;--focus:#1a73e8;
--radius:8px;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
*{box-sizing:border-box}
body{margin:0;min-width:320px}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible,summary:focus-visible,[tabindex]:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
h1{font-size:1.5rem;margin:0 0 16px;line-height:1.25}
h2{font-size:1.15rem;margin:0 0 12px}
h3{font-size:1rem;margin:0 0 8px}
p{margin:0 0 12px}
code,.mono{font:.9rem/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
pre{font:.85rem/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f0f2f4;border:1px solid var(--line);border-radius:6px;padding:10px;overflow:auto;max-height:24rem;white-space:pre-wrap;overflow-wrap:anywhere;margin:0 0 12px}
.skip-link{position:absolute;left:-9999px;top:0;background:var(--card);padding:8px 12px;z-index:10}
.skip-link:focus{left:8px;top:8px}
.visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.muted{color:var(--muted)}
.note{margin:.35rem 0 0;font-size:.875rem}
.nowrap{white-space:nowrap}

/* layout */
.topbar{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:space-between;background:#10263d;color:#fff;padding:10px 16px}
.topbar a,.topbar .button--link{color:#fff}
.brand{font-weight:700;text-decoration:none;color:#fff}
.who{display:flex;flex-wrap:wrap;align-items:center;gap:8px;font-size:.9rem;min-width:0}
.who__email{overflow-wrap:anywhere}
.topbar .badge{background:#2b4560;color:#fff;border-color:#5a7590}
.frame{display:grid;grid-template-columns:minmax(0,1fr);max-width:1280px;margin:0 auto}
.sidenav ul{list-style:none;margin:0;padding:8px 12px;display:flex;flex-wrap:wrap;gap:4px}
.sidenav a{display:block;padding:8px 10px;border-radius:6px;text-decoration:none;color:var(--fg)}
.sidenav a:hover{background:#e4e9ee}
.sidenav a[aria-current="page"]{background:var(--accent);color:var(--accent-fg)}
main{padding:16px;min-width:0}
main:focus,main[tabindex]:focus-visible{outline:none}
.narrow{max-width:480px;margin:0 auto}
@media (min-width:900px){
  .frame{grid-template-columns:220px minmax(0,1fr)}
  .sidenav{border-right:1px solid var(--line);min-height:calc(100vh - 52px)}
  .sidenav ul{flex-direction:column;padding:16px 12px}
  main{padding:24px 32px}
}

/* blocks */
.card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:16px;margin:0 0 16px}
.card>:last-child{margin-bottom:0}
.stack>*+*{margin-top:12px}
.grid-2{display:grid;gap:16px;grid-template-columns:1fr}
@media (min-width:900px){.grid-2{grid-template-columns:1fr 1fr}}
.kv{display:grid;grid-template-columns:minmax(0,12rem) minmax(0,1fr);gap:6px 16px;margin:0 0 12px}
.kv dt{color:var(--muted)}
.kv dd{margin:0;overflow-wrap:anywhere}
@media (max-width:520px){.kv{grid-template-columns:1fr}.kv dt{margin-top:6px}}
.table-wrap{position:relative;overflow-x:auto;margin:0 0 12px;border:1px solid var(--line);border-radius:var(--radius);background:var(--card)}
table.data{border-collapse:collapse;width:100%;font-size:.95rem}
table.data th,table.data td{text-align:left;padding:8px 10px;border-bottom:1px solid var(--line);vertical-align:top}
table.data th{background:#eef1f4;font-weight:600;white-space:nowrap}
table.data tr:last-child td{border-bottom:0}
table.data td code{white-space:nowrap}
table.data td.num{text-align:right;font-variant-numeric:tabular-nums}
.pager{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:0 0 12px}
.tabs ul{list-style:none;display:flex;flex-wrap:wrap;gap:4px;margin:0 0 16px;padding:0;border-bottom:1px solid var(--line)}
.tabs a{display:block;padding:8px 12px;text-decoration:none;color:var(--fg);border-bottom:3px solid transparent}
.tabs a[aria-current="page"],.tabs a[aria-selected="true"]{border-bottom-color:var(--accent);font-weight:600}

/* forms */
.field{display:flex;flex-direction:column;gap:4px;margin:0 0 14px;max-width:40rem}
.field label,.field legend{font-weight:600}
.field input[type=text],.field input[type=email],.field input[type=password],.field input[type=url],.field input[type=number],.field input[type=search],.field input[type=date],.field select,.field textarea{font:inherit;padding:8px 10px;border:1px solid #8a96a3;border-radius:6px;background:#fff;color:var(--fg);width:100%}
.field--error input,.field--error select,.field--error textarea{border-color:var(--err);border-width:2px}
.field--error .hint{color:var(--err)}
.field--warning input,.field--warning select,.field--warning textarea{border-color:#b07000;border-width:2px}
.field--warning .hint{color:var(--warn)}
.hint{font-size:.9rem;color:var(--muted)}
fieldset{border:1px solid var(--line);border-radius:6px;padding:10px 12px;margin:0 0 14px;max-width:40rem}
.checks label{display:flex;gap:8px;align-items:baseline;font-weight:400;padding:4px 0}
.checks code{white-space:nowrap;overflow-wrap:normal}
.checks input{width:1.1rem;height:1.1rem}
.actions{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:0 0 12px}
.inline-form{display:inline}

/* buttons */
.button{display:inline-flex;align-items:center;justify-content:center;min-height:40px;font:inherit;font-weight:600;padding:8px 14px;border-radius:6px;border:1px solid var(--accent);background:var(--accent);color:var(--accent-fg);cursor:pointer;text-decoration:none}
.button:hover{filter:brightness(1.1)}
.button--secondary{background:#fff;color:var(--accent)}
.button--danger{background:var(--err);border-color:var(--err);color:#fff}
.button--link{background:none;border:0;color:var(--accent);padding:4px;min-height:0;text-decoration:underline;font-weight:400}
.copy[hidden]{display:none}

/* state */
.notice{border-radius:var(--radius);padding:12px 14px;margin:0 0 16px;border:1px solid}
.notice--error{background:var(--err-bg);border-color:var(--err);color:var(--err)}
.notice--ok{background:var(--ok-bg);border-color:var(--ok);color:var(--ok)}
.notice--warn{background:var(--warn-bg);border-color:#b07000;color:var(--warn)}
.badge{display:inline-block;font-size:.8rem;line-height:1.2;padding:2px 8px;border-radius:999px;border:1px solid var(--line);background:#eef1f4;color:var(--fg);white-space:nowrap}
.badge--ok{background:var(--ok-bg);border-color:var(--ok);color:var(--ok)}
.badge--warn{background:var(--warn-bg);border-color:#b07000;color:var(--warn)}
.badge--error{background:var(--err-bg);border-color:var(--err);color:var(--err)}
.secret{display:flex;flex-wrap:wrap;gap:8px;align-items:center;background:var(--warn-bg);border:1px solid #b07000;border-radius:var(--radius);padding:12px;margin:0 0 12px}
.secret code{font-size:1rem;background:#fff;padding:6px 8px;border-radius:4px;border:1px solid var(--line);flex:1 1 16rem}
progress,meter{width:100%;max-width:24rem;height:1rem}
details{margin:0 0 8px}
summary{cursor:pointer;padding:4px 0}

/* shipments (the shipments pages append their styles below this line) */
.findings{list-style:none;margin:4px 0 0;padding:0;display:flex;flex-direction:column;gap:6px}
.finding{font-size:.92rem;line-height:1.4;overflow-wrap:anywhere}
.finding code{font-size:.85rem}
.finding--error,.finding--blocking{color:var(--err)}
.finding--warning{color:var(--warn)}
.kv.context{grid-template-columns:auto minmax(0,1fr);gap:2px 12px;font-size:.88rem;margin:4px 0 0;color:var(--fg)}
dd.has-error{border-left:3px solid var(--err);padding-left:8px}
dd.has-warning{border-left:3px solid #b07000;padding-left:8px}
.doc-type-grid{display:grid;grid-template-columns:1fr;gap:0 16px}
@media (min-width:700px){.doc-type-grid{grid-template-columns:1fr 1fr}}
.shipment-form fieldset.doc-types{max-width:none}
.filter-grid{display:grid;grid-template-columns:1fr;gap:0 16px}
@media (min-width:700px){.filter-grid{grid-template-columns:2fr 1fr}}
.rows fieldset.row{max-width:none}
.row-grid{display:grid;grid-template-columns:1fr;gap:0 16px}
.hs-panel{grid-column:1/-1;border-left:3px solid var(--accent);padding:0 0 0 12px;margin:0 0 12px}
.hs-candidates{margin:0 0 12px;padding-left:1.4rem}.hs-candidates li{margin:0 0 6px;overflow-wrap:anywhere}
.hs-question{border:0;padding:0;margin:0 0 8px}.hs-question legend{font-weight:600;padding:0}
@media (min-width:900px){.row-grid{grid-template-columns:1fr 1fr}}
.field input.short{max-width:6rem}
.party-pick{margin-top:-6px}
.tab-panel{scroll-margin-top:12px}
.form-top{justify-content:flex-end}
.inline-check{display:flex;gap:8px;align-items:center;font-weight:400}
.verify{display:flex;flex-wrap:wrap;gap:16px;align-items:center;margin:0 0 12px}
.verify>div{flex:1 1 16rem;min-width:0}
svg.qr{width:128px;height:128px;flex:none;border:1px solid var(--line)}
.layers{list-style:none;padding:0;margin:0 0 12px;display:flex;flex-wrap:wrap;gap:8px 16px}
.by-field{padding-left:1.2rem}
.by-field>li{margin:0 0 10px}
.shipments-table td{overflow-wrap:anywhere}
table.diff td{overflow-wrap:anywhere}
.marker[hidden]{display:none}
@media (min-width:900px){.tab-panel{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:0 24px}.tab-panel>h2,.tab-panel>.rows,.tab-panel>.party-pick{grid-column:1/-1}}
`;
