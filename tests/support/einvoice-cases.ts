/**
 * The e-invoice cases of the tests are those `npm run einvoice:check` generates (scripts/einvoice-cases.ts):
 * one set, kept outside tests/ because the check script, production tooling, must not import test fixtures.
 */
export * from "../../scripts/einvoice-cases.ts";
