import { describe, expect, it } from "vitest";
import { parseEuFsfXml } from "../../../shared/reference/importers/parse-eu-fsf-xml.ts";
import { parseUkSanctionsXml } from "../../../shared/reference/importers/parse-uk-sanctions-xml.ts";
import { parseUnConsolidatedXml } from "../../../shared/reference/importers/parse-un-consolidated-xml.ts";

/**
 * How each importer writes a listed name, from what the publisher's format states: "SURNAME, Given Names"
 * where it names the family name (EU nameAlias lastName, UK Name6), the listed order marked
 * given_names_first where it does not (UN FIRST_NAME … FOURTH_NAME, an EU wholeName alone).
 */
const eu = (subject: string, aliases: string) => `<?xml version="1.0" encoding="UTF-8"?>
<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="2026-08-05T16:47:04.449+02:00">
  <sanctionEntity euReferenceNumber="EU.1.1" logicalId="1">
    <regulation programme="TERR"/>
    <subjectType code="${subject}"/>
    ${aliases}
  </sanctionEntity>
</export>`;
const alias = (first: string, middle: string, last: string, whole: string, strong = "true") =>
  `<nameAlias firstName="${first}" middleName="${middle}" lastName="${last}" wholeName="${whole}" strong="${strong}"/>`;

describe("EU FSF: a person's stated lastName comes first", () => {
  it("writes LASTNAME, First Middle and drops a wholeName with the same words in another order", () => {
    const r = parseEuFsfXml(eu("person", alias("Khalid", "Shaikh", "MOHAMMED", "Khalid Shaikh MOHAMMED")));
    expect(r.rows[0]).toMatchObject({ name: "MOHAMMED, Khalid Shaikh", type: "individual", aliases: [] });
    expect(r.rows[0].details.given_names_first).toBeUndefined();
  });

  it("keeps a wholeName with other words as an alias of the same strength", () => {
    const r = parseEuFsfXml(
      eu("person", `${alias("Abu", "Zayd Umar", "DORDA", "Abu Zayd Umar Hmeid DORDA")}${alias("Abu", "", "Saleh", "Abu Salih", "false")}`),
    );
    expect(r.rows[0].name).toBe("DORDA, Abu Zayd Umar");
    expect(r.rows[0].aliases).toEqual([
      { name: "Abu Zayd Umar Hmeid DORDA", type: "aka" },
      { name: "Saleh, Abu", type: "weak aka" },
      { name: "Abu Salih", type: "weak aka" },
    ]);
  });

  it("marks a person whose names include a wholeName alone (no lastName stated) as given names first", () => {
    const r = parseEuFsfXml(eu("person", `${alias("", "", "", "Haji Ahmad Jan")}${alias("Ahmed", "Jan", "Akhund", "Ahmed Jan Akhund")}`));
    expect(r.rows[0]).toMatchObject({ name: "Haji Ahmad Jan", aliases: [{ name: "Akhund, Ahmed Jan", type: "aka" }] });
    expect(r.rows[0].details.given_names_first).toBe(true);
  });

  it("leaves an enterprise's names as written, unmarked", () => {
    const r = parseEuFsfXml(eu("enterprise", alias("", "", "Parchin", "Parchin Chemical Industries")));
    expect(r.rows[0]).toMatchObject({ name: "Parchin Chemical Industries", type: "entity" });
    expect(r.rows[0].details.given_names_first).toBeUndefined();
  });
});

describe("UN consolidated list: names in the listed order, individuals marked given names first", () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<CONSOLIDATED_LIST dateGenerated="2026-02-27T00:00:09.554Z">
  <INDIVIDUALS><INDIVIDUAL>
    <FIRST_NAME>TARIQ</FIRST_NAME><SECOND_NAME>ANWAR</SECOND_NAME><THIRD_NAME>EL SAYED</THIRD_NAME><FOURTH_NAME>AHMED</FOURTH_NAME>
    <REFERENCE_NUMBER>QDi.014</REFERENCE_NUMBER><UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE>
    <INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Tarek Anwar El Sayed Ahmad</ALIAS_NAME></INDIVIDUAL_ALIAS>
  </INDIVIDUAL></INDIVIDUALS>
  <ENTITIES><ENTITY>
    <FIRST_NAME>BUTEMBO AIRLINES (BAL)</FIRST_NAME><REFERENCE_NUMBER>CDe.001</REFERENCE_NUMBER><UN_LIST_TYPE>DRC</UN_LIST_TYPE>
  </ENTITY></ENTITIES>
</CONSOLIDATED_LIST>`;

  it("marks individuals, not entities", () => {
    const [person, entity] = parseUnConsolidatedXml(xml).rows;
    expect(person).toMatchObject({ name: "TARIQ ANWAR EL SAYED AHMED", type: "individual", details: { given_names_first: true } });
    expect(person.aliases).toEqual([{ name: "Tarek Anwar El Sayed Ahmad", type: "aka" }]);
    expect(entity).toMatchObject({ name: "BUTEMBO AIRLINES (BAL)", type: "entity" });
    expect(entity.details.given_names_first).toBeUndefined();
  });
});

describe("UK Sanctions List: Name6, the family name, comes first for individuals", () => {
  it("writes NAME6, Name1 … Name5 for an individual and the plain order for an entity", () => {
    const name = (parts: string, type: string) => `<Name>${parts}<NameType>${type}</NameType></Name>`;
    const r = parseUkSanctionsXml(`<?xml version="1.0"?>
<Designations><DateGenerated>14/08/2026</DateGenerated>
  <Designation><UniqueID>AFG0011</UniqueID><IndividualEntityShip>Individual</IndividualEntityShip><RegimeName>Afghanistan</RegimeName>
    <Names>${name("<Name1>ABDUL</Name1><Name2>LATIF</Name2><Name6>MANSUR</Name6>", "Primary Name")}</Names></Designation>
  <Designation><UniqueID>AQD0377</UniqueID><IndividualEntityShip>Entity</IndividualEntityShip><RegimeName>ISIL</RegimeName>
    <Names>${name("<Name6>AL-NUSRAH FRONT</Name6>", "Primary Name")}</Names></Designation>
</Designations>`);
    expect(r.rows.map((x) => x.name)).toEqual(["MANSUR, ABDUL LATIF", "AL-NUSRAH FRONT"]);
    expect(r.rows.every((x) => x.details.given_names_first === undefined)).toBe(true);
  });
});
