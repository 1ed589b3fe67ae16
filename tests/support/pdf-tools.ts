/** Runs the poppler / qpdf / zbar command-line tools on rendered PDFs (apt: qpdf poppler-utils zbar-tools). */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const REQUIRED_TOOLS = ["qpdf", "pdffonts", "pdftotext", "pdftoppm", "zbarimg"] as const;

export function missingTools(): string[] {
  return REQUIRED_TOOLS.filter((tool) => spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0);
}

export class PdfWorkspace {
  readonly dir = mkdtempSync(join(tmpdir(), "tds-docs-"));
  private count = 0;

  write(bytes: Uint8Array, name = `doc-${++this.count}`): string {
    const file = join(this.dir, `${name}.pdf`);
    writeFileSync(file, bytes);
    return file;
  }

  cleanup(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** `qpdf --check`: exit status and output. */
export function qpdfCheck(file: string): { status: number | null; output: string } {
  const run = spawnSync("qpdf", ["--check", file], { encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

export interface FontRow {
  name: string;
  type: string;
  embedded: boolean;
  subset: boolean;
}

export function pdffonts(file: string): FontRow[] {
  const out = execFileSync("pdffonts", [file], { encoding: "utf8" });
  return out
    .split("\n")
    .slice(2)
    .filter((line) => line.trim().length > 0)
    .map((line) => {
      const tokens = line.trim().split(/\s+/);
      // name type… encoding emb sub uni object gen
      return {
        name: tokens[0],
        type: tokens.slice(1, -6).join(" "),
        embedded: tokens[tokens.length - 5] === "yes",
        subset: tokens[tokens.length - 4] === "yes",
      };
    });
}

export function pdftotext(file: string): string {
  return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
}

/** Decodes the QR codes of page `page` rendered at `dpi` with zbarimg; returns the decoded texts. */
export function decodeQr(file: string, dpi = 150, page = 1): string[] {
  const prefix = `${file}-p${page}-${dpi}`;
  execFileSync("pdftoppm", ["-r", String(dpi), "-png", "-f", String(page), "-l", String(page), "-singlefile", file, prefix]);
  const run = spawnSync("zbarimg", ["--quiet", "--raw", `${prefix}.png`], { encoding: "utf8" });
  return run.stdout
    .split("\n")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
