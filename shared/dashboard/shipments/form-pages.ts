/**
 * New shipment, edit, and the review of an extracted document: one form handler. Buttons other than
 * save (add/remove a row, show markers, fill a saved party, suggest HS codes) re-render the form with the
 * typed values, so everything works without JavaScript.
 */
import type { Hono } from "hono";
import type { DashboardEnv } from "../dashboard-env.ts";
import { csrfField } from "../csrf.ts";
import { renderPage } from "../layout.ts";
import { AppError } from "../../errors/app-error.ts";
import { TradeShipmentSchema } from "../../shipments/trade-shipment-schema.ts";
import type { ShipmentRecord } from "../../shipments/shipment-record.ts";
import { findShipment, replaceDraftData, reviseShipmentData } from "../../shipments/shipment-repository.ts";
import { createShipment, promoteDraftShipment } from "../../shipments/shipment-service.ts";
import { findValidationRecord } from "../../validation/validation-record-repository.ts";
import { listParties } from "../../parties/party-repository.ts";
import { partySearchWords } from "../../parties/party-service.ts";
import type { PartyRecord } from "../../parties/party-schemas.ts";
import { searchHsCodes } from "../../hs-codes/hs-code-service.ts";
import { SCHEDULES } from "../../hs-codes/schedules.ts";
import { findExtractionJob } from "../../extraction/extraction-repository.ts";
import { chosenDocumentTypes, REPEATABLE, type RepeatableGroup } from "./form-fields.ts";
import { formStateFromShipment, shipmentFromForm, type FormState } from "./form-data.ts";
import { fromRuleResults, type FieldFinding } from "./findings.ts";
import { renderShipmentForm, type FormViewModel } from "./form-view.ts";
import { knownInputs } from "./shipment-view.ts";
import { isLowConfidence, reviewPrefill } from "./extraction-review.ts";
import { renderExtractionFailed, renderExtractionProgress } from "./from-document-view.ts";
import { all, memberPrincipal, one, page, shipmentNotFound, type Body, type Ctx } from "./page-support.ts";
import { scheduleChoiceFor } from "./suggest-pages.ts";
import { shipmentTitle } from "./view-helpers.ts";
import { classifyStep, typedAttributes } from "./hs-classify-form.ts";
import { readClassifyAction } from "./hs-classify-panel.ts";
import { EXTRACTION_ERRORS } from "../../extraction/extraction-errors.ts";

export const FORM_SCRIPT = "/dashboard/shipments/assets/form.js";
export const PROGRESS_SCRIPT = "/dashboard/shipments/assets/progress.js";

interface FormContext {
  title: string;
  action: string;
  mode: FormViewModel["mode"];
  existing?: ShipmentRecord;
  confidence?: Record<string, number>;
  active: "new-shipment" | "shipments" | "from-document";
}

async function partyNames(c: Ctx): Promise<string[]> {
  const { parties } = await listParties(c.get("services").db, c.get("member").accountId, { words: [], limit: 200, offset: 0 });
  return parties.map((p) => p.name);
}

async function latestFindings(c: Ctx, s: ShipmentRecord | undefined, data: Record<string, unknown>): Promise<FieldFinding[]> {
  if (!s?.current_validation_record_id) return [];
  const v = await findValidationRecord(c.get("services").db, c.get("member").accountId, s.current_validation_record_id);
  return v ? fromRuleResults(v.results, knownInputs(data)) : [];
}

