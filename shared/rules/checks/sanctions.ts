import type { Finding, FindingCheck, RuleContext } from "../rule-types.ts";
import { SOURCE_DEFAULTS } from "../../runtime/config/reference-sources.ts";
import type { EmbargoedRegionEntry, ReferenceFacts, SanctionsMatch } from "../reference-facts.ts";
import { statesOnlyOtherCountries } from "./listed-countries.ts";
import { compareIdentifiers, partyIdentifierValues } from "./listed-identifiers.ts";
import {
  at,
  countryCode,
  destination,
  lineItems,
  origin,
  PARTY_KEYS,
  PARTY_LABEL,
  type PartyKey,
  prop,
  str,
} from "../../shipments/shipment-access.ts";
import { normaliseLocode } from "../../trade/locode.ts";
import { foldCharacters } from "../../text/fold.ts";

/**
 * Party name against the screening lists the deployment is bound by. The name is looked up exactly as sent
 * in facts.sanctions (the gathering side screens the names collectReferenceAsk lists). A missing party or
 * name is not this rule's finding (the required-field rules report it). Fail closed: a name that could not
 * be screened (a bound list empty or still loading, a name the screening did not answer) is an error, never
 * a pass, so `valid` is false and generation refuses with the same message.
 */
export function partyScreening(key: PartyKey): FindingCheck {
  return (shipment, { facts }) => {
    const name = str(prop(prop(shipment, key), "name"));
    if (name === undefined) return [];
    const label = PARTY_LABEL[key];
    const missing = listsNotLoaded(facts);
    if (missing.length > 0) return [sanctionsNotLoaded(key, missing)];
    if (!facts.sanctions.has(name)) {
      return [
        {
          path: [key, "name"],
          message:
            `${label} "${name}" was not screened against the sanctions list. Expected a screening result for every party name. ` +
            `Validate again; if this persists the screening service is not receiving the party names.`,
          context: { table: "sanctions_ofac", not_checked: true },
        },
      ];
    }
    const match = facts.sanctions.get(name);
    if (!match) return [];
    const party = prop(shipment, key);
    const ids = partyIdentifierValues(prop(party, "tax_ids"));
    return [screeningFinding(key, name, countryCode(prop(party, "country")), ids, match, facts.screeningLists)];
  };
}

/** A bound list that holds no entries, and whether its first load is running. */
export interface ListNotLoaded {
  table: string;
  label: string;
  loading: boolean;
}

/** The bound lists that are empty (facts.screeningLists; without it, OFAC as loaded.sanctions says). */
export function listsNotLoaded(facts: ReferenceFacts): ListNotLoaded[] {
  if (facts.screeningLists) {
    return facts.screeningLists
      .filter((c) => !c.loaded)
      .map((c) => ({ table: c.table, label: c.label, loading: c.loading === true || facts.loading?.includes(c.table) === true }));
  }
  if (facts.loaded.sanctions) return [];
  return [
    { table: "sanctions_ofac", label: SOURCE_DEFAULTS.sanctions_ofac.label, loading: facts.loading?.includes("sanctions_ofac") === true },
  ];
}

const EXACT = 0.999;

/**
 * One finding for a party on one or more lists: the most severe listing decides the severity (screening
 * ordered them, shared/screening/lists/listing-effects.ts), the message says what it forbids. A fuzzy match
 * whose entry states only other countries than the party's, or identifiers that all differ from the party's
 * tax ids, is a possible match (warning), unless one of its identifiers is the party's; an exact match of a
 * listed name stays as severe as its listing whatever the country and identifiers.
 */
