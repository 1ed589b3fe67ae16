/**
 * UNECE's UN/LOCODE code list (the official CSV parts, or a single derived CSV in a folder), quarterly.
 * UNECE issues two releases a year; UNLOCODE_RELEASE names the one downloaded by default.
 */
import { unzipSync } from "fflate";
import { decodeReferenceBytes } from "../decode-reference-bytes.ts";
import { parseUnlocodeCsv, parseUnlocodeParts } from "../importers/parse-unlocode.ts";
import { type DownloadedFiles, FormatError, isZip, need, opening, type ParsedTable, refuseHtml, versionIn } from "./download-files.ts";
import { type Candidate, type FoundFile, GZ, matches, newest, readText } from "./folder-files.ts";
import { asRows, type FolderPlan, INTERVAL_DAYS, type ReferenceSource, startOfDay } from "./reference-source.ts";

/** The UN/LOCODE production release the refresh downloads by default (docs/reference-data.md, "Sources"). */
export const UNLOCODE_RELEASE = "2025-1";

function unlocodeNote(s: { countryHeaders: number; references: number; duplicates: number; malformed: number }): string {
  return `skipped ${s.countryHeaders} country header rows, ${s.references} see-reference rows, ${s.duplicates} duplicates, ${s.malformed} malformed`;
}

function find(files: readonly FoundFile[]): FolderPlan | null {
  const parts = [
    ...matches(files, new RegExp(`^official_(\\d{4}-\\d)_UNLOCODE_CodeListPart(\\d)\\.csv${GZ}`, "i"), (m) => [m[1]]),
    ...matches(files, new RegExp(`^(\\d{4}-\\d) UNLOCODE CodeListPart(\\d)\\.csv${GZ}`, "i"), (m) => [m[1]]),
    ...matches(files, new RegExp(`^()UNLOCODE CodeListPart(\\d)\\.csv${GZ}`, "i"), () => [""]),
  ];
  const derived = matches(files, new RegExp(`^unlocode_(\\d{4}-\\d)_codelist\\.csv${GZ}`), (m) => [m[1]]);
  const bestParts = newest(parts);
  const bestDerived = newest(derived);
  // The official parts win over the derived single file of the same release.
  if (bestParts && (!bestDerived || bestParts.key >= bestDerived.key)) {
    // One file per part number (a folder may hold both part1.csv and part1.csv.gz).
    const byPart = new Map<number, Candidate>();
    for (const p of parts) if (p.key === bestParts.key && !byPart.has(Number(p.m[2]))) byPart.set(Number(p.m[2]), p);
    const set = [...byPart.entries()].sort((a, b) => a[0] - b[0]).map(([, p]) => p);
    const release = bestParts.m[1] || null;
    return {
      files: set.map((p) => p.file),
      vintage: release ? `UN/LOCODE ${release}` : null,
      source: "UNECE UN/LOCODE code list (official CSV parts)",
      parse: async () => {
        const decoded = await Promise.all(set.map((p) => readText(p.file)));
        const result = parseUnlocodeParts(decoded.map((d) => d.text));
        return {
          rows: asRows(result.rows),
          notes: [unlocodeNote(result.skipped), `encoding ${[...new Set(decoded.map((d) => d.encoding))].join("/")}`],
        };
      },
    };
  }
  if (!bestDerived) return null;
  return {
    files: [bestDerived.file],
    vintage: `UN/LOCODE ${bestDerived.m[1]}`,
    source: "UNECE UN/LOCODE code list (single CSV with header, derived from the official parts)",
    parse: async () => {
      const d = await readText(bestDerived.file);
      const result = parseUnlocodeCsv(d.text);
      return { rows: asRows(result.rows), notes: [unlocodeNote(result.skipped), `encoding ${d.encoding}`] };
    },
  };
}

async function parseDownload(files: DownloadedFiles): Promise<ParsedTable> {
  const file = need(files, "unlocode.zip");
  let parts: Array<{ name: string; bytes: Uint8Array }>;
  if (isZip(file.bytes)) {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(file.bytes, { filter: (f) => /CodeListPart\d\.csv$/i.test(f.name) });
    } catch (e) {
      throw new FormatError(`${file.key}: not a readable zip (${e instanceof Error ? e.message : String(e)}); the download may be cut off`);
    }
    parts = Object.entries(entries)
      .map(([name, bytes]) => ({ name, bytes }))
      .sort((a, b) => Number(/Part(\d)/i.exec(a.name)![1]) - Number(/Part(\d)/i.exec(b.name)![1]));
    if (parts.length === 0) throw new FormatError(`${file.key}: the zip holds no "UNLOCODE CodeListPart<N>.csv"`);
  } else {
    // A mirror may serve one part as a plain CSV.
    parts = [{ name: file.fileName, bytes: file.bytes }];
  }
  const decoded = await Promise.all(parts.map((p) => decodeReferenceBytes(p.bytes)));
  for (const [i, d] of decoded.entries()) {
    refuseHtml(parts[i].name, d.text);
    // Headerless, 12 columns: Change, Country, Location, Name, …; the first record is a country header ",AD,,.ANDORRA,…".
    if (!/^[^,\n]{0,1},[A-Z]{2},/.test(d.text))
      throw new FormatError(`${parts[i].name}: not a UN/LOCODE code list part (starts ${opening(d.text)})`);
  }
  const result = parseUnlocodeParts(decoded.map((d) => d.text));
  if (result.skipped.malformed > result.rows.length / 100) {
    throw new FormatError(`${result.skipped.malformed} malformed UN/LOCODE records (more than 1 %): not the official layout`);
  }
  // "2025-1 UNLOCODE CodeListPart1.csv" in the zip, or the zip's name "loc251csv.zip".
  const inEntry = parts.map((p) => /(\d{4}-\d)/.exec(p.name)?.[1]).find(Boolean);
  const inZipName = versionIn(file, /loc(\d{2})(\d)csv/i);
  const release = inEntry ?? (inZipName ? `20${inZipName[1]}-${inZipName[2]}` : versionIn(file, /(\d{4}-\d)/)?.[1]);
  return {
    rows: asRows(result.rows),
    vintage: release ? `UN/LOCODE ${release}` : null,
    notes: [
      `parts ${parts.map((p) => p.name).join(", ")}`,
      unlocodeNote(result.skipped),
      `encoding ${[...new Set(decoded.map((d) => d.encoding))].join("/")}`,
    ],
  };
}

export const portCodes: ReferenceSource<"port_codes"> = {
  table: "port_codes",
  label: "UN/LOCODE port list",
  group: { kind: "ports" },
  aliases: ["ports", "unlocode"],
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
  intervalDays: INTERVAL_DAYS.quarter,
  minRows: 50_000,
  // "UN/LOCODE 2025-1" → 2025-01-01 and "…-2" → 1 July (UNECE issues two releases a year).
  age: {
    from: "publication",
    statedDate: (vintage) => {
      const m = vintage.match(/\b(\d{4})-([12])\b/);
      return m ? startOfDay(m[1], m[2] === "1" ? "01" : "07") : null;
    },
  },
  find,
  parseDownload,
};
