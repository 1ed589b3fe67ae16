import type { Finding, FindingCheck } from "../rule-types.ts";
import { at, countryCode, destination, lineItems, origin, PARTY_LABEL, type PartyKey, prop, str } from "../shipment-access.ts";
import { notLoaded } from "./helpers.ts";

/**
 * Party name against the OFAC lists. The name is looked up exactly as sent in facts.sanctions (the
 * gathering side screens the names collectReferenceAsk lists). A missing party or name is not this rule's
 * finding (the required-field rules report it); a name that was not screened, or an empty sanctions table,
 * gives an info finding — never a silent pass.
 */
export function partyScreening(key: PartyKey): FindingCheck {
  return (shipment, { facts }) => {
    const name = str(prop(prop(shipment, key), "name"));
    if (name === undefined) return [];
    const label = PARTY_LABEL[key];
    if (!facts.loaded.sanctions) return [notLoaded([key, "name"], "sanctions_ofac", `the ${label.toLowerCase()} name`)];
    if (!facts.sanctions.has(name)) {
      return [
        {
          path: [key, "name"],
          severity: "info",
          message:
            `${label} "${name}" was not screened against the sanctions list. Expected a screening result for every party name. ` +
            `Validate again; if this persists the screening service is not receiving the party names.`,
        },
      ];
    }
    const match = facts.sanctions.get(name);
    if (!match) return [];
    return [
      {
        path: [key, "name"],
        message:
          `${label} "${name}" matches ${match.list} entry "${match.name}" (uid ${match.uid}, program ${match.program}) ` +
          `via the listed name "${match.matched_name}" with similarity ${match.score}. Expected no match on the US sanctions lists. ` +
          `Do not proceed: verify the party's identity (address, registration numbers); if it is a different entity, ` +
          `record the evidence and correct the name as registered.`,
        context: {
          uid: match.uid,
          name: match.name,
          matched_name: match.matched_name,
          program: match.program,
          score: match.score,
          list: match.list,
        },
      },
    ];
  };
}

function embargoFinding(path: PropertyKey[], country: string, role: string, facts: { embargoes: ReadonlyArray<{ country: string; program: string; as_of: string }> }): Finding[] {
  const entry = facts.embargoes.find((e) => e.country === country);
  if (!entry) return [];
  return [
    {
      path,
      message:
        `${role} ${country} is under a comprehensive embargo (${entry.program}, list as of ${entry.as_of}). ` +
        `Expected a country not on the comprehensive embargo list. Trade with it needs a specific licence; without one the shipment cannot proceed.`,
      context: { country, program: entry.program, as_of: entry.as_of },
    },
  ];
}

/** route.origin_country and every line item's origin_country against facts.embargoes (codes compared trimmed, upper-cased). */
export const embargoedOrigin: FindingCheck = (shipment, { facts }) => {
  const out: Finding[] = [];
  const from = origin(shipment);
  if (from !== undefined) out.push(...embargoFinding(["route", "origin_country"], from, "Origin country", facts));
  for (const { item, index } of lineItems(shipment)) {
    const country = countryCode(prop(item, "origin_country"));
    if (country !== undefined) {
      out.push(...embargoFinding(["goods", "line_items", index, "origin_country"], country, `Line item ${index + 1} origin country`, facts));
    }
  }
  return out;
};

/** route.destination_country, and importer.country when it differs, against facts.embargoes. */
export const embargoedDestination: FindingCheck = (shipment, { facts }) => {
  const out: Finding[] = [];
  const dest = destination(shipment);
  if (dest !== undefined) out.push(...embargoFinding(["route", "destination_country"], dest, "Destination country", facts));
  const importerCountry = countryCode(at(shipment, "importer", "country"));
  if (importerCountry !== undefined && importerCountry !== dest) {
    out.push(...embargoFinding(["importer", "country"], importerCountry, "Importer country", facts));
  }
  return out;
};
