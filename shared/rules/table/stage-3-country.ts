/** Stage 3 of the rule table (../rule-table.ts): country-specific compliance (the spec's US, EU, UK and India table). In report order. */
import type { RuleDefinition } from "../rule-types.ts";
import { CATEGORIES as C, rule } from "./define-rule.ts";
import * as hs from "../checks/hs.ts";
import * as country from "../checks/country.ts";

export const STAGE_3_RULES: readonly RuleDefinition[] = [
  rule(
    {
      id: "rule_us_hts_10_digit",
      category: C.country,
      severity: "error",
      stage: 3,
      description: "US destination: 10-digit code per line item",
    },
    hs.hsLengthCheck(hs.toUS, 10, "HTS", "US customs entries (CBP ACE) need the 10-digit HTS number."),
  ),
  rule(
    {
      id: "rule_us_ein_format",
      category: C.country,
      severity: "warning",
      stage: 3,
      description: "An EIN (tax_ids.ein of any party) has the format XX-XXXXXXX",
    },
    country.usEinFormat,
  ),
  rule(
    {
      id: "rule_eu_eori_required",
      category: C.country,
      severity: "error",
      stage: 3,
      description: "EU destination: importer.tax_ids.eori present",
    },
    country.euEoriRequired,
  ),
  rule(
    {
      id: "rule_eu_eori_format",
      category: C.country,
      severity: "error",
      stage: 3,
      reads: ["countries"],
      description: "A non-GB EORI (any party) is a country code (or XI) followed by 1 to 15 digits",
    },
    country.euEoriFormat,
  ),
  rule(
    {
      id: "rule_eu_taric_10_digit",
      category: C.country,
      severity: "error",
      stage: 3,
      description: "EU destination: 10-digit code per line item",
    },
    hs.hsLengthCheck(hs.toEU, 10, "TARIC", "EU customs declarations need the 10-digit TARIC code."),
  ),
  rule(
    {
      id: "rule_uk_eori_gb_prefix",
      category: C.country,
      severity: "error",
      stage: 3,
      description: "UK destination (GB): importer EORI, when given, starts with GB",
    },
    country.ukEoriGbPrefix,
  ),
  rule(
    {
      id: "rule_uk_eori_format",
      category: C.country,
      severity: "error",
      stage: 3,
      description: "A GB EORI (any party) is GB followed by 9 or 12 digits",
    },
    country.ukEoriFormat,
  ),
  rule(
    {
      id: "rule_in_iec_required",
      category: C.country,
      severity: "error",
      stage: 3,
      description: "India destination: importer.tax_ids.iec present",
    },
    country.inIecRequired,
  ),
  rule(
    {
      id: "rule_in_iec_format",
      category: C.country,
      severity: "error",
      stage: 3,
      description: "An IEC (any party) is 10 uppercase alphanumeric characters",
    },
    country.inIecFormat,
  ),
  rule(
    {
      id: "rule_in_gstin_format",
      category: C.country,
      severity: "warning",
      stage: 3,
      description: "A GSTIN, if given, has the 15-character GST format",
    },
    country.inGstinFormat,
  ),
  rule(
    {
      id: "rule_in_pan_format",
      category: C.country,
      severity: "warning",
      stage: 3,
      description: "A PAN, if given, matches [A-Z]{5}[0-9]{4}[A-Z]",
    },
    country.inPanFormat,
  ),
];
