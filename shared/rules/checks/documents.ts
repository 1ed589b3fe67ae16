import type { Finding, FindingCheck } from "../rule-types.ts";
import type { ReferenceFacts } from "../reference-facts.ts";
import {
  arr,
  at,
  countryCode,
  isBlank,
  isRecord,
  lineItems,
  PARTY_KEYS,
  prop,
  str,
  transportMode,
} from "../../shipments/shipment-access.ts";
import { normaliseLocode } from "../../trade/locode.ts";
import { HAZARD_CLASSES_WITHOUT_PACKING_GROUP, PLANT_PRODUCT_CHAPTERS } from "../code-lists.ts";
import { isUsmcaCountry } from "../../trade/countries.ts";
import { hsChapter, parseHsCode } from "../../trade/hs-code.ts";
import { absent, found, notLoaded } from "./helpers.ts";
// The one test of "hazardous", shared with the DGD pre-check and layout, so the rule and generation agree.
import { isHazardousItem } from "../../documents/data.ts";

function hasFlag(item: unknown, flag: string): boolean {
  const flags = arr(prop(item, "compliance_flags"));
  return flags !== undefined && flags.some((f) => typeof f === "string" && f.trim().toLowerCase() === flag);
}

/**
 * A multimodal route has a sea leg when route.legs[] holds a leg whose mode (or transport_mode) is "sea",
 * or when port_of_loading or port_of_discharge is a UN/LOCODE with the seaport function (1) in port_codes.
 */
function seaLegEvidence(shipment: unknown, facts: ReferenceFacts): "yes" | "no" | "unknown" {
  const legs = arr(at(shipment, "route", "legs")) ?? [];
  const isSea = (v: unknown) => typeof v === "string" && v.trim().toLowerCase() === "sea";
  if (legs.some((leg) => isSea(prop(leg, "mode")) || isSea(prop(leg, "transport_mode")))) return "yes";
  const codes = (["port_of_loading", "port_of_discharge"] as const)
    .map((f) => str(at(shipment, "route", f)))
    .filter((c): c is string => c !== undefined)
    .map(normaliseLocode)
    .filter((c): c is string => c !== null);
  if (codes.some((c) => facts.ports.get(c)?.functions.port === true)) return "yes";
  return codes.length > 0 && !facts.loaded.ports ? "unknown" : "no";
}

export const blSeaOnly: FindingCheck = (shipment, { facts }) => {
  const mode = at(shipment, "route", "transport_mode");
  const normalised = transportMode(shipment);
  if (normalised === "sea") return [];
  if (normalised === "multimodal") {
    const evidence = seaLegEvidence(shipment, facts);
    if (evidence === "yes") return [];
    if (evidence === "unknown")
      return [notLoaded(["route", "transport_mode"], "port_codes", "whether the multimodal route has a sea leg", facts)];
    return [
      {
        path: ["route", "transport_mode"],
        message:
          `A bill of lading was requested for a multimodal route without a sea leg. Expected transport mode sea, or multimodal with a ` +
          `sea leg (a route.legs[] entry with mode "sea", or a seaport as port of loading or discharge). ` +
          `Add the sea leg, or use the transport document of the actual mode (e.g. AIR_WAYBILL for air).`,
        context: { transport_mode: mode },
      },
    ];
  }
  return [
    {
      path: ["route", "transport_mode"],
      message:
        `A bill of lading was requested but transport mode ${found(mode)}. Expected sea, or multimodal with a sea leg. ` +
        `Use the transport document of the actual mode (AIR_WAYBILL for air), or correct route.transport_mode.`,
      ...(typeof mode === "string" ? { context: { transport_mode: mode } } : {}),
    },
  ];
};

export const awbAirOnly: FindingCheck = (shipment) => {
  const mode = at(shipment, "route", "transport_mode");
  if (transportMode(shipment) === "air") return [];
  return [
    {
      path: ["route", "transport_mode"],
      message:
        `An air waybill was requested but transport mode ${found(mode)}. Expected air. ` +
        `Use BILL_OF_LADING for sea transport, or correct route.transport_mode.`,
      ...(typeof mode === "string" ? { context: { transport_mode: mode } } : {}),
    },
  ];
};

/**
 * Hazardous items need a UN number ("UN1203" or "1203"), a hazard class ("3", "2.1", "1.4S") and a packing
 * group I, II or III — except classes/divisions that have none under the UN Model Regulations (1, 2, 7,
 * 5.2, 6.2). A declaration without any hazardous item is reported too (same condition as the pre-check).
 */
