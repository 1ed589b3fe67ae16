/**
 * BENCH-ONLY loader of the OFAC legacy CSV files in ../shared/data/ofac (relative to the repository root) into
 * SanctionsEntry objects. The production parser is shared/reference/importers/parse-ofac-csv.ts (another
 * module); this one is deliberately small and self-contained so the measurements do not depend on it.
 *
 * Format (OFAC dat_spec.txt): no header, ASCII, CRLF, "-0- " as null, a final Ctrl-Z byte.
 *  sdn.csv / cons_prim.csv: ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT,
 *                           Vess_flag, Vess_owner, Remarks
 *  alt.csv / cons_alt.csv:  ent_num, alt_num, alt_type, alt_name, alt_remarks
 * The legacy alt files hold only the strong aliases (aka / fka / nka); OFAC's weak ("low quality") AKAs appear
 * only inside the Remarks text ("a.k.a. 'BNC'.") and are not screened.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { SanctionsEntry } from "../../shared/screening/index/sanctions-index.ts";
import { SHARED_DATA } from "./shared-data.ts";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const OFAC_DIR = resolve(SHARED_DATA, "ofac");

export const OFAC_FILES = {
  sdn: "ofac_sdn_2024-05-03.csv.gz",
  alt: "ofac_alt_2026-06.csv.gz",
  consPrim: "ofac_cons_prim_2025-12.csv.gz",
  consAlt: "ofac_cons_alt_2025-12.csv.gz",
} as const;

/** Parses RFC-4180-style CSV (quoted fields, doubled quotes). Strips the Ctrl-Z end marker. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  const s = text.replace(/\x1a/g, "");
  while (i < s.length) {
    const c = s[i];
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"') {
      quoted = true;
      i++;
    } else if (c === ",") {
      row.push(field);
      field = "";
      i++;
    } else if (c === "\r" || c === "\n") {
      if (c === "\r" && s[i + 1] === "\n") i++;
      i++;
      row.push(field);
      field = "";
      if (row.length > 1 || row[0] !== "") rows.push(row);
      row = [];
    } else {
      field += c;
      i++;
    }
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    if (row.length > 1 || row[0] !== "") rows.push(row);
  }
  return rows;
}

/** "-0-" (with or without the trailing space) and empty → null; otherwise trimmed. */
export function nullable(v: string | undefined): string | null {
  if (v === undefined) return null;
  const t = v.trim();
  return t === "" || t === "-0-" ? null : t;
}

function readGz(file: string): string {
  return gunzipSync(readFileSync(resolve(OFAC_DIR, file))).toString("latin1");
}

export interface LoadedOfac {
  entries: SanctionsEntry[];
  stats: {
    sdnEntries: number;
    consEntries: number;
    aliases: number;
    aliasesWithoutPrimary: number;
    byType: Record<string, number>;
  };
}

function load(primFile: string, altFile: string, list: "SDN" | "CONS", stats: LoadedOfac["stats"]): SanctionsEntry[] {
  const byUid = new Map<string, SanctionsEntry>();
  for (const r of parseCsv(readGz(primFile))) {
    if (r.length < 12) continue;
    const uid = nullable(r[0]);
    const name = nullable(r[1]);
    if (!uid || !name) continue;
    const type = nullable(r[2]) ?? "entity";
    const programs = (nullable(r[3]) ?? "")
      .split("] [")
      .map((p) => p.replace(/^\[|\]$/g, "").trim())
      .filter((p) => p !== "");
    byUid.set(uid, { uid, name, type, programs, list, aliases: [] });
    stats.byType[type] = (stats.byType[type] ?? 0) + 1;
  }
  for (const r of parseCsv(readGz(altFile))) {
    if (r.length < 4) continue;
    const uid = nullable(r[0]);
    const type = nullable(r[2]) ?? "aka";
    const name = nullable(r[3]);
    if (!uid || !name) continue;
    const e = byUid.get(uid);
    if (!e) {
      stats.aliasesWithoutPrimary++;
      continue;
    }
    e.aliases.push({ name, type });
    stats.aliases++;
  }
  return [...byUid.values()];
}

/** Loads SDN (2024-05-03) with alt (2026-06) and the Consolidated non-SDN list (2025-12). */
export function loadOfacEntries(options: { includeConsolidated?: boolean } = {}): LoadedOfac {
  const stats: LoadedOfac["stats"] = { sdnEntries: 0, consEntries: 0, aliases: 0, aliasesWithoutPrimary: 0, byType: {} };
  const sdn = load(OFAC_FILES.sdn, OFAC_FILES.alt, "SDN", stats);
  stats.sdnEntries = sdn.length;
  let cons: SanctionsEntry[] = [];
  if (options.includeConsolidated ?? true) {
    cons = load(OFAC_FILES.consPrim, OFAC_FILES.consAlt, "CONS", stats);
    stats.consEntries = cons.length;
  }
  return { entries: [...sdn, ...cons], stats };
}
