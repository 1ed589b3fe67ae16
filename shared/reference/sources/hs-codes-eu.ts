/**
 * The EU Combined Nomenclature (8 digits), plus TARIC 10-digit lines when a folder holds them, quarterly.
 * EU Vocabularies publish RDF only: the default is xterr/php-cncodes' JSON of the same data, and the docs
 * say so.
 */
import { parseEuCnJson, parseEuTaricCsv, type EuHsRow } from "../importers/parse-eu-cn.ts";
import { type DownloadedFiles, FormatError, need, type ParsedTable, refuseHtml, text, versionIn } from "./download-files.ts";
import { type Candidate, type FoundFile, GZ, matches, newest, readText } from "./folder-files.ts";
import { asRows, type FolderPlan, INTERVAL_DAYS, type ReferenceSource, startOfDay } from "./reference-source.ts";

const CNCODES = "https://raw.githubusercontent.com/xterr/php-cncodes/master/Resources";

/** The CN year of a vintage ("CN 2026 + TARIC …"), or null when it states none. */
const cnYear = (vintage: string | null) => {
  const m = vintage?.match(/\bCN (\d{4})\b/);
  return m ? Number(m[1]) : null;
};

function find(files: readonly FoundFile[]): FolderPlan | null {
  // Our file names (eu_cn2026_codes.json.gz) and php-cncodes' (cnCodes_2026.json).
  const level = (kind: string, year: string) =>
    matches(
      files,
      new RegExp(`^(?:eu_cn${year}_${kind}|cn${kind[0].toUpperCase()}${kind.slice(1)}_${year})\\.json${GZ}`, "i"),
      () => [],
    )[0];
  const codes = newest(matches(files, new RegExp(`^(?:eu_cn(\\d{4})_codes|cnCodes_(\\d{4}))\\.json${GZ}`, "i"), (m) => [m[1] ?? m[2]]));
  const taric = newest([
    ...matches(files, new RegExp(`^eu_taric_(.+?)\\.csv${GZ}`), (m) => [m[1]]),
    ...matches(files, new RegExp(`^eu_tariff_(\\d{4})_rev_(\\d+)\\.csv${GZ}`), (m) => [m[1], m[2]]),
  ]);
  if (!codes && !taric) return null;
  const year = codes ? (codes.m[1] ?? codes.m[2]) : null;
  const others = year ? (["subheadings", "headings", "chapters", "sections"] as const).map((k) => [k, level(k, year)] as const) : [];
  const taricVintage = taric ? (taric.m[2] ? `TARIC ${taric.m[1]} rev ${taric.m[2]}` : `TARIC ${taric.m[1]}`) : null;
  return {
    files: [...(codes ? [codes.file] : []), ...others.flatMap(([, c]) => (c ? [c.file] : [])), ...(taric ? [taric.file] : [])],
    vintage: [year ? `CN ${year}` : null, taricVintage].filter(Boolean).join(" + "),
    source: `EU Combined Nomenclature (EU Vocabularies, JSON)${taric ? " + TARIC goods nomenclature (CSV)" : ""}`,
    parse: async () => {
      const rows: EuHsRow[] = [];
      const notes: string[] = [];
      if (codes) {
        const read = async (c: Candidate | undefined) => (c ? (await readText(c.file)).text : undefined);
        const byKind = Object.fromEntries(others.map(([k]) => [k, undefined])) as Record<string, string | undefined>;
        for (const [k, c] of others) byKind[k] = await read(c);
        const cn = parseEuCnJson({ codes: (await read(codes))!, ...byKind });
        rows.push(...cn);
        notes.push(`${cn.filter((r) => r.level === 8).length} CN8 codes`);
      }
      if (taric) {
        const t = parseEuTaricCsv((await readText(taric.file)).text);
        for (const r of t) rows.push(r);
        notes.push(`${t.length} TARIC lines: 10-digit codes are checked exactly`);
      } else {
        notes.push("no TARIC file: 10-digit codes are checked by their CN8 prefix");
      }
      return { rows: asRows(rows), notes };
    },
  };
}

async function parseDownload(files: DownloadedFiles): Promise<ParsedTable> {
  const codes = await text(need(files, "cnCodes.json"));
  refuseHtml("cnCodes.json", codes);
  const opt = async (key: string) => (files.has(key) ? await text(files.get(key)!) : undefined);
  let rows;
  try {
    rows = parseEuCnJson({
      codes,
      subheadings: await opt("cnSubheadings.json"),
      headings: await opt("cnHeadings.json"),
      chapters: await opt("cnChapters.json"),
      sections: await opt("cnSections.json"),
    });
  } catch (e) {
    throw new FormatError(`cnCodes.json: not the CN JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const year = /"version"\s*:\s*"?(\d{4})/.exec(codes.slice(0, 2000))?.[1] ?? versionIn(need(files, "cnCodes.json"), /(\d{4})/)?.[1];
  return {
    rows: asRows(rows),
    vintage: year ? `CN ${year}` : null,
    notes: [`${rows.filter((r) => r.level === 8).length} CN8 codes`, "no TARIC file: 10-digit codes are checked by their CN8 prefix"],
  };
}

export const hsCodesEu: ReferenceSource<"hs_codes_eu"> = {
  table: "hs_codes_eu",
  label: "EU Combined Nomenclature",
  group: { kind: "hs", schedule: "eu", tariff: true },
  publisher: "EU Combined Nomenclature (EU Vocabularies, redistributed as JSON by xterr/php-cncodes)",
  files: [
    { key: "cnCodes.json", url: `${CNCODES}/cnCodes_2026.json` },
    { key: "cnSubheadings.json", url: `${CNCODES}/cnSubheadings_2026.json`, optional: true },
    { key: "cnHeadings.json", url: `${CNCODES}/cnHeadings_2026.json`, optional: true },
    { key: "cnChapters.json", url: `${CNCODES}/cnChapters_2026.json`, optional: true },
    { key: "cnSections.json", url: `${CNCODES}/cnSections_2026.json`, optional: true },
  ],
  intervalDays: INTERVAL_DAYS.quarter,
  minRows: 5_000,
  // The CN is re-enacted every year and applies from 1 January (Regulation (EEC) No 2658/87, Art. 12):
  // CN YYYY is current for the calendar year YYYY.
  age: {
    from: "edition",
    statedDate: (vintage) => {
      const year = cnYear(vintage);
      return year === null ? null : startOfDay(year);
    },
    nextEditionInForce: (vintage) => {
      const year = cnYear(vintage);
      return year === null ? null : Date.UTC(year + 1, 0, 1);
    },
  },
  find,
  parseDownload,
};
