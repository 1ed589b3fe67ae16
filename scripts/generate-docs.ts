// npm run docs:generate — rewrites the generated docs pages from their single sources.
import { writeFile } from "node:fs/promises";
import { GENERATED_DOCS } from "../shared/docs/generated-docs.ts";

for (const [path, render] of Object.entries(GENERATED_DOCS)) {
  await writeFile(new URL(`../${path}`, import.meta.url), render());
  console.log(`wrote ${path}`);
}
