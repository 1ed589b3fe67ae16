import { describe, expect, it } from "vitest";
import { parseUnlocodeCoordinates, parseUnlocodeCsv, parseUnlocodeParts } from "../../../shared/reference/importers/parse-unlocode.ts";

// Official part layout: no header, CRLF, country header rows, a see-reference row, Latin-1 letters
// (already decoded), change indicators, and no line break after the last row.
const PART1 = [
  ",AD,,.ANDORRA,,,,,,,,",
  ",AD,ALV,Andorra la Vella,Andorra la Vella,,--34-6--,AI,0601,,4230N 00131E,",
  ",AD,EAC,Escàs,Escas,04,--3-----,RL,1407,,4233N 00131E,",
  "",
  ",BE,,.BELGIUM,,,,,,,,",
  ",BE,,Antwerp = Antwerpen,Antwerp = Antwerpen,,,,,,,",
  ",BE,BRU,Brussel (Bruxelles),Brussel (Bruxelles),BRU,1234----,AI,1101,,5050N 00420E,",
  ",BE,BRU,Bruxelles (Brussel),Bruxelles (Brussel),BRU,1234----,AI,1101,,5050N 00420E,",
  '+,DE,HAM,Hamburg,Hamburg,HH,12345---,AI,1601,,5333N 00958E,"Port, rail, road"',
  "X,DE,ZZZ,Old place,Old place,,--3-----,RL,0001,,,",
  "=,DE,,Hamburg-Altona = Hamburg,Hamburg-Altona = Hamburg,,,,,,,",
  ",US,LAX,Los Angeles,Los Angeles,CA,1234--7B,AI,0401,LAX,3356N 11824W,",
].join("\r\n");

describe("parseUnlocodeCsv", () => {
  const result = parseUnlocodeCsv(PART1);

  it("keeps locations only and counts the rows it skips", () => {
    expect(result.rows.map((r) => [r.seq, r.code, r.name])).toEqual([
      [1, "ADALV", "Andorra la Vella"],
      [2, "ADEAC", "Escàs"],
      [3, "BEBRU", "Brussel (Bruxelles)"],
      [4, "BEBRU", "Bruxelles (Brussel)"],
      [5, "DEHAM", "Hamburg"],
      [6, "DEZZZ", "Old place"],
      [7, "USLAX", "Los Angeles"],
    ]);
    expect(result.skipped).toEqual({ countryHeaders: 2, references: 2, duplicates: 0, malformed: 0 });
    expect(result.countries).toEqual({ AD: "ANDORRA", BE: "BELGIUM" });
  });

  it("reads names with diacritics, subdivisions, change indicators and remarks", () => {
    expect(result.rows[1]).toMatchObject({ name: "Escàs", name_wo_diacritics: "Escas", subdivision: "04", change: null });
    expect(result.rows[4]).toMatchObject({ change: "+", remarks: "Port, rail, road", change_date: "1601" });
    expect(result.rows[5]).toMatchObject({ change: "X" });
  });

  it("turns the function classifier into flags", () => {
    expect(result.rows[0]).toMatchObject({ function: "--34-6--", port: false, road: true, airport: true, multimodal: true, rail: false });
    expect(result.rows[6]).toMatchObject({
      port: true,
      rail: true,
      road: true,
      airport: true,
      postal: false,
      fixed_transport: true,
      border_crossing: true,
      inland_water: false,
      iata: "LAX",
    });
  });

  it("converts DDMMN DDDMMW coordinates to decimal degrees", () => {
    expect(result.rows[6]).toMatchObject({ coordinates: "3356N 11824W", latitude: 33.93333, longitude: -118.4 });
    expect(parseUnlocodeCoordinates("4230N 00131E")).toEqual({ latitude: 42.5, longitude: 1.51667 });
    expect(parseUnlocodeCoordinates("0045S 00927E")).toEqual({ latitude: -0.75, longitude: 9.45 });
    expect(parseUnlocodeCoordinates("garbage")).toBeNull();
    expect(parseUnlocodeCoordinates(null)).toBeNull();
  });

  it("skips the header of the derived single-file list and malformed rows", () => {
    const r = parseUnlocodeCsv(
      "Change,Country,Location,Name,NameWoDiacritics,Subdivision,Function,Status,Date,IATA,Coordinates,Remarks\n,AD,ALV,Andorra la Vella,Andorra la Vella,,--34-6--,AI,0601,,4230N 00131E,\nshort,row\n",
    );
    expect(r.rows.map((x) => x.code)).toEqual(["ADALV"]);
    expect(r.skipped.malformed).toBe(1);
  });
});

describe("parseUnlocodeParts", () => {
  it("numbers rows across parts and drops a (code, name) pair repeated in a later part", () => {
    const part2 =
      ",GA,,.GABON,,,,,,,,\r\n,GA,AKE,Akieni,Akieni,,---4----,AI,9601,,,\r\n,AD,ALV,Andorra la Vella,Andorra la Vella,,--34-6--,AI,0601,,4230N 00131E,";
    const r = parseUnlocodeParts([PART1, part2]);
    expect(r.rows).toHaveLength(8);
    expect(r.rows[7]).toMatchObject({ seq: 8, code: "GAAKE", latitude: null });
    expect(r.skipped).toEqual({ countryHeaders: 3, references: 2, duplicates: 1, malformed: 0 });
  });
});
