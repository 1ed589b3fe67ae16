/**
 * The reference tables the refresh keeps current, where each is downloaded from by default, how often,
 * and how many rows a plausible download holds: the defaults of the TDS_REFERENCE_* settings, so they
 * are part of the configuration (reference-refresh-settings.ts, docs/reference-data.md). The defaults
 * are the publishers' own addresses where a machine-readable file exists; where the publisher offers
 * none that the importers read (EU CN: RDF only; WCO: PDFs), the default is a public redistribution of
 * the official data, and the docs say so.
 */

/**
 * The one list of reference tables filled from files: the importers and the refresh both take it from here
 * (it sits in the configuration because the refresh settings name the tables, and reading the settings
 * must not load the importers); shared/reference/load-reference-table.ts adds duty_rates for the status.
 */
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
  "hs_search_references",
] as const;

export type RefreshableTable = (typeof REFRESHABLE_TABLES)[number];

export interface SourceFile {
  /** Stable key: the file's name in a mirror folder and in TDS_REFERENCE_URL_<TABLE>_<KEY>. */
  key: string;
  /** Default address (the publisher's). */
  url: string;
  /** A missing optional file (HTTP 404) is not an error. */
  optional?: boolean;
}

export interface TableSourceDefaults {
  table: RefreshableTable;
  /** Publisher, as shown in reference_imports.source. */
  publisher: string;
  files: SourceFile[];
  /** Refresh interval (the spec's: sanctions daily, tariffs and ports quarterly, WCO yearly). */
  intervalDays: number;
  /** Fewer rows than this is not a plausible download of this table (a truncated or wrong file). */
  minRows: number;
}

// OFAC's Sanctions List Service (since 2024): the legacy CSV files by name, SDN and consolidated alike.
// The www.treasury.gov/ofac/downloads addresses it replaced are retired (docs/reference-data.md, "Sources").
const OFAC = "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports";
/** HMRC's UK Trade Tariff search references, as the tariff's own search service reads them. */
const UK_SEARCH_REFERENCES = "https://raw.githubusercontent.com/trade-tariff/trade-tariff-lambdas-fpo-search/main/reference_data";
/** The UN/LOCODE production release the refresh downloads by default (docs/reference-data.md, "Sources"). */
export const UNLOCODE_RELEASE = "2025-1";
const DAY = 1;
const QUARTER = 91;
const YEAR = 365;

/**
 * The screening lists beyond OFAC (issue 37), one shape each: the publisher's documented download
 * address (docs/sanctions-screening.md, "Lists"; not fetched from the development machine), daily refresh
 * like OFAC's. Which of them a validation requires is screening's decision (shared/screening/lists/).
 */
const SCREENING_LIST_SOURCES = {
  sanctions_un: {
    publisher: "UN Security Council Consolidated List (XML, sc-sanctions.xsd)",
    files: [{ key: "consolidated.xml", url: "https://scsanctions.un.org/resources/xml/en/consolidated.xml" }],
    minRows: 500,
  },
  sanctions_eu: {
    publisher: "EU Financial Sanctions Files consolidated list (XML 1.1)",
    files: [
      {
        key: "eu_fsf.xml",
        url: "https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw",
      },
    ],
    minRows: 1_000,
  },
  sanctions_uk: {
    publisher: "UK Sanctions List (FCDO, XML)",
    files: [{ key: "UK-Sanctions-List.xml", url: "https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.xml" }],
    minRows: 1_000,
  },
  sanctions_us_csl: {
    publisher: "US Consolidated Screening List (trade.gov, CSV)",
    files: [{ key: "consolidated.csv", url: "https://data.trade.gov/downloadable_consolidated_screening_list/v1/consolidated.csv" }],
    minRows: 5_000,
  },
} as const;

const screeningListSource = (table: keyof typeof SCREENING_LIST_SOURCES): TableSourceDefaults => ({
  table,
  publisher: SCREENING_LIST_SOURCES[table].publisher,
  files: [...SCREENING_LIST_SOURCES[table].files],
  intervalDays: DAY,
  minRows: SCREENING_LIST_SOURCES[table].minRows,
});

