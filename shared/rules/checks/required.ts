import type { Finding, FindingCheck } from "../rule-types.ts";
import { at, isBlank, isRecord, lineItems, num, PARTY_LABEL, type PartyKey, prop, str } from "../../shipments/shipment-access.ts";
import { found, notLoaded } from "./helpers.ts";

const PARTY_FIELDS: ReadonlyArray<[key: string, label: string, hint: string]> = [
  ["name", "name", "the legal name of the company"],
  ["address", "address", "the street address"],
  ["country", "country", "the ISO 3166-1 alpha-2 country code, e.g. DE"],
];

function partyRequired(key: PartyKey): FindingCheck {
  return (shipment) => {
    const party = prop(shipment, key);
    const label = PARTY_LABEL[key];
    if (!isRecord(party)) {
      return [
        {
          path: [key],
          message:
            `${label} ${found(party)}. Expected an object with name, address and country. ` +
            `Add the ${label.toLowerCase()} with at least name, address and country.`,
        },
      ];
    }
    const out: Finding[] = [];
    for (const [field, fieldLabel, hint] of PARTY_FIELDS) {
      const value = prop(party, field);
      if (str(value) === undefined) {
        out.push({
          path: [key, field],
          message: `${label} ${fieldLabel} ${found(value)}. Expected a non-empty text. Fill in ${key}.${field} with ${hint}.`,
        });
      }
    }
    return out;
  };
}

export const exporterRequired = partyRequired("exporter");
export const importerRequired = partyRequired("importer");

export const routeRequired: FindingCheck = (shipment) => {
  const route = prop(shipment, "route");
  if (!isRecord(route)) {
    return [
      {
        path: ["route"],
        message:
          `Route ${found(route)}. Expected an object with origin_country, destination_country and transport_mode. ` +
          `Add the route of the shipment.`,
      },
    ];
  }
  const fields: ReadonlyArray<[string, string, string]> = [
    ["origin_country", "Origin country", "the ISO alpha-2 code of the country the goods leave, e.g. PL"],
    ["destination_country", "Destination country", "the ISO alpha-2 code of the country the goods go to, e.g. DE"],
    ["transport_mode", "Transport mode", "one of sea, air, road, rail, multimodal"],
  ];
  const out: Finding[] = [];
  for (const [field, label, hint] of fields) {
    const value = prop(route, field);
    if (str(value) === undefined) {
      out.push({ path: ["route", field], message: `${label} ${found(value)}. Expected a non-empty value. Set route.${field} to ${hint}.` });
    }
  }
  return out;
};

export const currencyRequired: FindingCheck = (shipment, { facts }) => {
  const value = at(shipment, "goods", "currency");
  const currency = str(value);
  if (currency === undefined) {
    return [
      {
        path: ["goods", "currency"],
        message:
          `Currency ${found(value)}. Expected a three-letter ISO 4217 code such as EUR or USD. ` +
          `Set goods.currency to the currency of the invoice.`,
      },
    ];
  }
  // A code that is not three uppercase letters is rule_format_iso_currency's finding, not this rule's.
  if (/^[A-Z]{3}$/.test(currency) && !facts.loaded.currencies) {
    return [notLoaded(["goods", "currency"], "currencies", `whether ${currency} is a current ISO 4217 code`, facts)];
  }
  if (/^[A-Z]{3}$/.test(currency) && facts.loaded.currencies && !facts.currencies.has(currency)) {
    return [
      {
        path: ["goods", "currency"],
        message:
          `Currency "${currency}" is not a current ISO 4217 code. Expected a current code such as EUR, USD or GBP. ` +
          `Correct goods.currency.`,
        context: { currency },
      },
    ];
  }
  return [];
};

export const hasLineItems: FindingCheck = (shipment) => {
  const items = at(shipment, "goods", "line_items");
  if (Array.isArray(items) && items.length > 0) return [];
  const what = Array.isArray(items) ? "is an empty list" : found(items);
  return [
    {
      path: ["goods", "line_items"],
      message: `Line items ${what}. Expected at least one line item. Add the goods being shipped to goods.line_items.`,
    },
  ];
};

export const lineItemDescription: FindingCheck = (shipment) =>
  lineItems(shipment).flatMap(({ item, index }): Finding[] => {
    const value = prop(item, "description");
    if (str(value) !== undefined) return [];
    return [
      {
        path: ["goods", "line_items", index, "description"],
        message:
          `Line item ${index + 1} description ${found(value)}. Expected a non-empty description of the goods. ` +
          `Describe the goods in commercial terms (what they are, material, use).`,
      },
    ];
  });

function lineItemNumber(field: "quantity" | "unit_price", label: string, hint: string): FindingCheck {
  return (shipment) =>
    lineItems(shipment).flatMap(({ item, index }): Finding[] => {
      const value = prop(item, field);
      if (num(value) !== undefined) return [];
      return [
        {
          path: ["goods", "line_items", index, field],
          message: `Line item ${index + 1} ${label} ${found(value)}. Expected a number. ${hint}`,
        },
      ];
    });
}

export const lineItemQuantity = lineItemNumber("quantity", "quantity", "Enter the quantity as a number (e.g. 12), not as text.");
export const lineItemUnitPrice = lineItemNumber(
  "unit_price",
  "unit price",
  "Enter the price per unit in goods.currency as a number (e.g. 19.99), not as text.",
);

/** Each line item has an origin_country (used by rule_origin_country_per_item and rule_doc_coo_origin_per_item). */
export function originPerItem(purpose: string): FindingCheck {
  return (shipment) =>
    lineItems(shipment).flatMap(({ item, index }): Finding[] => {
      const value = prop(item, "origin_country");
      if (!isBlank(value) && str(value) !== undefined) return [];
      return [
        {
          path: ["goods", "line_items", index, "origin_country"],
          message:
            `Line item ${index + 1} origin country ${found(value)}. Expected the ISO alpha-2 country where the goods were ` +
            `produced (${purpose}). Set origin_country on the line item, e.g. "PL".`,
        },
      ];
    });
}
