/**
 * The validation pipeline's side of reviews: when the rules found a sanctions match, the account's
 * decisions on the shipment's party names are read (one query, only then) and the run is repeated with
 * applyClearances as its adjust step, so both validate endpoints and generation see the same outcome.
 */
import type { Queryable } from "../../db/types.ts";
import type { RuleResult } from "../../rules/rule-types.ts";
import type { ValidationOutcome } from "../../rules/run-validation.ts";
import { at, str } from "../../shipments/shipment-access.ts";
import { applyClearances, hasScreeningMatch } from "./apply-clearances.ts";
import { normaliseReviewName } from "./review-keys.ts";
import { reviewsForNames } from "./review-repository.ts";

/** The text at a finding's field ("exporter.name") in the shipment. */
export function partyNameAt(shipment: unknown, result: RuleResult): string | undefined {
  return str(at(shipment, ...result.field.split(".")));
}

/**
 * `run(adjust)` runs the pure validation with an optional adjust step. Returns its first outcome when
 * there is no match or no decision on these names.
 */
export async function validateWithClearances(
  db: Queryable,
  accountId: string,
  shipment: unknown,
  partyNames: readonly string[],
  opts: { now: Date; validDays: number },
  run: (adjust?: (results: RuleResult[]) => RuleResult[]) => ValidationOutcome,
): Promise<ValidationOutcome> {
  const first = run();
  if (!hasScreeningMatch(first.results)) return first;
  const reviews = await reviewsForNames(db, accountId, partyNames.map(normaliseReviewName));
  if (reviews.length === 0) return first;
  return run((results) => applyClearances(results, reviews, { ...opts, partyNameOf: (r) => partyNameAt(shipment, r) }).results);
}