export const SOURCE_DEFAULTS: Record<RefreshableTable, TableSourceDefaults> = {
  sanctions_un: screeningListSource("sanctions_un"),
  sanctions_eu: screeningListSource("sanctions_eu"),
  sanctions_uk: screeningListSource("sanctions_uk"),
  sanctions_us_csl: screeningListSource("sanctions_us_csl"),
  sanctions_ofac: {
    table: "sanctions_ofac",
    publisher: "US Treasury OFAC SDN and consolidated non-SDN lists (legacy CSV)",
    files: [
      { key: "sdn.csv", url: `${OFAC}/SDN.CSV` },
      { key: "alt.csv", url: `${OFAC}/ALT.CSV` },
      { key: "add.csv", url: `${OFAC}/ADD.CSV` },
      { key: "sdn_comments.csv", url: `${OFAC}/SDN_COMMENTS.CSV`, optional: true },
      { key: "cons_prim.csv", url: `${OFAC}/CONS_PRIM.CSV` },
      { key: "cons_alt.csv", url: `${OFAC}/CONS_ALT.CSV`, optional: true },
      { key: "cons_add.csv", url: `${OFAC}/CONS_ADD.CSV`, optional: true },
      { key: "cons_comments.csv", url: `${OFAC}/CONS_COMMENTS.CSV`, optional: true },
    ],
    intervalDays: DAY,
    minRows: 5_000,
  },
  port_codes: {
    table: "port_codes",
    publisher: "UNECE UN/LOCODE code list (official CSV release zip)",
    // UNECE's publications page (unlocode.unece.org/publications) links the production release, a CI artifact of
    // the release tag on UN/CEFACT's GitLab, and a pre-release (unlocode-latest.zip: changes not yet released). The
    // default is the production release; its zip holds "release/csv/UNLOCODE CodeListPart1..3.csv" and the tag in
    // the address names the release. Move UNLOCODE_RELEASE when UNECE issues the next one (twice a year).
    files: [
      {
        key: "unlocode.zip",
        url: `https://opensource.unicc.org/un/unece/uncefact/vocab-locode/-/jobs/artifacts/${UNLOCODE_RELEASE}/download?job=package-release`,
      },
    ],
    intervalDays: QUARTER,
    minRows: 50_000,
  },
  hs_codes_us: {
    table: "hs_codes_us",
    publisher: "USITC Harmonized Tariff Schedule (JSON export)",
    files: [{ key: "hts.json", url: "https://hts.usitc.gov/reststop/exportList?from=0100&to=9999&format=JSON&styles=false" }],
    intervalDays: QUARTER,
    minRows: 10_000,
  },
  hs_codes_uk: {
    table: "hs_codes_uk",
    publisher: "UK Department for Business and Trade, UK Tariff dataset (commodities-report CSV)",
    files: [
      {
        key: "commodities-report.csv",
        url: "https://data.api.trade.gov.uk/v1/datasets/uk-tariff-2021-01-01/versions/latest/tables/commodities-report/data?format=csv",
      },
    ],
    intervalDays: QUARTER,
    minRows: 10_000,
  },
  hs_codes_eu: {
    table: "hs_codes_eu",
    publisher: "EU Combined Nomenclature (EU Vocabularies, redistributed as JSON by xterr/php-cncodes)",
    files: [
      { key: "cnCodes.json", url: "https://raw.githubusercontent.com/xterr/php-cncodes/master/Resources/cnCodes_2026.json" },
      {
        key: "cnSubheadings.json",
        url: "https://raw.githubusercontent.com/xterr/php-cncodes/master/Resources/cnSubheadings_2026.json",
        optional: true,
      },
      {
        key: "cnHeadings.json",
        url: "https://raw.githubusercontent.com/xterr/php-cncodes/master/Resources/cnHeadings_2026.json",
        optional: true,
      },
      {
        key: "cnChapters.json",
        url: "https://raw.githubusercontent.com/xterr/php-cncodes/master/Resources/cnChapters_2026.json",
        optional: true,
      },
      {
        key: "cnSections.json",
        url: "https://raw.githubusercontent.com/xterr/php-cncodes/master/Resources/cnSections_2026.json",
        optional: true,
      },
    ],
    intervalDays: QUARTER,
    minRows: 5_000,
  },
  hs_codes_in: {
    table: "hs_codes_in",
    publisher: "GST portal HSN master (HSN sheet); 8-digit Customs Tariff items",
    files: [{ key: "HSN_SAC.xlsx", url: "https://tutorial.gst.gov.in/downloads/HSN_SAC.xlsx" }],
    intervalDays: QUARTER,
    minRows: 10_000,
  },
  hs_codes_wco: {
    table: "hs_codes_wco",
    publisher: "WCO Harmonized System via UN Comtrade H6 (DataHub harmonized-system CSV)",
    files: [
      { key: "harmonized-system.csv", url: "https://raw.githubusercontent.com/datasets/harmonized-system/main/data/harmonized-system.csv" },
      { key: "sections.csv", url: "https://raw.githubusercontent.com/datasets/harmonized-system/main/data/sections.csv", optional: true },
    ],
    intervalDays: YEAR,
    minRows: 5_000,
  },
  countries: {
    table: "countries",
    publisher: "ISO 3166-1 with UNSD M49 names (DataHub country-codes CSV)",
    files: [{ key: "country-codes.csv", url: "https://raw.githubusercontent.com/datasets/country-codes/main/data/country-codes.csv" }],
    intervalDays: YEAR,
    minRows: 200,
  },
  currencies: {
    table: "currencies",
    publisher: "ISO 4217 Tables A.1 and A.3 (DataHub currency-codes CSV)",
    files: [{ key: "codes-all.csv", url: "https://raw.githubusercontent.com/datasets/currency-codes/main/data/codes-all.csv" }],
    intervalDays: QUARTER,
    minRows: 150,
  },
  hs_search_references: {
    table: "hs_search_references",
    publisher: "UK Trade Tariff (HMRC) search references and brand examples (trade-tariff-lambdas-fpo-search reference_data)",
    files: [
      { key: "search_references.json", url: `${UK_SEARCH_REFERENCES}/search_references.json` },
      { key: "brands.csv", url: `${UK_SEARCH_REFERENCES}/brands.csv`, optional: true },
    ],
    intervalDays: QUARTER,
    minRows: 1_000,
  },
};
