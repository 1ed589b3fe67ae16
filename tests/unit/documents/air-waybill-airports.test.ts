import { describe, expect, it } from "vitest";
import { buildDocumentModel, type RenderInput } from "../../../shared/document-types/render-document.ts";
import { hasAirportFunction, iataCodeOf } from "../../../shared/trade/locode.ts";
import { SAMPLE_META, sampleShipment } from "../../support/sample-shipments.ts";

describe("the IATA code of a UN/LOCODE entry", () => {
  it.each([
    // Entries as UN/LOCODE 2025-1 has them (location, IATA column, Function).
    ["Gdansk: an airport, no IATA column: the location part", { location: "GDN", iata: null, function: "1--4----" }, "GDN"],
    ["Hamburg: an airport, no IATA column", { location: "HAM", iata: null, function: "12345---" }, "HAM"],
    ["Bendigo: the IATA column where it differs", { location: "BDG", iata: "BXG", function: "--34----" }, "BXG"],
    ["Ajman: the IATA column, although no airport function", { location: "AJM", iata: "QAJ", function: "1-3-----" }, "QAJ"],
    ["Gdynia: no airport function, no IATA column", { location: "GDY", iata: null, function: "123-----" }, null],
    ["no Function column at all", { location: "ZZZ", iata: null, function: null }, null],
    ["a location part with a digit is no IATA code", { location: "2AB", iata: null, function: "---4----" }, null],
  ])("%s", (_name, entry, expected) => {
    expect(iataCodeOf(entry)).toBe(expected);
  });

  it("reads the airport function from position 4 only", () => {
    expect(hasAirportFunction("---4----")).toBe(true);
    expect(hasAirportFunction("1234----")).toBe(true);
    expect(hasAirportFunction("4-------")).toBe(false);
    expect(hasAirportFunction(null)).toBe(false);
  });
});

function awbText(input: Partial<RenderInput>): string {
  const shipment = sampleShipment() as Record<string, any>;
  shipment.route.transport_mode = "air";
  const model = buildDocumentModel({ docType: "AIR_WAYBILL", shipment, finalDoc: true, ...SAMPLE_META, ...input });
  return JSON.stringify(model);
}

describe("air waybill boxes 8 and 9", () => {
  it("print the IATA code and the airport's name, not the UN/LOCODE", () => {
    const text = awbText({
      airports: {
        PLGDN: { locode: "PLGDN", iata: "GDN", name: "Gdansk" },
        DEHAM: { locode: "DEHAM", iata: "HAM", name: "Hamburg" },
      },
    });
    expect(text).toContain("GDN – Gdansk");
    expect(text).toContain("HAM – Hamburg");
    expect(text).not.toContain("PLGDN (Poland)");
    expect(text).not.toContain("DEHAM (Germany)");
  });

  it("keep the UN/LOCODE with its country for a place the list gives no airport", () => {
    const text = awbText({ airports: { DEHAM: { locode: "DEHAM", iata: "HAM", name: "Hamburg" } } });
    expect(text).toContain("PLGDN (Poland)");
    expect(text).toContain("HAM – Hamburg");
  });
});
