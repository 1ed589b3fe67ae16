import type { ReferenceRefreshSettings } from "../../runtime/config/reference-refresh-settings.ts";
import type { RefreshState } from "./refresh-state.ts";
import type { RefreshableTable } from "../sources/registry.ts";

/** When a table may be refreshed next: its interval after the last success, or a growing retry delay after failures. */
export function nextRefreshAt(
  state: RefreshState | undefined,
  importedAt: string | null,
  settings: ReferenceRefreshSettings,
  table: RefreshableTable,
): number {
  const interval = settings.intervalMs[table];
  const checked = Math.max(Date.parse(state?.lastCheckedAt ?? "") || 0, Date.parse(importedAt ?? "") || 0);
  const dueByInterval = checked === 0 ? 0 : checked + interval;
  if (!state || state.consecutiveFailures === 0 || !state.lastAttemptAt) return dueByInterval;
  const backoff = Math.min(settings.retryMs * 2 ** Math.min(state.consecutiveFailures - 1, 20), interval);
  return Math.max(dueByInterval, Date.parse(state.lastAttemptAt) + backoff);
}