function screeningFinding(
  key: PartyKey,
  name: string,
  partyCountry: string | undefined,
  partyIds: readonly string[],
  match: SanctionsMatch,
  coverage: ReferenceFacts["screeningLists"],
): Finding {
  const label = PARTY_LABEL[key];
  const lists = match.lists ?? [
    {
      list: match.list,
      entry_id: match.uid,
      program: match.program,
      effect: match.effect ?? "asset_freeze",
      entry_hash: match.entry_hash ?? "",
    },
  ];
  const exact = match.score >= EXACT;
  const ids = compareIdentifiers(match.ids, partyIds);
  const elsewhere = !exact && ids !== "same" && statesOnlyOtherCountries(match.countries, partyCountry);
  const otherIds = !exact && ids === "different";
  const severity = match.severity === "warning" || elsewhere || otherIds ? "warning" : "error";
  const others = lists.slice(1).map((l) => `${l.list} ${l.entry_id}${l.program ? ` (${l.program})` : ""}`);
  const screened = coverage?.filter((c) => c.loaded).map((c) => c.label);
  const effect = match.effect_words ?? "listed on the US sanctions lists";
  const what =
    `${label} "${name}" matches ${match.list} entry "${match.name}" (${match.entry_id ?? match.uid}${match.program ? `, programme ${match.program}` : ""}) ` +
    `via the listed name "${match.matched_name}" with similarity ${match.score}: ${effect}` +
    `${match.legal ? ` (${match.legal})` : ""}.` +
    (others.length > 0 ? ` Also listed: ${others.join("; ")}.` : "") +
    (elsewhere
      ? ` The entry states ${match.countries!.join(", ")}, not the party's country ${partyCountry}: a possible match, not a certain one.`
      : "") +
    (otherIds
      ? ` The entry states the identifiers ${(match.ids ?? []).join(", ")}, none of them the party's tax ids: a possible match, not a certain one.`
      : ids === "same"
        ? " One of the entry's identifiers is the party's tax id."
        : "") +
    // Every bound list is loaded here (an empty one fails the rule before): they are the lists screened.
    (screened && screened.length > 0 ? ` Screened against: ${screened.join(", ")}.` : "");
  const todo =
    severity === "error"
      ? match.effect === "licence_required"
        ? " Do not ship items subject to the EAR without a BIS licence: verify the party's identity (address, registration numbers); if it is a different entity, record the evidence."
        : " Do not proceed: verify the party's identity (address, registration numbers); if it is a different entity, record the evidence and correct the name as registered."
      : " Verify the party's identity and what the listing restricts before proceeding.";
  return {
    path: [key, "name"],
    ...(severity === "warning" ? { severity: "warning" as const } : {}),
    message: `${what} Expected no listing that forbids or restricts this shipment.${todo}`,
    context: {
      list: match.list,
      entry_id: match.entry_id ?? match.uid,
      uid: match.uid,
      program: match.program,
      effect: match.effect ?? "asset_freeze",
      name: match.name,
      matched_name: match.matched_name,
      score: match.score,
      entry_hash: match.entry_hash ?? "",
      lists,
      ...(elsewhere || otherIds ? { possible_match: true } : {}),
      ...(elsewhere ? { entry_countries: match.countries } : {}),
      ...(otherIds ? { entry_identifiers: match.ids } : {}),
      ...(ids === "same" ? { identifier_match: true } : {}),
      ...(coverage
        ? {
            screened_lists: coverage.filter((c) => c.loaded).map((c) => c.table),
            lists_not_loaded: coverage.filter((c) => !c.loaded).map((c) => c.table),
          }
        : {}),
    },
  };
}

/** What loads one list: its download, or a folder import (OFAC's refresh group is named "sanctions"). */
function loadCommand(table: string): string {
  const download = table === "sanctions_ofac" ? "sanctions" : table;
  return `npm run reference:refresh -- --only ${download} (downloads it from its publisher), or npm run reference:import -- --dir <folder> --only ${table} (from a folder or mirror of its files)`;
}

/**
 * "The sanctions list is not loaded: the exporter could not be screened." An error (the rule's severity)
 * naming every bound list that is empty, with what to do for each: its download or a folder import, or
 * waiting for a load that is running. context.table is the first such list, context.tables all of them.
 */
export function sanctionsNotLoaded(key: PartyKey, missing: readonly ListNotLoaded[]): Finding {
  const who = PARTY_LABEL[key].toLowerCase();
  const allLoading = missing.every((m) => m.loading);
  const one = missing.length === 1;
  const state = allLoading
    ? `${one ? "is" : "are"} still loading (${one ? "its download from the publisher is" : "their downloads are"} in progress)`
    : `${one ? "is" : "are"} not loaded`;
  const named = missing.map((m) => `${m.label} (${m.table}${m.loading ? ", loading" : ""})`).join(", ");
  const todo = allLoading
    ? "Validate again when the load has finished (GET /api/v1/reference-data shows its state)."
    : `Load ${one ? "it" : "them"}: ${missing
        .filter((m) => !m.loading)
        .map((m) => loadCommand(m.table))
        .join("; ")}; then validate again.`;
  return {
    path: [key, "name"],
    message:
      `The sanctions ${one ? "list" : "lists"} ${state}: the ${who} could not be screened. ` +
      `Expected every list this deployment is bound by (TDS_SCREENING_LISTS) to hold data; empty: ${named}. ${todo}`,
    context: { table: missing[0].table, tables: missing.map((m) => m.table), not_checked: true, loading: allLoading },
  };
}