async function showForm(
  c: Ctx,
  f: FormContext,
  state: FormState,
  extra: {
    chosen: ReturnType<typeof chosenDocumentTypes>;
    ref: string;
    findings: FieldFinding[];
    notice?: { kind: "ok" | "error"; text: string };
    status?: number;
    attributes?: FormViewModel["hsAttributes"];
    hs?: FormViewModel["hsSuggestions"];
    classify?: FormViewModel["hsClassify"];
  },
): Promise<Response> {
  const body = renderShipmentForm({
    action: f.action,
    csrf: csrfField(c),
    state,
    chosenTypes: extra.chosen,
    findings: extra.findings,
    confidence: f.confidence,
    partyNames: await partyNames(c),
    hsSuggestions: extra.hs,
    hsClassify: extra.classify,
    hsAttributes: extra.attributes,
    shipmentRef: extra.ref,
    mode: f.mode,
  });
  return renderPage(c, { title: f.title, active: f.active, body, notice: extra.notice, status: extra.status, scripts: [FORM_SCRIPT] });
}

function fillParty(state: FormState, who: string, p: PartyRecord): void {
  const set = (k: string, v: string | null | undefined) => {
    if (v) state.values[`${who}.${k}`] = v;
  };
  set("name", p.name);
  set("address", p.address);
  set("city", p.city);
  set("postal_code", p.postal_code);
  set("country", p.country);
  set("tax_ids.eori", p.tax_ids?.eori);
  set("tax_ids.ein", p.tax_ids?.ein);
  set("contact_email", p.contact_email);
  set("contact_phone", p.contact_phone);
}

/** One saved party for a typed name: the exact name (any case), or the only one whose name contains it. */
export async function partyForName(c: Ctx, name: string): Promise<PartyRecord | null> {
  const words = partySearchWords(name);
  if (words.length === 0) return null;
  const { parties } = await listParties(c.get("services").db, c.get("member").accountId, { words, limit: 20, offset: 0 });
  return parties.find((p) => p.name.toLowerCase() === name.toLowerCase()) ?? (parties.length === 1 ? parties[0] : null);
}

async function hsFor(c: Ctx, state: FormState, row: number): Promise<FormViewModel["hsSuggestions"]> {
  const code = state.values[`goods.line_items.${row}.hs_code`] ?? "";
  const q = code || state.values[`goods.line_items.${row}.description`] || "";
  const choice = scheduleChoiceFor(state.values["route.destination_country"]);
  if (q.trim() === "")
    return { row, schedule: SCHEDULES[choice.schedule].name, items: [], note: "Type a description or the start of a code first." };
  try {
    const r = await searchHsCodes(c.get("services").db, {
      q,
      country: choice.country,
      limit: 15,
      wordVectors: c.get("services").config.hsSearch.wordVectors,
    });
    return {
      row,
      schedule: SCHEDULES[r.schedule].name,
      items: r.results.map((x) => ({ value: x.code, label: `${x.code} ${x.description}` })),
      note: r.results.length === 0 ? `No ${SCHEDULES[r.schedule].name} codes match "${q}".` : choice.note,
    };
  } catch (e) {
    if (e instanceof AppError) return { row, schedule: SCHEDULES[choice.schedule].name, items: [], note: e.message };
    throw e;
  }
}

