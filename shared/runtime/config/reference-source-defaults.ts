// Generated from shared/reference/sources/ (the descriptors, registry.ts) by npm run docs:generate: edit them there.
// The lower layers' copy of each source's table, label, group, publisher, default addresses, interval and plausible size.

import type { TableSourceDefaults } from "./reference-source-shape.ts";

export const REFRESHABLE_TABLES = [
  "hs_codes_wco",
  "hs_codes_us",
  "hs_codes_eu",
  "hs_codes_uk",
  "hs_codes_in",
  "port_codes",
  "sanctions_ofac",
  "sanctions_un",
  "sanctions_eu",
  "sanctions_uk",
  "sanctions_us_csl",
  "countries",
  "currencies",
  "hs_search_references"
] as const;

export type RefreshableTable = (typeof REFRESHABLE_TABLES)[number];

/** The screening lists: the name TDS_SCREENING_LISTS accepts → the table. */
export const SCREENING_LISTS = {
  "ofac": "sanctions_ofac",
  "un": "sanctions_un",
  "eu": "sanctions_eu",
  "uk": "sanctions_uk",
  "us_csl": "sanctions_us_csl"
} as const;

/** The HS schedules: the schedule (the rules' HsSchedule) → the table. */
export const HS_SCHEDULE_TABLES = {
  "wco": "hs_codes_wco",
  "us": "hs_codes_us",
  "eu": "hs_codes_eu",
  "uk": "hs_codes_uk",
  "in": "hs_codes_in"
} as const;

export const UNLOCODE_RELEASE = "2025-1";

