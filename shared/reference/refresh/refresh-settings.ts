/**
 * Settings of the reference-data refresh, from the environment (every one is listed in the README and
 * docs/reference-data.md). Durations are written 90d, 12h, 30m, 45s or 2w.
 */
import { readEnv } from "../../runtime/env.ts";
import { REFRESHABLE_TABLES as IMPORTABLE_TABLES, type RefreshableTable as ImportableTable } from "./refresh-tables.ts";
import { SOURCE_DEFAULTS } from "./reference-sources.ts";

export interface ResolvedSourceFile {
  key: string;
  url: string;
  optional: boolean;
}

export interface ReferenceRefreshSettings {
  /** The local server's background refresh (TDS_REFERENCE_REFRESH=on|off; default off, see docs). */
  enabled: boolean;
  /** TDS_REFERENCE_REFRESH=off given explicitly: the Supabase schedule (on unless this) does nothing either. */
  explicitlyOff: boolean;
  /** Per table: the files to download, with their addresses after mirror and per-file overrides. */
  sources: Record<ImportableTable, ResolvedSourceFile[]>;
  intervalMs: Record<ImportableTable, number>;
  /** A table is stale when its last successful check is older than interval + margin. */
  staleMarginMs: Record<ImportableTable, number>;
  minRows: Record<ImportableTable, number>;
  /** Largest accepted drop in rows against the loaded table, as a fraction (0.1 = 10 %); --force ignores it. */
  maxShrink: number;
  /** Per download. */
  timeoutMs: number;
  /** First retry after a failed refresh; doubles per consecutive failure, capped at the table's interval. */
  retryMs: number;
  /** How long one instance holds a table's refresh lease before another may take it over. */
  leaseMs: number;
}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

export function parseDuration(text: string, name: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*$/.exec(text);
  if (!m) throw new Error(`${name}: "${text}" is not a duration such as 90d, 12h, 30m, 45s or 2w`);
  return Math.round(Number(m[1]) * UNIT_MS[m[2]]);
}

/** "2d" (every table) or "sanctions_ofac=1d,port_codes=30d" or both ("7d,sanctions_ofac=1d"). */
export function parsePerTable(
  text: string | undefined,
  name: string,
  defaults: Record<ImportableTable, number>,
): Record<ImportableTable, number> {
  const out = { ...defaults };
  if (!text || text.trim() === "") return out;
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf("=");
    if (eq < 0) {
      const ms = parseDuration(part, name);
      for (const t of IMPORTABLE_TABLES) out[t] = ms;
      continue;
    }
    const table = part.slice(0, eq).trim();
    if (!(IMPORTABLE_TABLES as readonly string[]).includes(table)) {
      throw new Error(`${name}: unknown table "${table}"; tables: ${IMPORTABLE_TABLES.join(", ")}`);
    }
    out[table as ImportableTable] = parseDuration(part.slice(eq + 1), name);
  }
  return out;
}

/** Env name of a file's address: TDS_REFERENCE_URL_SANCTIONS_OFAC_SDN_CSV, or without the key for one-file tables. */
export function sourceEnvName(table: ImportableTable, key: string, onlyFile: boolean): string {
  const up = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, "_");
  return onlyFile ? `TDS_REFERENCE_URL_${up(table)}` : `TDS_REFERENCE_URL_${up(table)}_${up(key)}`;
}

function onOff(value: string | undefined, name: string, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  const v = value.trim().toLowerCase();
  if (["on", "true", "1", "yes"].includes(v)) return true;
  if (["off", "false", "0", "no"].includes(v)) return false;
  throw new Error(`${name} must be on or off, got "${value}"`);
}

function fraction(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new Error(`${name} must be a number between 0 and 1, got "${value}"`);
  return n;
}

type Env = (key: string) => string | undefined;

export function loadReferenceRefreshSettings(env: Env = readEnv): ReferenceRefreshSettings {
  const perTable = <T>(f: (t: ImportableTable) => T) =>
    Object.fromEntries(IMPORTABLE_TABLES.map((t) => [t, f(t)])) as Record<ImportableTable, T>;
  // A mirror behind a firewall: <mirror>/<table>/<file key>, e.g. https://mirror.internal/reference/sanctions_ofac/sdn.csv.
  const mirror = env("TDS_REFERENCE_MIRROR")?.trim().replace(/\/+$/, "") || undefined;
  const sources = perTable((t) => {
    const files = SOURCE_DEFAULTS[t].files;
    return files.map((f) => ({
      key: f.key,
      url: env(sourceEnvName(t, f.key, files.length === 1))?.trim() || (mirror ? `${mirror}/${t}/${f.key}` : f.url),
      optional: f.optional === true,
    }));
  });
  const intervalMs = parsePerTable(
    env("TDS_REFERENCE_REFRESH_INTERVALS"),
    "TDS_REFERENCE_REFRESH_INTERVALS",
    perTable((t) => SOURCE_DEFAULTS[t].intervalDays * UNIT_MS.d),
  );
  const staleMarginMs = parsePerTable(
    env("TDS_REFERENCE_STALE_MARGIN"),
    "TDS_REFERENCE_STALE_MARGIN",
    perTable(() => 2 * UNIT_MS.d),
  );
  const timeout = env("TDS_REFERENCE_TIMEOUT");
  const retry = env("TDS_REFERENCE_RETRY");
  return {
    enabled: onOff(env("TDS_REFERENCE_REFRESH"), "TDS_REFERENCE_REFRESH", false),
    explicitlyOff: !onOff(env("TDS_REFERENCE_REFRESH"), "TDS_REFERENCE_REFRESH", true),
    sources,
    intervalMs,
    staleMarginMs,
    minRows: perTable((t) => SOURCE_DEFAULTS[t].minRows),
    maxShrink: fraction(env("TDS_REFERENCE_MAX_SHRINK"), "TDS_REFERENCE_MAX_SHRINK", 0.1),
    timeoutMs: timeout ? parseDuration(timeout, "TDS_REFERENCE_TIMEOUT") : 5 * UNIT_MS.m,
    retryMs: retry ? parseDuration(retry, "TDS_REFERENCE_RETRY") : 15 * UNIT_MS.m,
    leaseMs: 15 * UNIT_MS.m,
  };
}
