/**
 * Each rule declares the reference tables it reads (`reads` in the rule table), and the data-age report
 * counts a table by those declarations (reference-tables-used.ts). Here every rule runs against sample
 * shipments with facts that record which table each read touches: a read the rule does not declare fails,
 * and so does a declaration no sample reads.
 */
import { describe, expect, it } from "vitest";
import { emptyReferenceFacts } from "../../../shared/rules/empty-facts.ts";
import type { HsSchedule, ReferenceFacts } from "../../../shared/rules/reference-facts.ts";
import { RULES } from "../../../shared/rules/rule-table.ts";
import { SCREENING_TABLES } from "../../../shared/screening/lists/screening-tables.ts";
import { airShipment, baseline, factsFor, inShipment, ukShipment, usShipment, variant } from "./fixtures.ts";

const HS_TABLE: Record<HsSchedule, string> = {
  us: "hs_codes_us",
  eu: "hs_codes_eu",
  uk: "hs_codes_uk",
  in: "hs_codes_in",
  wco: "hs_codes_wco",
};

/** The tables behind each fact (gather-reference-facts.ts fills them); vintages and loading are about every table. */
const FACT_TABLES: Partial<Record<keyof ReferenceFacts, readonly string[]>> = {
  euCodeLength: ["hs_codes_eu"],
  ports: ["port_codes"],
  countries: ["countries"],
  currencies: ["currencies"],
  sanctions: SCREENING_TABLES,
  screeningLists: SCREENING_TABLES,
};

const LOADED_TABLES: Record<keyof ReferenceFacts["loaded"], readonly string[]> = {
  us: [HS_TABLE.us],
  eu: [HS_TABLE.eu],
  uk: [HS_TABLE.uk],
  in: [HS_TABLE.in],
  wco: [HS_TABLE.wco],
  ports: ["port_codes"],
  sanctions: SCREENING_TABLES,
  countries: ["countries"],
  currencies: ["currencies"],
};

/** The facts as given, recording into `read` the tables whose facts are read. */
function recordingFacts(facts: ReferenceFacts, read: Set<string>): ReferenceFacts {
  const note = (tables: readonly string[] | undefined) => {
    for (const t of tables ?? []) read.add(t);
  };
  const byKey = <T extends object>(target: T, tablesOf: (key: string) => readonly string[] | undefined): T =>
    new Proxy(target, {
      get(t, key, receiver) {
        if (typeof key === "string") note(tablesOf(key));
        return Reflect.get(t, key, receiver);
      },
    });
  return new Proxy(facts, {
    get(t, key, receiver) {
      const value = Reflect.get(t, key, receiver);
      if (key === "loaded") return byKey(value as object, (k) => LOADED_TABLES[k as keyof ReferenceFacts["loaded"]]);
      if (key === "hsCodes") return byKey(value as object, (k) => [HS_TABLE[k as HsSchedule]]);
      if (typeof key === "string") note(FACT_TABLES[key as keyof ReferenceFacts]);
      return value;
    },
  });
}

const DOCUMENT_TYPES = [...new Set(RULES.flatMap((r) => r.documents ?? []))];
/** The fixtures, and a multimodal route whose sea leg only its ports can show (rule_doc_bl_sea_only). */
const SAMPLES = {
  baseline,
  usShipment,
  ukShipment,
  inShipment,
  airShipment,
  multimodal: () => variant(baseline(), (s) => (s.route.transport_mode = "multimodal")),
};

/** Per rule: the tables its check read over every sample, with loaded facts, empty facts and named screening lists. */
function tablesRead(): Map<string, Set<string>> {
  const out = new Map(RULES.map((r) => [r.id, new Set<string>()]));
  for (const make of Object.values(SAMPLES)) {
    const shipment = make();
    const loaded = factsFor(shipment, DOCUMENT_TYPES);
    const variants: ReferenceFacts[] = [
      loaded,
      emptyReferenceFacts(),
      {
        ...loaded,
        screeningLists: SCREENING_TABLES.map((table) => ({ table, label: table, loaded: table !== "sanctions_un" })),
      },
    ];
    for (const facts of variants) {
      for (const rule of RULES) {
        rule.check(shipment, { facts: recordingFacts(facts, out.get(rule.id)!), documentTypes: DOCUMENT_TYPES });
      }
    }
  }
  return out;
}

describe("the reference tables a rule reads", () => {
  const read = tablesRead();

  it("every table a rule reads is declared in its reads", () => {
    const undeclared = RULES.flatMap((r) => {
      const declared = new Set<string>(r.reads ?? []);
      const missing = [...read.get(r.id)!].filter((t) => !declared.has(t));
      return missing.length > 0 ? [`${r.id} reads ${missing.join(", ")}`] : [];
    });
    expect(undeclared).toEqual([]);
  });

  it("every declared table is read by its rule on some sample", () => {
    const unread = RULES.flatMap((r) => {
      const never = (r.reads ?? []).filter((t) => !read.get(r.id)!.has(t));
      return never.length > 0 ? [`${r.id} declares ${never.join(", ")}`] : [];
    });
    expect(unread).toEqual([]);
  });

  it("the recording facts see the reads (a rule known to read a table)", () => {
    expect([...read.get("rule_hs_code_eu")!]).toEqual(["hs_codes_eu"]);
  });
});
