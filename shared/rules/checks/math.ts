import type { Finding, FindingCheck } from "../rule-types.ts";
import { arr, at, lineItems, num, prop, str } from "../../shipments/shipment-access.ts";
import { currencyMinorUnits } from "../../trade/currencies.ts";
import {
  DEC_ZERO,
  type Dec,
  decAbs,
  decAdd,
  decCmp,
  decFromNumber,
  decMul,
  decRound,
  decSub,
  decToNumber,
  decToString,
  halfUnit,
} from "../decimal.ts";
import { found } from "./helpers.ts";

export const positiveTotal: FindingCheck = (shipment) => {
  const value = at(shipment, "goods", "total_value");
  const total = num(value);
  if (total !== undefined && total > 0) return [];
  const what = total === undefined ? found(value) : `is ${total}`;
  return [
    {
      path: ["goods", "total_value"],
      message:
        `Total value ${what}. Expected a number greater than 0. ` +
        `Set goods.total_value to the invoice total (the sum of quantity x unit price over the line items).`,
      ...(total !== undefined ? { context: { total_value: total } } : {}),
    },
  ];
};

function positivePerItem(field: "quantity" | "unit_price", label: string): FindingCheck {
  return (shipment) =>
    lineItems(shipment).flatMap(({ item, index }): Finding[] => {
      const value = num(prop(item, field));
      // A missing or non-numeric value is rule_line_item_quantity / rule_line_item_unit_price's finding.
      if (value === undefined || value > 0) return [];
      return [
        {
          path: ["goods", "line_items", index, field],
          message: `Line item ${index + 1} ${label} is ${value}. Expected a number greater than 0. Correct the ${label} or remove the line item.`,
          context: { [field]: value },
        },
      ];
    });
}

export const positiveQuantities = positivePerItem("quantity", "quantity");
export const positivePrices = positivePerItem("unit_price", "unit price");

/**
 * goods.total_value against Σ quantity × unit_price, in exact decimals. Tolerance: half a minor unit of
 * goods.currency (0.005 for EUR, 0.5 for JPY, 0.0005 for KWD). The declared total matches when it is
 * within that tolerance of either the exact sum or the sum of line amounts each rounded to minor units
 * (half away from zero) — the two ways invoices are totalled. Skipped while any line lacks a numeric
 * quantity or unit price (other rules report those).
 */
export const totalMatchesLineItems: FindingCheck = (shipment) => {
  const declared = num(at(shipment, "goods", "total_value"));
  const items = lineItems(shipment);
  if (declared === undefined || items.length === 0) return [];
  const currency = str(at(shipment, "goods", "currency"));
  const minor = currencyMinorUnits(currency?.trim().toUpperCase());
  let exact: Dec = DEC_ZERO;
  let roundedLines: Dec = DEC_ZERO;
  for (const { item } of items) {
    const quantity = num(prop(item, "quantity"));
    const price = num(prop(item, "unit_price"));
    if (quantity === undefined || price === undefined) return [];
    const amount = decMul(decFromNumber(quantity), decFromNumber(price));
    exact = decAdd(exact, amount);
    roundedLines = decAdd(roundedLines, decRound(amount, minor));
  }
  const total = decFromNumber(declared);
  const tolerance = halfUnit(minor);
  if (decCmp(decAbs(decSub(total, exact)), tolerance) <= 0) return [];
  if (decCmp(decAbs(decSub(total, roundedLines)), tolerance) <= 0) return [];
  const computed = decRound(exact, minor);
  const difference = decSub(total, computed);
  const unit = currency ?? "";
  return [
    {
      path: ["goods", "total_value"],
      message:
        `Total value ${declared} ${unit} does not match the line items: the sum of quantity x unit price over ` +
        `${items.length} line item(s) is ${decToString(computed)} ${unit} (difference ${decToString(difference)}). ` +
        `Expected equal amounts within ${decToString(tolerance)}. Correct goods.total_value or the line items' quantities and prices.`,
      context: {
        declared_total: declared,
        computed_total: decToNumber(computed),
        difference: decToNumber(difference),
        tolerance: decToNumber(tolerance),
        ...(currency !== undefined ? { currency } : {}),
      },
    },
  ];
};

/**
 * Per line item gross_weight_kg >= net_weight_kg; and packaging.total_gross_weight_kg >= the sum of the
 * line items' net weights (the packed shipment cannot weigh less than its contents). Exact decimals.
 */
