import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DENO, prepareDeployTree, type DeployTree } from "../../scripts/edge/deploy-tree.ts";
import { pdffonts, pdftotext } from "../support/pdf-tools.ts";

// What a deployed function does when it renders: Deno, the import map, no node_modules anywhere. The
// fonts are files of shared/pdf/fonts (bundled as static_files); they used to be read from
// node_modules by path, which exists only locally.
const SCRIPT = `
import { PDFDocument } from "pdf-lib";
import { fontkit, loadFontBytes } from "./shared/pdf/fonts.ts";
const fonts = await loadFontBytes();
const doc = await PDFDocument.create();
doc.registerFontkit(fontkit);
const font = await doc.embedFont(fonts.regular, { subset: true });
doc.addPage().drawText("Łódź Müller Σ Ж", { x: 40, y: 700, size: 14, font });
await Deno.writeFile(Deno.args[0], await doc.save());
console.log("written");
`;

// The flattener as flatten-document runs it: a value the document's fonts lack (∰) makes it import fontkit
// and the font file on demand (a dynamic import) and embed its own DejaVu Sans subset.
const FLATTEN_SCRIPT = `
import { PDFDocument, StandardFonts } from "pdf-lib";
import { flattenToPdfA } from "./shared/pdf/flatten-to-pdfa.ts";
const doc = await PDFDocument.create();
const page = doc.addPage();
const field = doc.getForm().createTextField("exporter.address");
field.addToPage(page, { x: 40, y: 700, width: 300, height: 20, font: await doc.embedFont(StandardFonts.Helvetica) });
field.setText("Łódź ∰"); // no appearance: Helvetica cannot show it
const input = await doc.save({ updateFieldAppearances: false });
await Deno.writeFile(Deno.args[0], await flattenToPdfA(input, { now: new Date("2026-01-01T00:00:00Z") }));
console.log("written");
`;

function runDeno(tree: DeployTree, script: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(DENO, ["run", "--allow-read", "--allow-write", "--allow-env", "--import-map", tree.importMap, script, ...args], {
      cwd: tree.dir,
      env: tree.env,
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (c) => resolve({ code: c, out }));
  });
}

describe("fonts in a deployed function", () => {
  let tree: DeployTree;
  beforeAll(async () => {
    tree = await prepareDeployTree();
  });
  afterAll(async () => {
    await tree?.remove();
  });

  it("load without node_modules and embed DejaVu Sans with the non-Latin text", async () => {
    await writeFile(join(tree.dir, "render-check.ts"), SCRIPT);
    const pdf = join(tree.dir, "out.pdf");
    const { code, out } = await runDeno(tree, "render-check.ts", [pdf]);
    expect(code, out).toBe(0);
    expect(pdffonts(pdf).map((f) => f.name)).toEqual([expect.stringMatching(/DejaVuSans/)]);
    expect(pdftotext(pdf)).toContain("Łódź Müller Σ Ж");
  }, 300_000);

  it("flatten to PDF/A loads fontkit and DejaVu Sans on demand and embeds them", async () => {
    await writeFile(join(tree.dir, "flatten-check.ts"), FLATTEN_SCRIPT);
    const pdf = join(tree.dir, "flat.pdf");
    const { code, out } = await runDeno(tree, "flatten-check.ts", [pdf]);
    expect(code, out).toBe(0);
    expect(pdffonts(pdf).map((f) => f.name)).toEqual(["TDSFLT+DejaVuSans"]);
    expect(pdftotext(pdf)).toContain("Łódź ∰");
  }, 300_000);
});