function embargoFinding(
  path: PropertyKey[],
  country: string,
  role: string,
  facts: { embargoes: ReadonlyArray<{ country: string; program: string; as_of: string }> },
): Finding[] {
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
      out.push(
        ...embargoFinding(["goods", "line_items", index, "origin_country"], country, `Line item ${index + 1} origin country`, facts),
      );
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

// ── Embargoed regions (Crimea, Sevastopol, so-called DNR/LNR) ─────────────────────────────────────────

/** Lower case, accents and apostrophes gone, words separated by single spaces: "Simferopol'" → "simferopol". */
function foldPlace(text: string): string {
  return foldCharacters(text.toLowerCase())
    .replace(/['’ʼ`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The first of `names` that occurs in `text` as whole words. */
function namedPlace(text: string, names: readonly string[]): string | undefined {
  const hay = ` ${foldPlace(text)} `;
  return names.find((n) => {
    const needle = foldPlace(n);
    return needle !== "" && hay.includes(` ${needle} `);
  });
}

type RegionHit = { region: EmbargoedRegionEntry; certain: boolean; why: string };

function regionFinding(path: PropertyKey[], what: string, hit: RegionHit): Finding {
  const { region } = hit;
  const listed = `${region.program}, list as of ${region.as_of}`;
  const context = { region: region.region, region_name: region.name, program: region.program, as_of: region.as_of, matched: hit.why };
  if (hit.certain) {
    return {
      path,
      message:
        `${what} is in ${region.name} (${region.region}: ${hit.why}), a region under a comprehensive US embargo (${listed}). ` +
        `Expected no port or party in an embargoed region. Trade with it needs a specific licence; without one the shipment cannot proceed.`,
      context,
    };
  }
  return {
    path,
    severity: "warning",
    message:
      `${what} may be in ${region.name} (${region.region}: ${hit.why}); only part of that oblast is under the comprehensive US embargo ` +
      `(${listed}). Expected a location outside the embargoed region. Verify the exact location; if it is inside the region, ` +
      `the shipment needs a specific licence.`,
    context,
  };
}

function portRegion(code: string, facts: RuleContext["facts"]): RegionHit | undefined {
  const port = facts.ports.get(code);
  for (const region of facts.embargoedRegions) {
    if (region.locodes.includes(code)) return { region, certain: true, why: `UN/LOCODE ${code}` };
    if (!port || port.country !== region.country) continue;
    const place = namedPlace(port.name, region.place_names);
    if (place) return { region, certain: true, why: `${code} ${port.name}` };
    if (port.subdivision && `${port.country}-${port.subdivision}` === region.region) {
      return { region, certain: !region.partial, why: `${code} ${port.name}, subdivision ${region.region}` };
    }
  }
  return undefined;
}

function partyRegion(party: unknown, facts: RuleContext["facts"]): { field: string; hit: RegionHit } | undefined {
  const country = countryCode(prop(party, "country"));
  for (const region of facts.embargoedRegions) {
    // A party elsewhere ("Donetsk" is not only a Ukrainian place name) is not screened; no country is.
    if (country !== undefined && country !== region.country && !region.also_addressed_as.includes(country)) continue;
    const city = str(prop(party, "city"));
    const cityPlace = city === undefined ? undefined : namedPlace(city, region.place_names);
    if (cityPlace) return { field: "city", hit: { region, certain: true, why: `city "${city}"` } };
    for (const field of ["state", "address"] as const) {
      const text = str(prop(party, field));
      if (text === undefined) continue;
      const place = namedPlace(text, region.place_names);
      if (place && !region.partial) return { field, hit: { region, certain: true, why: `${field} names ${place}` } };
      const oblast = place ?? namedPlace(text, region.oblast_names);
      if (oblast) return { field, hit: { region, certain: false, why: `${field} names ${oblast}` } };
    }
  }
  return undefined;
}

/**
 * Ports of loading and discharge and the parties' addresses against the embargoed regions: a port by its
 * UN/LOCODE (listed code, subdivision or place name in port_codes), a party (in the region's country, the
 * occupying state, or without a country) by the place names of its city, state or address. Certain hits are
 * errors; a partial region's oblast alone is a warning to verify the exact location.
 */
export const embargoedRegion: FindingCheck = (shipment, { facts }) => {
  const out: Finding[] = [];
  for (const field of ["port_of_loading", "port_of_discharge"] as const) {
    const raw = str(at(shipment, "route", field));
    const code = raw === undefined ? null : normaliseLocode(raw);
    if (code === null) continue;
    const hit = portRegion(code, facts);
    if (hit)
      out.push(regionFinding(["route", field], `${field === "port_of_loading" ? "Port of loading" : "Port of discharge"} ${code}`, hit));
  }
  for (const key of PARTY_KEYS) {
    const party = prop(shipment, key);
    if (party === undefined || party === null) continue;
    const found = partyRegion(party, facts);
    if (found) out.push(regionFinding([key, found.field], `${PARTY_LABEL[key]} address`, found.hit));
  }
  return out;
};
