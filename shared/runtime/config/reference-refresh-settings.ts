/**
 * Settings of the reference-data refresh (README and docs/reference-data.md). Durations are written
 * 90d, 12h, 30m, 45s or 2w.
 */
import { DAY_MS, duration, flag, fraction, MINUTE_MS, parseDuration, setting, text, type Vars } from "./env-values.ts";
import { REFRESHABLE_TABLES, type RefreshableTable, SOURCE_DEFAULTS } from "./reference-sources.ts";

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
  /**
   * `npm start`: download every empty table from its publisher at start and then refresh on schedule, as
   * watchman does (TDS_REFERENCE_DOWNLOAD=on|off; default on). Tests and CI switch it off.
   */
  downloadAtStart: boolean;
  /** Per table: the files to download, with their addresses after mirror and per-file overrides. */
  sources: Record<RefreshableTable, ResolvedSourceFile[]>;
  intervalMs: Record<RefreshableTable, number>;
  /** A table is stale when its age (by its rule, reference-vintage.ts) is more than interval + margin. */
  staleMarginMs: Record<RefreshableTable, number>;
  minRows: Record<RefreshableTable, number>;
  /** Largest accepted drop in rows against the loaded table, as a fraction (0.1 = 10 %); --force ignores it. */
  maxShrink: number;
  /** Per download. */
  timeoutMs: number;
  /** First retry after a failed refresh; doubles per consecutive failure, capped at the table's interval. */
  retryMs: number;
  /** How long one instance holds a table's refresh lease before another may take it over. */
  leaseMs: number;
}

/** "2d" (every table) or "sanctions_ofac=1d,port_codes=30d" or both ("7d,sanctions_ofac=1d"), applied in order. */
export function parsePerTable(text: string, defaults: Record<RefreshableTable, number>): Record<RefreshableTable, number> {
  const out = { ...defaults };
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf("=");
    if (eq < 0) {
      const ms = parseDuration(part);
      for (const t of REFRESHABLE_TABLES) out[t] = ms;
      continue;
    }
    const table = part.slice(0, eq).trim();
    if (!(REFRESHABLE_TABLES as readonly string[]).includes(table)) {
      throw new Error(`names an unknown table "${table}"; tables: ${REFRESHABLE_TABLES.join(", ")}`);
    }
    out[table as RefreshableTable] = parseDuration(part.slice(eq + 1));
  }
  return out;
}

const perTable = <T>(f: (t: RefreshableTable) => T) =>
  Object.fromEntries(REFRESHABLE_TABLES.map((t) => [t, f(t)])) as Record<RefreshableTable, T>;

const perTableDurations = (defaults: Record<RefreshableTable, number>) => setting((v) => parsePerTable(v, defaults), defaults);

/** Env name of a file's address: TDS_REFERENCE_URL_SANCTIONS_OFAC_SDN_CSV, or without the key for one-file tables. */
export function sourceEnvName(table: RefreshableTable, key: string, onlyFile: boolean): string {
  const up = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, "_");
  return onlyFile ? `TDS_REFERENCE_URL_${up(table)}` : `TDS_REFERENCE_URL_${up(table)}_${up(key)}`;
}

const sourceUrlVariables = Object.fromEntries(
  REFRESHABLE_TABLES.flatMap((t) => SOURCE_DEFAULTS[t].files.map((f, _, files) => [sourceEnvName(t, f.key, files.length === 1), text()])),
) as Record<string, ReturnType<typeof text>>;

export const referenceRefreshVariables = {
  // Unset differs from off: the Supabase schedule runs unless it is off (docs/reference-data.md).
  TDS_REFERENCE_REFRESH: flag(),
  TDS_REFERENCE_DOWNLOAD: flag(),
  TDS_REFERENCE_MIRROR: text(),
  TDS_REFERENCE_REFRESH_INTERVALS: perTableDurations(perTable((t) => SOURCE_DEFAULTS[t].intervalDays * DAY_MS)),
  TDS_REFERENCE_STALE_MARGIN: perTableDurations(perTable(() => 2 * DAY_MS)),
  TDS_REFERENCE_MAX_SHRINK: fraction(0.1),
  TDS_REFERENCE_TIMEOUT: duration(5 * MINUTE_MS),
  TDS_REFERENCE_RETRY: duration(15 * MINUTE_MS),
  ...sourceUrlVariables,
};

export function referenceRefreshSettings(v: Vars<typeof referenceRefreshVariables>): ReferenceRefreshSettings {
  // A mirror behind a firewall: <mirror>/<table>/<file key>, e.g. https://mirror.internal/reference/sanctions_ofac/sdn.csv.
  const mirror = v.TDS_REFERENCE_MIRROR?.trim().replace(/\/+$/, "") || undefined;
  const named = v as unknown as Readonly<Record<string, string | undefined>>;
  const sources = perTable((t) => {
    const files = SOURCE_DEFAULTS[t].files;
    return files.map((f) => ({
      key: f.key,
      url: named[sourceEnvName(t, f.key, files.length === 1)]?.trim() || (mirror ? `${mirror}/${t}/${f.key}` : f.url),
      optional: f.optional === true,
    }));
  });
  return {
    enabled: v.TDS_REFERENCE_REFRESH ?? false,
    explicitlyOff: v.TDS_REFERENCE_REFRESH === false,
    downloadAtStart: v.TDS_REFERENCE_DOWNLOAD ?? true,
    sources,
    intervalMs: v.TDS_REFERENCE_REFRESH_INTERVALS,
    staleMarginMs: v.TDS_REFERENCE_STALE_MARGIN,
    minRows: perTable((t) => SOURCE_DEFAULTS[t].minRows),
    maxShrink: v.TDS_REFERENCE_MAX_SHRINK,
    timeoutMs: v.TDS_REFERENCE_TIMEOUT,
    retryMs: v.TDS_REFERENCE_RETRY,
    leaseMs: 15 * MINUTE_MS,
  };
}
