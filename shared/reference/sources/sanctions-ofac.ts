/**
 * OFAC's SDN and consolidated non-SDN lists (legacy CSV: a primary file plus alt, add and comments per
 * list), daily. The Sanctions List Service's addresses replaced the retired www.treasury.gov/ofac/downloads
 * ones (docs/reference-data.md, "Sources").
 */
import { parseCsv } from "../importers/csv.ts";
import { parseOfacList, type OfacFiles, type SanctionsRow } from "../importers/parse-ofac-csv.ts";
import { type DownloadedFiles, FormatError, opening, type ParsedTable, refuseHtml, text } from "./download-files.ts";
import { type Candidate, type FoundFile, GZ, matches, newest, readText } from "./folder-files.ts";
import { asRows, type FolderPlan, INTERVAL_DAYS, type ReferenceSource } from "./reference-source.ts";

const OFAC = "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports";
const PUBLISHER = "US Treasury OFAC SDN and consolidated non-SDN lists (legacy CSV)";

function ofacNote(list: string, result: ReturnType<typeof parseOfacList>): string {
  return `${list}: ${result.rows.length} entries; records for entries not in the primary file: ${result.orphans.alt} alt, ${result.orphans.add} add, ${result.orphans.comments} comments`;
}

function find(files: readonly FoundFile[]): FolderPlan | null {
  const DATE = "(\\d{4}-\\d{2}(?:-\\d{2})?)";
  const pick = (ours: string, upstream: string) =>
    newest([
      ...matches(files, new RegExp(`^ofac_${ours}_${DATE}\\.csv${GZ}`, "i"), (m) => [m[1]]),
      ...matches(files, new RegExp(`^${upstream}\\.csv${GZ}`, "i"), () => [""]),
    ]);
  const sdn = {
    primary: pick("sdn", "sdn"),
    alt: pick("alt", "alt"),
    add: pick("add", "add"),
    comments: pick("sdn_comments", "sdn_comments"),
  };
  const cons = {
    primary: pick("cons_prim", "cons_prim"),
    alt: pick("cons_alt", "cons_alt"),
    add: pick("cons_add", "cons_add"),
    comments: pick("cons_comments", "cons_comments"),
  };
  if (!sdn.primary && !cons.primary) return null;
  const date = (c: Candidate | undefined) => c?.m[1] ?? "undated";
  const vintage = [
    sdn.primary ? `SDN ${date(sdn.primary)} (alt ${date(sdn.alt)}, add ${date(sdn.add)}, comments ${date(sdn.comments)})` : null,
    cons.primary ? `consolidated ${date(cons.primary)}` : null,
  ]
    .filter(Boolean)
    .join("; ");
  const used = [sdn, cons].flatMap((l) => (l.primary ? [l.primary, l.alt, l.add, l.comments] : [])).flatMap((c) => (c ? [c.file] : []));
  // The lists are as old as their oldest primary file; "2025-12" counts from the 1st. Undated (sdn.csv): unknown.
  const primaries = [sdn.primary, cons.primary].filter((c): c is Candidate => c !== undefined);
  const dates = primaries.map((c) => (c.m[1] ? (c.m[1].length === 7 ? `${c.m[1]}-01` : c.m[1]) : null));
  const publishedAt = dates.includes(null) ? null : `${(dates as string[]).sort()[0]}T00:00:00Z`;
  return {
    files: used,
    vintage,
    publishedAt,
    source: PUBLISHER,
    parse: async () => {
      const read = async (c: Candidate | undefined) => (c ? (await readText(c.file)).text : undefined);
      const rows: SanctionsRow[] = [];
      const notes: string[] = [];
      for (const [list, l] of [
        ["SDN", sdn],
        ["CONS", cons],
      ] as const) {
        if (!l.primary) continue;
        const filesText: OfacFiles = {
          primary: (await read(l.primary))!,
          alt: await read(l.alt),
          add: await read(l.add),
          comments: await read(l.comments),
        };
        const result = parseOfacList(list, filesText);
        for (const r of result.rows) rows.push(r);
        notes.push(ofacNote(list, result));
      }
      return { rows: asRows(rows), notes };
    },
  };
}

async function parseDownload(files: DownloadedFiles): Promise<ParsedTable> {
  const rows: SanctionsRow[] = [];
  const notes: string[] = [];
  const read = async (key: string) => {
    const f = files.get(key);
    if (!f) return undefined;
    const s = await text(f);
    refuseHtml(key, s);
    return s;
  };
  for (const [list, keys] of [
    ["SDN", ["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"]],
    ["CONS", ["cons_prim.csv", "cons_alt.csv", "cons_add.csv", "cons_comments.csv"]],
  ] as const) {
    const primary = await read(keys[0]);
    if (primary === undefined) continue;
    // dat_spec.txt: headerless, each record starts with the numeric ent_num.
    if (!/^\s*\d+,/.test(primary))
      throw new FormatError(`${keys[0]}: not an OFAC legacy CSV (a record starts with its ent_num; the file starts ${opening(primary)})`);
    // The legacy files end with a Ctrl-Z byte; a file cut off mid-record has a last line without its 12 fields.
    const lastLine =
      primary
        .replace(/[\x1a\s]+$/, "")
        .split(/\r?\n/)
        .pop() ?? "";
    let fields = 0;
    try {
      fields = parseCsv(lastLine)[0]?.length ?? 0;
    } catch {
      fields = 0; // an unclosed quote: cut off inside a field
    }
    if (!/^\d+,/.test(lastLine) || fields !== 12 || (lastLine.match(/"/g)?.length ?? 0) % 2 !== 0) {
      throw new FormatError(`${keys[0]}: the last record is incomplete (the file looks cut off): ${opening(lastLine)}`);
    }
    const filesText: OfacFiles = { primary, alt: await read(keys[1]), add: await read(keys[2]), comments: await read(keys[3]) };
    const result = parseOfacList(list, filesText);
    for (const r of result.rows) rows.push(r);
    notes.push(ofacNote(list, result));
  }
  if (rows.length === 0) throw new FormatError("neither sdn.csv nor cons_prim.csv was downloaded");
  // The legacy CSV carries no date; the publisher's date is the Last-Modified of sdn.csv (reference_imports.published_at).
  const sdn = files.get("sdn.csv") ?? files.get("cons_prim.csv")!;
  return {
    rows: asRows(rows),
    vintage: sdn.lastModified ? `OFAC lists published ${sdn.lastModified.slice(0, 10)}` : null,
    notes,
  };
}

export const sanctionsOfac: ReferenceSource<"sanctions_ofac"> = {
  table: "sanctions_ofac",
  label: "OFAC SDN and non-SDN lists",
  group: { kind: "screening", list: "ofac" },
  aliases: ["ofac"],
  publisher: PUBLISHER,
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
  intervalDays: INTERVAL_DAYS.day,
  minRows: 5_000,
  age: { from: "publication" },
  find,
  parseDownload,
};
