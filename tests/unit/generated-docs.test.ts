import { describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { GENERATED_DOCS } from "../../shared/docs/generated-docs.ts";
import { ERROR_CODES } from "../../shared/docs/error-catalogue.ts";

const root = join(import.meta.dirname, "../..");

describe("generated docs", () => {
  it.each(Object.keys(GENERATED_DOCS))("%s is up to date (run npm run docs:generate)", async (path) => {
    expect(await readFile(join(root, path), "utf8")).toBe(GENERATED_DOCS[path]());
  });

  it("the error table lists every code with its status", () => {
    const doc = GENERATED_DOCS["docs/errors.md"]();
    for (const [code, info] of Object.entries(ERROR_CODES)) expect(doc).toContain(`| ${info.status} | \`${code}\` |`);
  });
});
