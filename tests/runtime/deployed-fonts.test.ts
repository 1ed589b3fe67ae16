import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DENO, prepareDeployTree, type DeployTree } from "../../scripts/edge/deploy-tree.ts";
import { pdffonts, pdftotext } from "../support/pdf-tools.ts";

// What a deployed function does when it renders: Deno, the import map, no node_modules anywhere. The
// fonts are files of shared/documents/fonts (bundled as static_files); they used to be read from
// node_modules by path, which exists only locally.
const SCRIPT = `
import { PDFDocument } from "pdf-lib";
import { fontkit, loadFontBytes } from "./shared/documents/fonts.ts";
const fonts = await loadFontBytes();
const doc = await PDFDocument.create();
doc.registerFontkit(fontkit);
const font = await doc.embedFont(fonts.regular, { subset: true });
doc.addPage().drawText("Łódź Müller Σ Ж", { x: 40, y: 700, size: 14, font });
await Deno.writeFile(Deno.args[0], await doc.save());
console.log("written");
`;

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
    const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(
        DENO,
        ["run", "--allow-read", "--allow-write", "--allow-env", "--import-map", tree.importMap, "render-check.ts", pdf],
        { cwd: tree.dir, env: tree.env },
      );
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      child.on("exit", (c) => resolve({ code: c, out }));
    });
    expect(code, out).toBe(0);
    expect(pdffonts(pdf).map((f) => f.name)).toEqual([expect.stringMatching(/DejaVuSans/)]);
    expect(pdftotext(pdf)).toContain("Łódź Müller Σ Ж");
  }, 300_000);
});
