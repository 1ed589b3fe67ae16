/**
 * Single values outside tables and party blocks (ports, vessel, Incoterms, countries, currency, invoice
 * number and date, totals, packages, weights, containers, seals, B/L number): the first label of each
 * kind whose value reads as that kind. Every total is a candidate; the best-labelled one wins.
 */
import type { FlatExtraction } from "../../../extraction-result.ts";
import { ocrEvidence, type ValueEvidence } from "../../../value-evidence.ts";
import { parseDate } from "../dates.ts";
import { type FieldKey, PARTY_FIELDS } from "../labels/fields.ts";
import {
  allNumbers,
  countryCode,
  findCurrency,
  findIncoterm,
  findLocode,
  norm,
  trailingCountry,
  transportMode,
} from "../normalize-values.ts";
import { bestTotal, moneyIn, totalRank } from "../totals.ts";
import { type ExtractionContext, type LabelHit, setValue } from "./extraction-context.ts";
import { labelValue, segRightOf } from "./locate-label-values.ts";

export function readLabelledValues(context: ExtractionContext, hits: readonly LabelHit[], out: FlatExtraction): void {
  const { decimalComma } = context;
  // The value's step score carries where it stood (after the label, to its right, below it); the evidence
  // records the label and OCR's word confidence for the calibration.
  let evidence: ValueEvidence = { source: "labelled" };
  const set = (path: string, value: string | number | null | undefined, confidence: number) =>
    setValue(out, path, value, confidence, evidence);
  const done = new Set<FieldKey>();
  const totals: { value: number; confidence: number; rank: number; text: string }[] = [];
  for (const hit of hits) {
    if (PARTY_FIELDS.has(hit.key) || hit.key === "other" || done.has(hit.key)) continue;
    const v = labelValue(context, hit);
    if (!v) continue;
    const c = v.base * v.confidence;
    evidence = { source: v.base < 0.85 ? "below-label" : "labelled", label: true, ...ocrEvidence([v.confidence], context.fuzzy) };
    let ok = true;
    switch (hit.key) {
      case "port_of_loading":
      case "port_of_discharge": {
        const path = hit.key === "port_of_loading" ? "route.port_of_loading" : "route.port_of_discharge";
        const code = findLocode(v.text);
        if (code) set(path, code, c);
        else if (/[A-Za-z]{3}/.test(v.text)) set(path, v.text.replace(/,.*$/, "").trim(), c * 0.8);
        else ok = false;
        break;
      }
      case "vessel": {
        const [vessel, voyage] = v.text.split(/\s*(?:\/|\bvoy(?:age)?\.?\s*(?:no\.?)?:?)\s*/i);
        if (!vessel || !/[A-Za-z]{2}/.test(vessel)) {
          ok = false;
          break;
        }
        set("route.vessel_name", vessel.trim(), c);
        if (voyage && /\w/.test(voyage)) set("route.voyage_number", voyage.trim(), c * 0.9);
        break;
      }
      case "voyage":
        if (/\d/.test(v.text)) set("route.voyage_number", v.text.split(/\s+/)[0], c);
        else ok = false;
        break;
      case "incoterms": {
        const term = findIncoterm(v.text);
        if (term) set("route.incoterms", term, c);
        else ok = false;
        break;
      }
      case "transport_mode": {
        const mode = transportMode(v.text);
        if (mode) set("route.transport_mode", mode, c);
        else ok = false;
        break;
      }
      case "origin_country":
      case "destination_country": {
        const path = hit.key === "origin_country" ? "route.origin_country" : "route.destination_country";
        const paren = /\(([A-Z]{2})\)/.exec(v.text)?.[1];
        const code = (paren && countryCode(paren)) || countryCode(v.text) || trailingCountry(v.text)?.code || null;
        if (code) set(path, code, c);
        else ok = false;
        break;
      }
      case "currency": {
        const cur = findCurrency(v.text, true);
        if (cur) set("goods.currency", cur.code, c * (cur.ambiguous ? 0.7 : 1));
        else ok = false;
        break;
      }
      case "total_value": {
        // Every total is a candidate; the best-labelled one wins after the loop (a grand total or
        // amount due beats "Total" beats a net total; a subtotal never counts).
        // "Total for this invoice   $4.11": the words after the label are not the value; the amount
        // stands to the right.
        const right = hit.rest ? segRightOf(context, hit) : null;
        const amount = moneyIn(v.text, decimalComma) ?? (right ? moneyIn(right.text, decimalComma) : null);
        if (amount === null || /\b(items?|lines?|positions?|packages?|pieces?|cartons?|ctns|weight|kgs?|lbs?)\b/i.test(v.text)) {
          ok = false;
          break;
        }
        totals.push({
          value: amount.value,
          confidence: c * amount.certainty,
          rank: totalRank(norm(`${hit.seg.text}`)),
          text: `${hit.seg.text} ${v.text} ${right?.text ?? ""}`,
        });
        ok = false; // keep looking at later totals
        break;
      }
      case "invoice_number": {
        const m = /^[#:\s]*([A-Z0-9][A-Z0-9/._-]{2,30})\b/i.exec(v.text);
        if (m && /\d/.test(m[1]) && !parseDate(m[1])) set("invoice_data.invoice_number", m[1], c);
        else ok = false;
        break;
      }
      case "invoice_date": {
        const d = parseDate(v.text, context.dateOrder);
        if (d) set("invoice_data.invoice_date", d.date, c * d.certainty);
        else ok = false;
        break;
      }
      case "total_packages": {
        const n = allNumbers(v.text, decimalComma)[0];
        if (n !== undefined && Number.isInteger(n)) set("packaging.total_packages", n, c);
        else ok = false;
        break;
      }
      case "total_gross_weight": {
        const n = allNumbers(v.text, decimalComma)[0];
        if (n === undefined) {
          ok = false;
          break;
        }
        const lbs = /\b(lbs?|pounds?)\b/i.test(v.text);
        set("packaging.total_gross_weight_kg", lbs ? Math.round(n * 0.45359237 * 100) / 100 : n, c * (lbs ? 0.9 : 1));
        break;
      }
      case "container": {
        const all = [...v.text.matchAll(/\b([A-Z]{4})\s?(\d{6,7})\b/g)];
        if (all.length === 0) ok = false;
        for (const [i, m] of all.entries()) set(`packaging.containers[${i}].container_number`, m[1] + m[2], c);
        break;
      }
      case "seal": {
        const m = /\b([A-Z0-9]{0,4}[-]?\d{4,12})\b/.exec(v.text);
        if (m) set("packaging.containers[0].seal_number", m[1], c * 0.9);
        else ok = false;
        break;
      }
      case "importer_vat": {
        const id = vatId(v.text);
        if (id) set("importer.tax_ids.vat", id, c);
        else ok = false;
        break;
      }
      case "bl_number": {
        const m = /\b([A-Z0-9][A-Z0-9-]{5,24})\b/.exec(v.text);
        if (m) set("bl_data.bl_number", m[1], c);
        else ok = false;
        break;
      }
      case "total_net_weight":
        break;
    }
    if (ok) done.add(hit.key);
  }

  const best = bestTotal(totals);
  if (best) {
    evidence = { source: "totals", label: true };
    set("goods.total_value", best.value, best.confidence);
    const cur = findCurrency(best.text);
    if (cur) set("goods.currency", cur.code, Math.max(0.8 * best.confidence, 0.7) * (cur.ambiguous ? 0.75 : 1));
  }
}

/** An EU-style VAT id at the start of a value ("ESA12345674", "FR 19 787878784"): two letters, then 8–14. */
function vatId(text: string): string | null {
  const m = /^\s*([A-Z]{2}(?:\s?[0-9A-Z]){8,14})\b/.exec(text);
  if (!m) return null;
  const id = m[1].replace(/\s/g, "");
  return /\d{2}/.test(id) ? id : null;
}
