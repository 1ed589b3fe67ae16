// `npm test` runs this first (pretest): the system tools the tests call, installed when missing.
// As root on Debian/Ubuntu it installs them with apt-get; otherwise it stops with the command to run.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Each tool the tests call, and the Debian package that brings it. */
export const TEST_TOOLS: ReadonlyArray<{ command: string; pkg: string }> = [
  { command: "qpdf", pkg: "qpdf" },
  { command: "pdftotext", pkg: "poppler-utils" },
  { command: "pdfinfo", pkg: "poppler-utils" },
  { command: "pdftoppm", pkg: "poppler-utils" },
  { command: "pdffonts", pkg: "poppler-utils" },
  { command: "zbarimg", pkg: "zbar-tools" },
  { command: "pdftk", pkg: "pdftk-java" },
  { command: "transicc", pkg: "liblcms2-utils" },
  { command: "python3", pkg: "python3" }, // the PDF/A tests' XML well-formedness check
  { command: "xmllint", pkg: "libxml2-utils" }, // the e-invoice tests: the CII D16B schema
  { command: "java", pkg: "default-jre-headless" }, // Saxon-HE below
  { command: "curl", pkg: "curl" }, // the early-413 tests read the answer with curl too
];

/** Files the tests read that no command stands for, and the Debian package that brings each. */
export const TEST_FILES: ReadonlyArray<{ path: string; pkg: string }> = [
  { path: "/usr/share/java/Saxon-HE.jar", pkg: "libsaxonhe-java" }, // XSLT 2.0 Schematron runs (npm run einvoice:check)
];
/**
 * Python modules the credential tests import (independent JWS implementations), with Debian's
 * interpreter /usr/bin/python3 (tests/support/credential-checks.ts), and the package of each.
 */
export const PYTHON_MODULES: ReadonlyArray<{ module: string; pkg: string }> = [
  { module: "jwt", pkg: "python3-jwt" },
  { module: "jwcrypto", pkg: "python3-jwcrypto" },
];
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function hasPythonModule(module: string): boolean {
  return spawnSync("/usr/bin/python3", ["-c", `import ${module}`], { stdio: "ignore" }).status === 0;
}

function has(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

export function missingPackages(): string[] {
  const pkgs = TEST_TOOLS.filter((t) => !has(t.command)).map((t) => t.pkg);
  for (const f of TEST_FILES) if (!existsSync(f.path)) pkgs.push(f.pkg);
  if (!existsSync(CHROMIUM)) pkgs.push("chromium");
  for (const m of PYTHON_MODULES) if (!hasPythonModule(m.module)) pkgs.push(m.pkg);
  return [...new Set(pkgs)];
}

/** Runs quietly; the output is shown only when the command fails. */
function run(cmd: string, args: string[]): boolean {
  const r = spawnSync(cmd, args, {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (r.status !== 0) process.stderr.write(`${r.stdout ?? ""}${r.stderr ?? ""}${r.error ? String(r.error) : ""}\n`);
  return r.status === 0;
}

const missing = missingPackages();
if (missing.length > 0) {
  const install = ["install", "-y", "--no-install-recommends", ...missing];
  const isRoot = process.getuid?.() === 0;
  if (isRoot && has("apt-get")) {
    console.log(`test prerequisites: installing ${missing.join(" ")} (apt-get)`);
    if (!run("apt-get", ["update", "-qq"]) || !run("apt-get", ["-qq", ...install]) || missingPackages().length > 0) {
      console.error(`test prerequisites: apt-get could not install ${missingPackages().join(" ")}`);
      process.exit(1);
    }
  } else {
    console.error(`test prerequisites: the tests call tools that are not installed (${missing.join(", ")}).`);
    console.error(
      has("apt-get")
        ? `Install them with:\n  sudo apt-get update && sudo apt-get ${install.join(" ")}`
        : `Install these Debian packages' equivalents for your system: ${missing.join(" ")} (or set CHROMIUM_PATH to a Chromium binary).`,
    );
    process.exit(1);
  }
}
