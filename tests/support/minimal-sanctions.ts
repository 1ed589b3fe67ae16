/**
 * Minimal screening lists for the test databases: an empty list the deployment is bound by (all five by
 * default, TDS_SCREENING_LISTS) fails every validation that names a party (the rules fail closed), so each
 * test database starts with these lists imported through the real importers, as a server started with
 * TDS_REFERENCE_DIR would. The entries are invented (no real listed party): OFAC's in its legacy CSV layout
 * (dat_spec.txt: no header, "-0- " as null), one entry each of the UN, EU, UK and CSL lists in its
 * publisher's format. The files are written at test time and dated today, so the lists are current for the
 * run's staleness rule.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

const NULL = "-0- ";
const row = (uid: number, name: string, type: string, program: string) =>
  [String(uid), `"${name}"`, type === "" ? NULL : `"${type}"`, `"${program}"`, ...Array(8).fill(NULL)].join(",");

/** Invented entries; names no test shipment uses. */
export const MINIMAL_SANCTIONS = [
  { uid: 990001, name: "ZYXQUORT TEST EMBARGO TRADING COMPANY", type: "", program: "SDGT" },
  { uid: 990002, name: "VELMOROKH FICTITIOUS SHIPPING LLC", type: "", program: "IRAN" },
  { uid: 990003, name: "QUARNETH, Ilyavor Testovich", type: "individual", program: "RUSSIA-EO14024" },
] as const;

/** One invented entry of each other screening list; names no test shipment uses and none like OFAC's above. */
export const MINIMAL_SCREENING_ENTRIES = {
  sanctions_un: { uid: "9900001", name: "XOMBRELLIQ DEMO FOUNDRY" },
  sanctions_eu: { uid: "EU.9999.1", name: "Pravelkinos Imaginary Works" },
  sanctions_uk: { uid: "RUS9999", name: "Drunvaleth Placeholder Mills" },
  sanctions_us_csl: { uid: "minimal-csl-1", name: "Khazborett Fabricated Instruments" },
} as const;

function otherLists(today: string): Record<string, string> {
  const e = MINIMAL_SCREENING_ENTRIES;
  const [y, m, d] = today.split("-");
  return {
    [`un_consolidated_${today}.xml`]:
      `<?xml version="1.0" encoding="UTF-8"?><CONSOLIDATED_LIST dateGenerated="${today}T00:00:00.000Z"><INDIVIDUALS/>` +
      `<ENTITIES><ENTITY><DATAID>${e.sanctions_un.uid}</DATAID><FIRST_NAME>${e.sanctions_un.name}</FIRST_NAME><UN_LIST_TYPE>DPRK</UN_LIST_TYPE>` +
      "<REFERENCE_NUMBER>KPe.999</REFERENCE_NUMBER></ENTITY></ENTITIES></CONSOLIDATED_LIST>",
    [`eu_fsf_${today}.xml`]:
      `<?xml version="1.0" encoding="UTF-8"?><export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="${today}T00:00:00.000+02:00">` +
      `<sanctionEntity euReferenceNumber="${e.sanctions_eu.uid}" logicalId="999991"><regulation programme="RUS"/><subjectType code="enterprise"/>` +
      `<nameAlias wholeName="${e.sanctions_eu.name}" strong="true"/></sanctionEntity></export>`,
    [`uk_sanctions_list_${today}.xml`]:
      `<?xml version="1.0" encoding="utf-8"?><Designations><DateGenerated>${d}/${m}/${y}</DateGenerated><Designation>` +
      `<UniqueID>${e.sanctions_uk.uid}</UniqueID><RegimeName>Russia</RegimeName><IndividualEntityShip>Entity</IndividualEntityShip>` +
      `<Names><Name><Name6>${e.sanctions_uk.name}</Name6><NameType>Primary Name</NameType></Name></Names>` +
      "<SanctionsImposed>Asset freeze</SanctionsImposed></Designation></Designations>",
    [`us_csl_consolidated_${today}.csv`]: [
      "_id,source,entity_number,type,programs,name,title,addresses,federal_register_notice,start_date,end_date,standard_order,license_requirement,license_policy,call_sign,vessel_type,gross_tonnage,gross_registered_tonnage,vessel_flag,vessel_owner,remarks,source_list_url,alt_names,citizenships,dates_of_birth,nationalities,places_of_birth,source_information_url,ids",
      `${e.sanctions_us_csl.uid},Entity List (EL) - Bureau of Industry and Security,,Entity,,${e.sanctions_us_csl.name},,,,,,,For all items subject to the EAR.,Presumption of denial.,,,,,,,,,,,,,,,`,
    ].join("\n"),
  };
}

/**
 * Writes `ofac_sdn_<today>.csv` into `dir` (created), and with `allLists` (the default) one file of each
 * other screening list, and returns the folder.
 */
export async function writeMinimalSanctionsDir(
  dir: string,
  today = new Date().toISOString().slice(0, 10),
  { allLists = true }: { allLists?: boolean } = {},
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const lines = MINIMAL_SANCTIONS.map((e) => row(e.uid, e.name, e.type, e.program));
  await writeFile(join(dir, `ofac_sdn_${today}.csv`), `${lines.join("\r\n")}\r\n\x1a`);
  if (allLists) for (const [name, text] of Object.entries(otherLists(today))) await writeFile(join(dir, name), text);
  return dir;
}