export const grossGteNetWeight: FindingCheck = (shipment) => {
  const out: Finding[] = [];
  let netSum: Dec = DEC_ZERO;
  let netCount = 0;
  for (const { item, index } of lineItems(shipment)) {
    const net = num(prop(item, "net_weight_kg"));
    const gross = num(prop(item, "gross_weight_kg"));
    if (net !== undefined) {
      netSum = decAdd(netSum, decFromNumber(net));
      netCount++;
    }
    if (net !== undefined && gross !== undefined && decCmp(decFromNumber(gross), decFromNumber(net)) < 0) {
      out.push({
        path: ["goods", "line_items", index, "gross_weight_kg"],
        message:
          `Line item ${index + 1} gross weight ${gross} kg is less than its net weight ${net} kg. ` +
          `Expected gross weight (goods plus packing) >= net weight. Correct gross_weight_kg or net_weight_kg.`,
        context: { gross_weight_kg: gross, net_weight_kg: net },
      });
    }
  }
  const totalGross = num(at(shipment, "packaging", "total_gross_weight_kg"));
  if (totalGross !== undefined && netCount > 0 && decCmp(decFromNumber(totalGross), netSum) < 0) {
    out.push({
      path: ["packaging", "total_gross_weight_kg"],
      message:
        `Total gross weight ${totalGross} kg is less than the line items' total net weight ${decToString(netSum)} kg. ` +
        `Expected total gross weight >= total net weight. Correct packaging.total_gross_weight_kg or the line items' net weights.`,
      context: { total_gross_weight_kg: totalGross, total_net_weight_kg: decToNumber(netSum) },
    });
  }
  return out;
};

/** The package entries' quantities; a missing quantity counts as 1 package. */
function packageQuantity(entry: unknown): number {
  const q = num(prop(entry, "quantity"));
  return q === undefined ? 1 : q;
}

/**
 * packaging.total_packages equals the number of packages: the length of packages[] (the spec's wording)
 * or, when entries carry a quantity, the sum of quantities (missing quantity = 1). Either matches.
 */
export const totalPackagesConsistent: FindingCheck = (shipment) => {
  const declared = num(at(shipment, "packaging", "total_packages"));
  const packages = arr(at(shipment, "packaging", "packages"));
  if (declared === undefined || packages === undefined) return [];
  const length = packages.length;
  const quantitySum = decToNumber(packages.reduce<Dec>((s, p) => decAdd(s, decFromNumber(packageQuantity(p))), DEC_ZERO));
  if (declared === length || declared === quantitySum) return [];
  return [
    {
      path: ["packaging", "total_packages"],
      message:
        `Total packages is ${declared} but packaging.packages lists ${length} entr${length === 1 ? "y" : "ies"}` +
        (quantitySum !== length ? ` holding ${quantitySum} packages` : "") +
        `. Expected the same count. Correct packaging.total_packages or the package list.`,
      context: { declared_total_packages: declared, packages_length: length, packages_quantity_sum: quantitySum },
    },
  ];
};

/**
 * packaging.total_gross_weight_kg equals the sum of the package weights: Σ gross_weight_kg of the
 * entries, or Σ quantity × gross_weight_kg (weight given per package); either matches. Tolerance: half
 * a unit of the last decimal the declared total is written with (1250 → ±0.5 kg, 1250.5 → ±0.05 kg).
 * Skipped when an entry has no numeric gross_weight_kg.
 */
export const totalWeightConsistent: FindingCheck = (shipment) => {
  const declared = num(at(shipment, "packaging", "total_gross_weight_kg"));
  const packages = arr(at(shipment, "packaging", "packages"));
  if (declared === undefined || packages === undefined || packages.length === 0) return [];
  let entrySum: Dec = DEC_ZERO;
  let perPackageSum: Dec = DEC_ZERO;
  for (const entry of packages) {
    const weight = num(prop(entry, "gross_weight_kg"));
    if (weight === undefined) return [];
    entrySum = decAdd(entrySum, decFromNumber(weight));
    perPackageSum = decAdd(perPackageSum, decMul(decFromNumber(packageQuantity(entry)), decFromNumber(weight)));
  }
  const total = decFromNumber(declared);
  const tolerance = halfUnit(total.scale);
  if (decCmp(decAbs(decSub(total, entrySum)), tolerance) <= 0) return [];
  if (decCmp(decAbs(decSub(total, perPackageSum)), tolerance) <= 0) return [];
  const difference = decSub(total, entrySum);
  return [
    {
      path: ["packaging", "total_gross_weight_kg"],
      message:
        `Total gross weight ${declared} kg does not match the packages: their gross weights add up to ${decToString(entrySum)} kg` +
        (decCmp(entrySum, perPackageSum) !== 0 ? ` (${decToString(perPackageSum)} kg counting each entry's quantity)` : "") +
        `. Expected equal weights within ${decToString(tolerance)} kg. Correct packaging.total_gross_weight_kg or the package weights.`,
      context: {
        declared_total_gross_weight_kg: declared,
        computed_total_gross_weight_kg: decToNumber(entrySum),
        computed_total_gross_weight_kg_by_quantity: decToNumber(perPackageSum),
        difference: decToNumber(difference),
        tolerance: decToNumber(tolerance),
      },
    },
  ];
};
