/**
 * A currency sign several countries share ($, ¥, Rs.) read with the seller's country: "$" on an
 * invoice from Toronto is CAD, "Rs." from Karachi PKR. Only when the document writes no ISO code
 * anywhere (a written code always wins) and the seller's country uses a currency of that sign.
 */
import type { FlatExtraction } from "../../../extraction-result.ts";
import { confidenceFromEvidence } from "../../../value-evidence.ts";
import type { ExtractionContext } from "./extraction-context.ts";

/** Sign's default (as findCurrency reads it) → the seller country's own currency of that sign. */
const BY_COUNTRY: Record<string, Record<string, string>> = {
  USD: { CA: "CAD", AU: "AUD", NZ: "NZD", HK: "HKD", SG: "SGD", TW: "TWD", MX: "MXN", BR: "BRL" },
  JPY: { CN: "CNY" },
  INR: { PK: "PKR", LK: "LKR", NP: "NPR" },
};
const SIGNS: Record<string, RegExp> = { USD: /\$/, JPY: /¥/, INR: /\bRs\.?(?=\s?\d|\s|$)/ };

export function resolveCurrencyByCountry(context: ExtractionContext, out: FlatExtraction): void {
  const currency = out.get("goods.currency");
  const country = out.get("exporter.country")?.value;
  if (!currency || typeof currency.value !== "string" || typeof country !== "string") return;
  const own = BY_COUNTRY[currency.value]?.[country];
  if (!own) return;
  const text = context.lines.map((l) => l.segs.map((s) => s.text).join(" ")).join("\n");
  if (!SIGNS[currency.value].test(text) || /\b(USD|JPY|INR|US\$|US dollars?)\b/.test(text)) return;
  const evidence = { source: "pattern", agreement: true, format: true };
  out.set("goods.currency", { value: own, confidence: Math.min(currency.confidence, confidenceFromEvidence(evidence)), evidence });
}
