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