/** POST of the form: the button pressed decides (see the module comment). */
async function handleFormPost(c: Ctx, f: FormContext): Promise<Response> {
  const body = (await c.req.parseBody({ all: true })) as Body;
  const action = one(body, "action") || "save";
  const chosen = chosenDocumentTypes(all(body, "doc_types"));
  const ref = one(body, "shipment_ref").slice(0, 200);
  const removeMatch = /^remove:(line_items|containers):(\d{1,4})$/.exec(action);
  const parsed = shipmentFromForm(
    body,
    f.existing?.shipment_data ?? {},
    removeMatch ? { group: removeMatch[1] as RepeatableGroup, index: Number(removeMatch[2]) } : undefined,
  );
  const state = parsed.state;
  const findings = await latestFindings(c, f.existing, parsed.data);
  const attributes = typedAttributes(body, state.rows.line_items);
  const again = (extra: Partial<Parameters<typeof showForm>[3]> = {}) =>
    showForm(c, f, state, { chosen, ref, findings, attributes, ...extra });

  const addMatch = /^add:(line_items|containers)$/.exec(action);
  if (addMatch) {
    state.rows[addMatch[1] as RepeatableGroup] += 1;
    return again({ notice: { kind: "ok", text: `${REPEATABLE[addMatch[1] as RepeatableGroup].label} added; nothing is saved yet.` } });
  }
  if (removeMatch) return again({ notice: { kind: "ok", text: "Row removed; nothing is saved yet." } });
  if (action === "markers") return again();
  const partyMatch = /^party:(exporter|importer)$/.exec(action);
  if (partyMatch) {
    const who = partyMatch[1];
    const name = state.values[`${who}.name`] ?? "";
    const party = await partyForName(c, name);
    if (!party)
      return again({
        notice: {
          kind: "error",
          text: name ? `No saved party is named "${name}"; pick a name from the suggestions.` : `Type the ${who}'s name first.`,
        },
      });
    fillParty(state, who, party);
    return again({ notice: { kind: "ok", text: `Filled the ${who} from the saved party "${party.name}"; nothing is saved yet.` } });
  }
  const hsMatch = /^hs:(\d{1,4})$/.exec(action);
  if (hsMatch) return again({ hs: await hsFor(c, state, Number(hsMatch[1])) });
  const classifyAction = readClassifyAction(action);
  if (classifyAction)
    return again(await classifyStep(c, state, body, classifyAction).then((x) => ({ classify: x.panel, notice: x.notice })));
  if (action !== "save" && action !== "save_draft")
    return again({ notice: { kind: "error", text: "Unknown button; nothing was saved." }, status: 400 });

  if (Object.keys(state.errors).length > 0) return again({ status: 400 });
  const checked = TradeShipmentSchema.safeParse(parsed.data);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return again({ notice: { kind: "error", text: `${issue.path.join(".")}: ${issue.message}. Nothing was saved.` }, status: 400 });
  }
  const data = parsed.data;
  const { db } = c.get("services");
  const accountId = c.get("member").accountId;
  try {
    if (!f.existing) {
      const draft = action === "save_draft";
      if (draft && Object.keys(data).length === 0)
        return again({ notice: { kind: "error", text: "A draft needs at least one field filled." }, status: 400 });
      const rec = await createShipment(db, await memberPrincipal(c), { data, ref: ref || null, draft });
      return c.redirect(`/dashboard/shipments/${rec.id}?notice=${draft ? "draft_saved" : "created"}`, 303);
    }
    const id = f.existing.id;
    const refChange = { set: true, value: ref || null };
    if (f.existing.status === "draft") {
      if (!(await replaceDraftData(db, accountId, id, data, refChange))) throw shipmentNotFound(id);
      if (action === "save") {
        await promoteDraftShipment(db, await memberPrincipal(c), id);
        return c.redirect(`/dashboard/shipments/${id}?notice=promoted`, 303);
      }
      return c.redirect(`/dashboard/shipments/${id}?notice=draft_saved`, 303);
    }
    const rec = await reviseShipmentData(db, accountId, id, data, refChange);
    if (!rec) throw shipmentNotFound(id);
    return c.redirect(
      `/dashboard/shipments/${id}?notice=${rec.status === f.existing.status && rec.status !== "created" ? "unchanged" : "saved"}`,
      303,
    );
  } catch (e) {
    if (e instanceof AppError && e.code !== "SVC_SHIP_004")
      return again({ notice: { kind: "error", text: `${e.message} (${e.code}). Your changes are still in the form.` }, status: e.status });
    throw e;
  }
}

async function loadShipment(c: Ctx): Promise<ShipmentRecord> {
  const id = c.req.param("id") ?? "";
  const s = await findShipment(c.get("services").db, c.get("member").accountId, id);
  if (!s) throw shipmentNotFound(id);
  return s;
}

