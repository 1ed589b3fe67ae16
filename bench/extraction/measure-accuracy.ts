/**
 * npx tsx bench/extraction/measure-accuracy.ts [--regenerate] [--verbose]
 *
 * Field-level precision and recall of the built-in extractor on the labelled corpus, per input kind,
 * plus how well confidence separates right values from wrong ones. Generates the corpus first when
 * bench/extraction/corpus/index.json is missing (or with --regenerate).
 *
 * A predicted value equal to the label (text compared case- and accent-insensitively with punctuation
 * ignored; numbers to ±0.005) is a true positive; a different value is a false positive and a false
 * negative; a missing value a false negative; a value for a path the label does not have a false positive.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { extractionConfigWith } from "../../shared/extraction/extraction-config.ts";
import { flattenResultTree } from "../../shared/extraction/extraction-result.ts";
import { sniffFileKind, type FileKind } from "../../shared/extraction/file-kinds.ts";
import { terminateOcr } from "../../shared/extraction/readers/ocr-reader.ts";
import { runExtraction } from "../../shared/extraction/run-extraction.ts";
import { CORPUS_DIR, generateCorpus, type CorpusEntry, type CorpusKind } from "./generate-corpus.ts";
import { precisionRecall, sameValue, scoreExtraction } from "../../tests/support/extraction-corpus/score.ts";

export interface KindReport {
  kind: CorpusKind;
  documents: number;
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
  /** Mean confidence of right values and of wrong ones. */
  confidenceRight: number;
  confidenceWrong: number;
}

export async function measureAccuracy(
  options: { regenerate?: boolean; verbose?: boolean; only?: string } = {},
): Promise<{ kinds: KindReport[]; total: KindReport; documents: number }> {
  const index = join(CORPUS_DIR, "index.json");
  if (options.regenerate || !existsSync(index)) await generateCorpus(CORPUS_DIR, () => {});
  const list = JSON.parse(readFileSync(index, "utf8")) as { id: string }[];
  const config = extractionConfigWith({ extractor: "builtin" });
  const byKind = new Map<CorpusKind, { docs: number; tp: number; fp: number; fn: number; right: number[]; wrong: number[] }>();
  for (const { id } of list) {
    if (options.only && !id.includes(options.only)) continue;
    const entry = JSON.parse(readFileSync(join(CORPUS_DIR, `${id}.json`), "utf8")) as CorpusEntry;
    const bytes = new Uint8Array(readFileSync(join(CORPUS_DIR, entry.file)));
    const kind = sniffFileKind(bytes) as FileKind;
    const agg = byKind.get(entry.kind) ?? { docs: 0, tp: 0, fp: 0, fn: 0, right: [], wrong: [] };
    byKind.set(entry.kind, agg);
    agg.docs++;
    let result: unknown = {};
    try {
      result = (await runExtraction(bytes, kind, config)).result;
    } catch (e) {
      if (options.verbose) console.log(`${id}: failed: ${(e as Error).message}`);
    }
    const s = scoreExtraction(result, entry.expected);
    agg.tp += s.tp;
    agg.fp += s.fp;
    agg.fn += s.fn;
    for (const [path, v] of Object.entries(flattenResultTree(result))) {
      const want = entry.expected[path];
      (want !== undefined && sameValue(want, v.value) ? agg.right : agg.wrong).push(v.confidence);
    }
    if (options.verbose) {
      const pr = precisionRecall(s);
      console.log(`${id}: P ${pr.precision.toFixed(2)} R ${pr.recall.toFixed(2)}`, s.mismatches.length ? JSON.stringify(s.mismatches) : "");
    }
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
  const report = (
    kind: CorpusKind,
    a: { docs: number; tp: number; fp: number; fn: number; right: number[]; wrong: number[] },
  ): KindReport => ({
    kind,
    documents: a.docs,
    tp: a.tp,
    fp: a.fp,
    fn: a.fn,
    ...precisionRecall(a),
    confidenceRight: mean(a.right),
    confidenceWrong: mean(a.wrong),
  });
  const order: CorpusKind[] = ["pdf-text", "xlsx", "xls", "image", "pdf-scanned"];
  const kinds = order.filter((k) => byKind.has(k)).map((k) => report(k, byKind.get(k)!));
  const all = [...byKind.values()].reduce(
    (t, a) => ({
      docs: t.docs + a.docs,
      tp: t.tp + a.tp,
      fp: t.fp + a.fp,
      fn: t.fn + a.fn,
      right: [...t.right, ...a.right],
      wrong: [...t.wrong, ...a.wrong],
    }),
    { docs: 0, tp: 0, fp: 0, fn: 0, right: [] as number[], wrong: [] as number[] },
  );
  return { kinds, total: report("pdf-text", all), documents: list.length };
}

export function accuracyTable(r: Awaited<ReturnType<typeof measureAccuracy>>): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const c = (x: number) => (Number.isNaN(x) ? "–" : x.toFixed(2));
  const label: Record<CorpusKind, string> = {
    "pdf-text": "PDF, text layer",
    xlsx: "XLSX",
    xls: "XLS (BIFF8)",
    image: "Image (PNG/JPG/TIFF, OCR)",
    "pdf-scanned": "Scanned PDF (OCR)",
  };
  const rows = r.kinds.map(
    (k) =>
      `| ${label[k.kind]} | ${k.documents} | ${k.tp + k.fn} | ${pct(k.precision)} | ${pct(k.recall)} | ${c(k.confidenceRight)} | ${c(k.confidenceWrong)} |`,
  );
  const t = r.total;
  return [
    "| Input kind | Documents | Labelled fields | Precision | Recall | Mean confidence, right values | Mean confidence, wrong values |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...rows,
    `| **All** | ${t.documents} | ${t.tp + t.fn} | ${pct(t.precision)} | ${pct(t.recall)} | ${c(t.confidenceRight)} | ${c(t.confidenceWrong)} |`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureAccuracy({
    regenerate: process.argv.includes("--regenerate"),
    verbose: process.argv.includes("--verbose"),
    only: process.argv.find((a) => a.startsWith("--only="))?.slice(7),
  });
  await terminateOcr();
  console.log(`\nBuilt-in extractor, ${r.documents} labelled documents (bench/extraction/corpus)\n`);
  console.log(accuracyTable(r));
}
