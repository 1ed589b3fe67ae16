import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where browser tests write their screenshots: docs/<folder>/ with UPDATE_SCREENSHOTS=1 (the images in
 * docs/dashboard.md, docs/verification.md), otherwise a temporary folder, so that a test run never
 * rewrites committed files.
 */
export function screenshotDir(folder: "dashboard" | "verification" = "dashboard"): string {
  if (process.env.UPDATE_SCREENSHOTS === "1") return fileURLToPath(new URL(`../../docs/${folder}/`, import.meta.url));
  return mkdtempSync(join(tmpdir(), "tds-dashboard-shots-"));
}