function editContext(s: ShipmentRecord): FormContext {
  return {
    title: `Edit ${shipmentTitle(s)}`,
    action: `/dashboard/shipments/${s.id}/edit`,
    mode: s.status === "draft" ? "draft" : "shipment",
    existing: s,
    active: "shipments",
  };
}

const NEW: FormContext = { title: "New shipment", action: "/dashboard/shipments/new", mode: "new", active: "new-shipment" };

async function extractionContext(c: Ctx): Promise<{ ctx: FormContext; data: Record<string, unknown> } | Response> {
  const jobId = c.req.param("jobId") ?? "";
  const job = await findExtractionJob(c.get("services").db, c.get("member").accountId, jobId);
  if (!job) throw new AppError(EXTRACTION_ERRORS.SVC_EXTRACT_006, "Extraction job not found", { details: { job_id: jobId } });
  if (job.status === "failed") {
    return renderPage(c, {
      title: "From a document",
      active: "from-document",
      body: renderExtractionFailed(job.file_name, job.error_code ?? "SVC_EXTRACT_002", job.error_message ?? "Data could not be extracted"),
    });
  }
  if (job.status !== "completed") {
    return renderPage(c, {
      title: "From a document",
      active: "from-document",
      body: renderExtractionProgress(
        job.id,
        job.file_name,
        String(job.created_at instanceof Date ? job.created_at.toISOString() : job.created_at),
      ),
      scripts: [PROGRESS_SCRIPT],
    });
  }
  const prefill = reviewPrefill(job.result);
  return {
    ctx: {
      title: `Review the values read from ${job.file_name}`,
      action: `/dashboard/from-document/${job.id}`,
      mode: "new",
      confidence: prefill.confidence,
      active: "from-document",
    },
    data: prefill.data,
  };
}

export function registerFormPages(app: Hono<DashboardEnv>): void {
  app.get(
    "/dashboard/shipments/new",
    page(
      async (c) =>
        showForm(c, NEW, formStateFromShipment({}), {
          chosen: chosenDocumentTypes(c.req.queries("doc_types") ?? []),
          ref: "",
          findings: [],
        }),
      "new-shipment",
    ),
  );
  app.post(
    "/dashboard/shipments/new",
    page((c) => handleFormPost(c, NEW), "new-shipment"),
  );
  app.get(
    "/dashboard/shipments/:id/edit",
    page(async (c) => {
      const s = await loadShipment(c);
      const queried = c.req.queries("doc_types");
      let chosen = chosenDocumentTypes(queried ?? []);
      const findings = await latestFindings(c, s, s.shipment_data);
      if (!queried && s.current_validation_record_id) {
        const v = await findValidationRecord(c.get("services").db, c.get("member").accountId, s.current_validation_record_id);
        chosen = chosenDocumentTypes(v?.document_types ?? []);
      }
      return showForm(c, editContext(s), formStateFromShipment(s.shipment_data), { chosen, ref: s.shipment_ref ?? "", findings });
    }),
  );
  app.post(
    "/dashboard/shipments/:id/edit",
    page(async (c) => handleFormPost(c, editContext(await loadShipment(c)))),
  );
  app.get(
    "/dashboard/from-document/:jobId",
    page(async (c) => {
      const r = await extractionContext(c);
      if (r instanceof Response) return r;
      const low = Object.values(r.ctx.confidence ?? {}).filter(isLowConfidence).length;
      return showForm(c, r.ctx, formStateFromShipment(r.data), {
        chosen: [],
        ref: "",
        findings: [],
        notice: {
          kind: "ok",
          text: `${Object.keys(r.ctx.confidence ?? {}).length} values found${low ? `, ${low} marked for checking` : ""}. Correct them, then save as a draft or a shipment.`,
        },
      });
    }, "from-document"),
  );
  app.post(
    "/dashboard/from-document/:jobId",
    page(async (c) => {
      const r = await extractionContext(c);
      if (r instanceof Response) return r;
      return handleFormPost(c, r.ctx);
    }, "from-document"),
  );
}
