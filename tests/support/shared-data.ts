import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The workspace's real reference files (../shared/data beside the repository, see its SOURCES.md). A bare
 * checkout has none: the real-data suites are then skipped locally, and the global setup fails the run
 * when CI is set, so that CI cannot be green without them.
 */
export const SHARED_DATA = fileURLToPath(new URL("../../../shared/data/", import.meta.url));
export const hasSharedData = existsSync(SHARED_DATA);
/** A file of ../shared/data (path relative to it). */
export const sharedDataFile = (rel: string): string => `${SHARED_DATA}${rel}`;

/** Why a suite or test is skipped in a clone without ../shared/data (shown in its name, counted as skipped). */
export const NEEDS_SHARED_DATA = "needs ../shared/data (the workspace's reference data), which is not beside this clone";

/** The name of a suite or test that needs ../shared/data, with the reason it is skipped when `available` is false. */
export function sharedDataName(name: string, available = hasSharedData): string {
  return available ? name : `${name} [skipped: ${NEEDS_SHARED_DATA}]`;
}