export const dgdUnClassification: FindingCheck = (shipment) => {
  const hazardous = lineItems(shipment).filter(({ item }) => isHazardousItem(item));
  if (hazardous.length === 0) {
    return [
      {
        path: ["goods", "line_items"],
        message:
          `A dangerous goods declaration was requested but no line item is marked hazardous. Expected at least one line item ` +
          `with is_hazardous true or compliance_flags containing "dgd". Mark the dangerous goods, or do not request the declaration.`,
      },
    ];
  }
  const out: Finding[] = [];
  for (const { item, index } of hazardous) {
    const base = ["goods", "line_items", index];
    const un = prop(item, "un_number");
    if (isBlank(un) || !(typeof un === "string" && /^(UN)?\s?\d{4}$/i.test(un.trim()))) {
      out.push({
        path: [...base, "un_number"],
        message:
          `Hazardous line item ${index + 1} UN number ${found(un)}. Expected a four-digit UN number, e.g. "UN1203". ` +
          `Take it from section 14 of the safety data sheet.`,
      });
    }
    const cls = prop(item, "hazard_class");
    const clsMatch = typeof cls === "string" ? /^([1-9])(?:\.([1-9]))?[A-Z]?$/.exec(cls.trim()) : null;
    if (!clsMatch) {
      out.push({
        path: [...base, "hazard_class"],
        message:
          `Hazardous line item ${index + 1} hazard class ${found(cls)}. Expected a UN hazard class or division 1 to 9, e.g. "3" or "2.1". ` +
          `Take it from section 14 of the safety data sheet.`,
      });
      continue;
    }
    const division = clsMatch[2] ? `${clsMatch[1]}.${clsMatch[2]}` : clsMatch[1];
    const exempt = (HAZARD_CLASSES_WITHOUT_PACKING_GROUP as readonly string[]).some((c) => c === clsMatch[1] || c === division);
    const pg = prop(item, "packing_group");
    if (!exempt && !(typeof pg === "string" && /^(I|II|III)$/.test(pg.trim()))) {
      out.push({
        path: [...base, "packing_group"],
        message:
          `Hazardous line item ${index + 1} (class ${division}) packing group ${found(pg)}. Expected I, II or III. ` +
          `Take it from section 14 of the safety data sheet.`,
        context: { hazard_class: division },
      });
    }
  }
  return out;
};

export const vgmSeaContainer: FindingCheck = (shipment) => {
  const out: Finding[] = [];
  const mode = at(shipment, "route", "transport_mode");
  if (transportMode(shipment) !== "sea") {
    out.push({
      path: ["route", "transport_mode"],
      message:
        `A VGM declaration was requested but transport mode ${found(mode)}. Expected sea: the verified gross mass (SOLAS) ` +
        `applies to containers loaded on ships. Do not request VGM_DECLARATION for other modes, or correct route.transport_mode.`,
    });
  }
  const containers = at(shipment, "packaging", "containers");
  if (!(Array.isArray(containers) && containers.length > 0)) {
    out.push({
      path: ["packaging", "containers"],
      message:
        `A VGM declaration was requested but packaging.containers ${Array.isArray(containers) ? "is an empty list" : found(containers)}. ` +
        `Expected at least one container. Add the containers with container_number (and seal_number).`,
    });
  }
  return out;
};

/**
 * Absent: a warning, the one difference from the spec's severity E (docs/generation.md): the weighing method
 * is a field of the spec's soft-warning table, which a confirmed request generates with a blank for, so an
 * error on absence would block what the soft warning lets through. Present and not 1 or 2: an error.
 */
export const vgmMethodValid: FindingCheck = (shipment) => {
  const method = at(shipment, "vgm_data", "weighing_method");
  if (method === 1 || method === 2 || (typeof method === "string" && /^\s*[12]\s*$/.test(method))) return [];
  if (absent(method)) {
    return [
      {
        path: ["vgm_data", "weighing_method"],
        severity: "warning",
        message:
          `VGM weighing method is missing. Expected 1 (the packed container weighed) or 2 (the contents and the container's tare added up). ` +
          `The declaration gets a blank field for it: fill it in before the declaration is submitted, or set vgm_data.weighing_method.`,
      },
    ];
  }
  return [
    {
      path: ["vgm_data", "weighing_method"],
      message:
        `VGM weighing method ${found(method)}. Expected 1 (the packed container weighed) or 2 (the contents and the container's tare added up). ` +
        `Set vgm_data.weighing_method to 1 or 2.`,
    },
  ];
};

