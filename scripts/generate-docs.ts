// npm run docs:generate — rewrites every generated file (docs pages, import map, edge functions) from its single source.
import { writeFile } from "node:fs/promises";
import { GENERATED_FILES } from "../shared/docs/generated-files.ts";

for (const [path, render] of Object.entries(GENERATED_FILES)) {
  await writeFile(new URL(`../${path}`, import.meta.url), render());
  console.log(`wrote ${path}`);
}
