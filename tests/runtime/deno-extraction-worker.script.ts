// Run by deno-extraction-worker.test.ts under Deno, with the permissions of `deno task start`: the
// isolated extraction (worker thread, budgets) on a normal PDF, two bombs and a time limit; prints JSON.
import { extractionConfigWith } from "../../shared/extraction/extraction-config.ts";
import { runIsolatedExtraction, stopIsolatedExtraction } from "../../shared/extraction/isolation/isolated-extraction.ts";
import { makeShipment } from "../support/extraction-corpus/corpus-data.ts";
import { boxedEnglish } from "../support/extraction-corpus/pdf-styles.ts";
import { pdfStreamBomb, xlsxBomb } from "../support/bombs.ts";

const config = extractionConfigWith({ extractor: "builtin" });
const pdf = (await boxedEnglish(makeShipment(4))).bytes;
const message = (p: Promise<unknown>) =>
  p.then(
    () => "completed",
    (e: Error) => e.message,
  );
const out = {
  normal: (await runIsolatedExtraction(pdf, "pdf", config)).source,
  pdfBomb: await message(runIsolatedExtraction(pdfStreamBomb(1024 ** 3), "pdf", config)),
  xlsxBomb: await message(runIsolatedExtraction(xlsxBomb(1.1 * 1024 ** 3, true), "xlsx", config)),
  time: await message(runIsolatedExtraction(pdf, "pdf", { ...config, budgets: { ...config.budgets, timeLimitMs: 1 } })),
};
await stopIsolatedExtraction();
console.log(`RESULT ${JSON.stringify(out)}`);