/** The spec's severity E, absent or not text: the agreement name is not a soft-warning field. */
export const eur1Agreement: FindingCheck = (shipment) => {
  const value = at(shipment, "preferential_origin", "agreement_name");
  if (str(value) !== undefined) return [];
  return [
    {
      path: ["preferential_origin", "agreement_name"],
      message:
        `An EUR.1 movement certificate was requested but the preferential agreement ${found(value)}. ` +
        `Expected the name of the trade agreement that grants preferential origin (e.g. "EU-Switzerland FTA"). ` +
        `Set preferential_origin.agreement_name.`,
    },
  ];
};

export const usmcaParties: FindingCheck = (shipment) => {
  const countries = PARTY_KEYS.map((p) => countryCode(at(shipment, p, "country"))).filter((c): c is string => c !== undefined);
  if (countries.some((c) => isUsmcaCountry(c))) return [];
  return [
    {
      path: ["exporter", "country"],
      message:
        `A USMCA certificate of origin was requested but no party is in the US, Mexico or Canada (party countries: ` +
        `${countries.length ? countries.join(", ") : "none given"}). Expected at least one of exporter, importer or notify party ` +
        `in US, MX or CA. Check the party countries, or do not request the USMCA certificate.`,
      context: { party_countries: countries },
    },
  ];
};

/** Plant product = HS chapter 06-14 (from a well-formed hs_code) or compliance_flags containing "phyto". */
export function isPlantProduct(item: unknown): boolean {
  if (hasFlag(item, "phyto")) return true;
  const raw = str(prop(item, "hs_code"));
  const chapter = raw === undefined ? undefined : hsChapter(parseHsCode(raw));
  return chapter !== undefined && (PLANT_PRODUCT_CHAPTERS as readonly string[]).includes(chapter);
}

export const phytoBotanical: FindingCheck = (shipment) =>
  lineItems(shipment)
    .filter(({ item }) => isPlantProduct(item))
    .flatMap(({ item, index }): Finding[] => {
      const value = prop(item, "botanical_name");
      if (str(value) !== undefined) return [];
      return [
        {
          path: ["goods", "line_items", index, "botanical_name"],
          message:
            `Plant product line item ${index + 1} botanical name ${found(value)}. Expected the scientific (Latin) name of the plant, ` +
            `e.g. "Malus domestica", as required on a phytosanitary certificate. Set botanical_name on the line item.`,
        },
      ];
    });

export const healthVetAuthority: FindingCheck = (shipment) => {
  const out: Finding[] = [];
  const authority = at(shipment, "veterinary_data", "competent_authority");
  if (str(authority) === undefined) {
    out.push({
      path: ["veterinary_data", "competent_authority"],
      message:
        `A health/veterinary certificate was requested but the competent authority ${found(authority)}. Expected the official ` +
        `veterinary authority that certifies the consignment. Set veterinary_data.competent_authority.`,
    });
  }
  // The spec's severity E for the inspection date too (it is not a soft-warning field); a malformed date
  // string is rule_format_date_iso8601's finding.
  const date = at(shipment, "veterinary_data", "inspection_date");
  if (str(date) === undefined) {
    out.push({
      path: ["veterinary_data", "inspection_date"],
      message:
        `A health/veterinary certificate was requested but the inspection date ${found(date)}. ` +
        `Expected the ISO 8601 date of the veterinary inspection, e.g. "2026-11-20". Set veterinary_data.inspection_date.`,
    });
  }
  return out;
};

export const coaTestResults: FindingCheck = (shipment) => {
  const rows = at(shipment, "analysis_data", "test_results");
  const count = Array.isArray(rows) ? rows.filter((r) => isRecord(r) && Object.keys(r).length > 0).length : 0;
  if (count > 0) return [];
  return [
    {
      path: ["analysis_data", "test_results"],
      message:
        `A certificate of analysis was requested but analysis_data.test_results ${Array.isArray(rows) ? "has no result rows" : found(rows)}. ` +
        `Expected at least one test result row (e.g. {"parameter": "Moisture", "result": "11.2 %", "method": "ISO 712"}). Add the analysis results.`,
    },
  ];
};