export const SOURCE_DEFAULTS: Record<RefreshableTable, TableSourceDefaults<RefreshableTable>> = {
  "hs_codes_wco": {
    "table": "hs_codes_wco",
    "label": "WCO HS nomenclature",
    "group": {
      "kind": "hs",
      "schedule": "wco",
      "tariff": false
    },
    "publisher": "WCO Harmonized System via UN Comtrade H6 (DataHub harmonized-system CSV)",
    "files": [
      {
        "key": "harmonized-system.csv",
        "url": "https://raw.githubusercontent.com/datasets/harmonized-system/main/data/harmonized-system.csv"
      },
      {
        "key": "sections.csv",
        "url": "https://raw.githubusercontent.com/datasets/harmonized-system/main/data/sections.csv",
        "optional": true
      }
    ],
    "intervalDays": 365,
    "minRows": 5000
  },
  "hs_codes_us": {
    "table": "hs_codes_us",
    "label": "US tariff schedule",
    "group": {
      "kind": "hs",
      "schedule": "us",
      "tariff": true
    },
    "publisher": "USITC Harmonized Tariff Schedule (JSON export)",
    "files": [
      {
        "key": "hts.json",
        "url": "https://hts.usitc.gov/reststop/exportList?from=0100&to=9999&format=JSON&styles=false"
      }
    ],
    "intervalDays": 91,
    "minRows": 10000
  },
  "hs_codes_eu": {
    "table": "hs_codes_eu",
    "label": "EU Combined Nomenclature",
    "group": {
      "kind": "hs",
      "schedule": "eu",
      "tariff": true
    },
    "publisher": "EU Combined Nomenclature (EU Vocabularies, redistributed as JSON by xterr/php-cncodes)",
    "files": [
      {
        "key": "cnCodes.json",
        "url": "https://raw.githubusercontent.com/xterr/php-cncodes/master/Resources/cnCodes_2026.json"
      },
      {
        "key": "cnSubheadings.json",
        "url": "https://raw.githubusercontent.com/xterr/php-cncodes/master/Resources/cnSubheadings_2026.json",
        "optional": true
      },
      {
        "key": "cnHeadings.json",
        "url": "https://raw.githubusercontent.com/xterr/php-cncodes/master/Resources/cnHeadings_2026.json",
        "optional": true
      },
      {
        "key": "cnChapters.json",
        "url": "https://raw.githubusercontent.com/xterr/php-cncodes/master/Resources/cnChapters_2026.json",
        "optional": true
      },
      {
        "key": "cnSections.json",
        "url": "https://raw.githubusercontent.com/xterr/php-cncodes/master/Resources/cnSections_2026.json",
        "optional": true
      }
    ],
    "intervalDays": 91,
    "minRows": 5000
  },
  "hs_codes_uk": {
    "table": "hs_codes_uk",
    "label": "UK tariff",
    "group": {
      "kind": "hs",
      "schedule": "uk",
      "tariff": true
    },
    "publisher": "UK Department for Business and Trade, UK Tariff dataset (commodities-report CSV)",
    "files": [
      {
        "key": "commodities-report.csv",
        "url": "https://data.api.trade.gov.uk/v1/datasets/uk-tariff-2021-01-01/versions/latest/tables/commodities-report/data?format=csv"
      }
    ],
    "intervalDays": 91,
    "minRows": 10000
  },
  "hs_codes_in": {
    "table": "hs_codes_in",
    "label": "India tariff",
    "group": {
      "kind": "hs",
      "schedule": "in",
      "tariff": true
    },
    "publisher": "GST portal HSN master (HSN sheet); 8-digit Customs Tariff items",
    "files": [
      {
        "key": "HSN_SAC.xlsx",
        "url": "https://tutorial.gst.gov.in/downloads/HSN_SAC.xlsx"
      }
    ],
    "intervalDays": 91,
    "minRows": 10000
  },
  "port_codes": {
    "table": "port_codes",
    "label": "UN/LOCODE port list",
    "group": {
      "kind": "ports"
    },
    "publisher": "UNECE UN/LOCODE code list (official CSV release zip)",
    "files": [
      {
        "key": "unlocode.zip",
        "url": "https://opensource.unicc.org/un/unece/uncefact/vocab-locode/-/jobs/artifacts/2025-1/download?job=package-release"
      }
    ],
    "intervalDays": 91,
    "minRows": 50000
  },
  "sanctions_ofac": {
    "table": "sanctions_ofac",
    "label": "OFAC SDN and non-SDN lists",
    "group": {
      "kind": "screening",
      "list": "ofac"
    },
    "publisher": "US Treasury OFAC SDN and consolidated non-SDN lists (legacy CSV)",
    "files": [
      {
        "key": "sdn.csv",
        "url": "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.CSV"
      },
      {
        "key": "alt.csv",
        "url": "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/ALT.CSV"
      },
      {
        "key": "add.csv",
        "url": "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/ADD.CSV"
      },
      {
        "key": "sdn_comments.csv",
        "url": "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN_COMMENTS.CSV",
        "optional": true
      },
      {
        "key": "cons_prim.csv",
        "url": "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/CONS_PRIM.CSV"
      },
      {
        "key": "cons_alt.csv",
        "url": "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/CONS_ALT.CSV",
        "optional": true
      },
      {
        "key": "cons_add.csv",
        "url": "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/CONS_ADD.CSV",
        "optional": true
      },
      {
        "key": "cons_comments.csv",
        "url": "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/CONS_COMMENTS.CSV",
        "optional": true
      }
    ],
    "intervalDays": 1,
    "minRows": 5000
  },
  "sanctions_un": {
    "table": "sanctions_un",
    "label": "UN Security Council Consolidated List",
    "group": {
      "kind": "screening",
      "list": "un"
    },
    "publisher": "UN Security Council Consolidated List (XML, sc-sanctions.xsd)",
    "files": [
      {
        "key": "consolidated.xml",
        "url": "https://scsanctions.un.org/resources/xml/en/consolidated.xml"
      }
    ],
    "intervalDays": 1,
    "minRows": 500
  },
  "sanctions_eu": {
    "table": "sanctions_eu",
    "label": "EU consolidated financial sanctions list",
    "group": {
      "kind": "screening",
      "list": "eu"
    },
    "publisher": "EU Financial Sanctions Files consolidated list (XML 1.1)",
    "files": [
      {
        "key": "eu_fsf.xml",
        "url": "https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw"
      }
    ],
    "intervalDays": 1,
    "minRows": 1000
  },
  "sanctions_uk": {
    "table": "sanctions_uk",
    "label": "UK Sanctions List",
    "group": {
      "kind": "screening",
      "list": "uk"
    },
    "publisher": "UK Sanctions List (FCDO, XML)",
    "files": [
      {
        "key": "UK-Sanctions-List.xml",
        "url": "https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.xml"
      }
    ],
    "intervalDays": 1,
    "minRows": 1000
  },
  "sanctions_us_csl": {
    "table": "sanctions_us_csl",
    "label": "US Consolidated Screening List",
    "group": {
      "kind": "screening",
      "list": "us_csl"
    },
    "publisher": "US Consolidated Screening List (trade.gov, CSV)",
    "files": [
      {
        "key": "consolidated.csv",
        "url": "https://data.trade.gov/downloadable_consolidated_screening_list/v1/consolidated.csv"
      }
    ],
    "intervalDays": 1,
    "minRows": 5000
  },
  "countries": {
    "table": "countries",
    "label": "ISO country list",
    "group": {
      "kind": "other"
    },
    "publisher": "ISO 3166-1 with UNSD M49 names (DataHub country-codes CSV)",
    "files": [
      {
        "key": "country-codes.csv",
        "url": "https://raw.githubusercontent.com/datasets/country-codes/main/data/country-codes.csv"
      }
    ],
    "intervalDays": 365,
    "minRows": 200
  },
  "currencies": {
    "table": "currencies",
    "label": "ISO currency list",
    "group": {
      "kind": "other"
    },
    "publisher": "ISO 4217 Tables A.1 and A.3 (DataHub currency-codes CSV)",
    "files": [
      {
        "key": "codes-all.csv",
        "url": "https://raw.githubusercontent.com/datasets/currency-codes/main/data/codes-all.csv"
      }
    ],
    "intervalDays": 91,
    "minRows": 150
  },
  "hs_search_references": {
    "table": "hs_search_references",
    "label": "UK Trade Tariff search references",
    "group": {
      "kind": "other"
    },
    "publisher": "UK Trade Tariff (HMRC) search references and brand examples (trade-tariff-lambdas-fpo-search reference_data)",
    "files": [
      {
        "key": "search_references.json",
        "url": "https://raw.githubusercontent.com/trade-tariff/trade-tariff-lambdas-fpo-search/main/reference_data/search_references.json"
      },
      {
        "key": "brands.csv",
        "url": "https://raw.githubusercontent.com/trade-tariff/trade-tariff-lambdas-fpo-search/main/reference_data/brands.csv",
        "optional": true
      }
    ],
    "intervalDays": 91,
    "minRows": 1000
  }
};
