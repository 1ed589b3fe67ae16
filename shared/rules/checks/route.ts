import type { Finding, FindingCheck } from "../rule-types.ts";
import { at, countryCode, str, transportMode } from "../../shipments/shipment-access.ts";
import { normaliseLocode } from "../../trade/locode.ts";
import { TRANSPORT_MODES } from "../../trade/transport-modes.ts";
import { found, notLoaded } from "./helpers.ts";

type PortField = "port_of_loading" | "port_of_discharge";
const PORT_LABEL: Record<PortField, string> = { port_of_loading: "Port of loading", port_of_discharge: "Port of discharge" };

/** The port is optional here; when given it must be a UN/LOCODE that exists in port_codes. */
export function portValid(field: PortField): FindingCheck {
  return (shipment, { facts }) => {
    const value = at(shipment, "route", field);
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return [];
    const label = PORT_LABEL[field];
    const raw = str(value);
    const code = raw === undefined ? null : normaliseLocode(raw);
    if (code === null) {
      return [
        {
          path: ["route", field],
          message:
            `${label} ${found(value)}, which is not a UN/LOCODE. Expected 5 characters: the ISO country code and 3 letters ` +
            `or digits, e.g. "DEHAM" for Hamburg. Look the port up in the UN/LOCODE list and enter its code.`,
        },
      ];
    }
    if (!facts.loaded.ports) return [notLoaded(["route", field], "port_codes", `the ${label.toLowerCase()} ${code}`, facts)];
    if (facts.ports.has(code)) return [];
    return [
      {
        path: ["route", field],
        message:
          `${label} "${raw}" (${code}) is not in the UN/LOCODE list. Expected an existing UN/LOCODE, e.g. "DEHAM" for Hamburg. ` +
          `Check the spelling of the code.`,
        context: { port: code, port_country: code.slice(0, 2) },
      },
    ];
  };
}

/** The port's country (from port_codes, or the UN/LOCODE's first two letters, which are its country) equals the route country. */
export function portCountryMatch(field: PortField, routeField: "origin_country" | "destination_country"): FindingCheck {
  return (shipment, { facts }) => {
    const raw = str(at(shipment, "route", field));
    const country = countryCode(at(shipment, "route", routeField));
    if (raw === undefined || country === undefined) return [];
    const code = normaliseLocode(raw);
    if (code === null) return [];
    const fact = facts.ports.get(code);
    const portCountry = fact?.country ?? code.slice(0, 2);
    if (portCountry === country) return [];
    const label = PORT_LABEL[field];
    const routeLabel = routeField === "origin_country" ? "origin" : "destination";
    return [
      {
        path: ["route", field],
        message:
          `${label} ${code}${fact ? ` (${fact.name})` : ""} is in ${portCountry}, but the ${routeLabel} country is ${country}. ` +
          `Expected a port in the ${routeLabel} country. Check route.${field} and route.${routeField}; ` +
          `if the goods transit a third country's port, confirm this is intended.`,
        context: { port: code, port_country: portCountry, [routeField]: country, ...(fact ? { port_name: fact.name } : {}) },
      },
    ];
  };
}

/**
 * An air shipment's ports of loading and discharge are airports: places with the airport function (4)
 * in the UN/LOCODE list, whose IATA code the air waybill prints. A code that is malformed or not in the
 * list is rule_port_of_*_valid's finding; with port_codes empty, that rule reports it could not check.
 */
export const airportForAir: FindingCheck = (shipment, { facts }) => {
  if (transportMode(shipment) !== "air") return [];
  const out: Finding[] = [];
  for (const field of ["port_of_loading", "port_of_discharge"] as const) {
    const raw = str(at(shipment, "route", field));
    const code = raw === undefined ? null : normaliseLocode(raw);
    const fact = code === null ? undefined : facts.ports.get(code);
    if (!fact || fact.functions.airport) continue;
    const label = field === "port_of_loading" ? "airport of departure" : "airport of destination";
    out.push({
      path: ["route", field],
      message:
        `The shipment goes by air but route.${field} ${code} (${fact.name}) has no airport function in the UN/LOCODE list. ` +
        `Expected the UN/LOCODE of the ${label}, a place with function 4 (airport), e.g. "DEMUC" for Munich; ` +
        `the air waybill names it by its IATA code. Enter the airport's code, or check route.transport_mode.`,
      context: { port: code, port_name: fact.name },
    });
  }
  return out;
};

export function partyCountryMatch(party: "exporter" | "importer", routeField: "origin_country" | "destination_country"): FindingCheck {
  return (shipment) => {
    // Compared normalised: "de" vs "DE" is rule_format_iso_country's finding, not a mismatch.
    const partyCountry = countryCode(at(shipment, party, "country"));
    const routeCountry = countryCode(at(shipment, "route", routeField));
    if (partyCountry === undefined || routeCountry === undefined || partyCountry === routeCountry) return [];
    const label = party === "exporter" ? "Exporter" : "Importer";
    const routeLabel = routeField === "origin_country" ? "origin" : "destination";
    return [
      {
        path: [party, "country"],
        message:
          `${label} country is ${partyCountry} but the route ${routeLabel} country is ${routeCountry}. ` +
          `Expected ${party}.country to equal route.${routeField}. Correct one of them; for triangular trade ` +
          `name the party located in the ${routeLabel} country as ${party}.`,
        context: { [`${party}_country`]: partyCountry, [routeField]: routeCountry },
      },
    ];
  };
}

/** transport_mode, when given, is one of the enum (exact, lower case). Missing is rule_route_required's finding. */
export const transportModeValid: FindingCheck = (shipment): Finding[] => {
  const value = at(shipment, "route", "transport_mode");
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return [];
  if (typeof value === "string" && (TRANSPORT_MODES as readonly string[]).includes(value)) return [];
  const hint =
    typeof value === "string" && (TRANSPORT_MODES as readonly string[]).includes(value.trim().toLowerCase())
      ? ` Write it as "${value.trim().toLowerCase()}".`
      : "";
  return [
    {
      path: ["route", "transport_mode"],
      message: `Transport mode ${found(value)}. Expected one of ${TRANSPORT_MODES.join(", ")}.${hint} Set route.transport_mode accordingly.`,
    },
  ];
};
