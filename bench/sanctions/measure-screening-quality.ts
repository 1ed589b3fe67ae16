/**
 * Measures screening quality on the real OFAC data in ../shared/data/ofac:
 *  (a) recall: a deterministic sample of listed SDN entities and individuals, each turned into realistic
 *      variants (case, punctuation, accents, legal forms, token order, one-character typos, a missing middle
 *      name, simple transliteration changes, a combination); a variant counts as found when the entry it was
 *      made from is (one of) the best-scoring entries and the score is at or above the threshold;
 *  (b) false positives: tests/support/data/clean-company-names.txt, well-known organisations not on the list;
 *      a false positive is any match at or above the threshold.
 * Prints a threshold table and the details at the chosen threshold.
 *
 *   npx tsx bench/sanctions/measure-screening-quality.ts [--threshold 0.88] [--per-kind 200] [--verbose]
 * The variants are made in name-variants.ts, the clean names in clean-names.ts.
 */
import { loadOfacEntries, OFAC_FILES } from "../../tests/support/ofac-entries.ts";
import {
  buildSanctionsIndex,
  screenNameRanked,
  SANCTIONS_MATCH_THRESHOLD,
  MIN_TOKEN_SIMILARITY,
  type SanctionsEntry,
} from "../../shared/screening/index/sanctions-index.ts";
import { normalizeName } from "../../shared/screening/index/normalize-name.ts";
import { cleanCompanyNames, genericCompanyNames, listedNameKeys } from "./clean-names.ts";
import { embeddedVariantsFor, type Variant, variantsFor } from "./name-variants.ts";

const args = process.argv.slice(2);
const argValue = (flag: string): string | undefined => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const CHOSEN = Number(argValue("--threshold") ?? SANCTIONS_MATCH_THRESHOLD);
const PER_KIND = Number(argValue("--per-kind") ?? 200);
const VERBOSE = args.includes("--verbose");

// ---------------------------------------------------------------------------------------------------------
const { entries, stats } = loadOfacEntries();
const t0 = performance.now();
const index = buildSanctionsIndex(entries);
const buildMs = performance.now() - t0;

const numericUid = (e: SanctionsEntry) => Number(e.uid);
const sdnSorted = entries.filter((e) => e.list === "SDN").sort((a, b) => numericUid(a) - numericUid(b));
function everyKth(xs: SanctionsEntry[], n: number): SanctionsEntry[] {
  const k = Math.max(1, Math.floor(xs.length / n));
  const out: SanctionsEntry[] = [];
  for (let i = 0; i < xs.length && out.length < n; i += k) out.push(xs[i]);
  return out;
}
const sampleEntities = everyKth(
  sdnSorted.filter((e) => e.type !== "individual" && e.type !== "vessel" && e.type !== "aircraft"),
  PER_KIND,
);
const sampleIndividuals = everyKth(
  sdnSorted.filter((e) => e.type === "individual"),
  PER_KIND,
);
const sample = [...sampleEntities, ...sampleIndividuals];

interface Outcome {
  v: Variant;
  /** Top score (any entry), -1 when nothing passed the token gate. */
  top: number;
  /** True when the source entry is among the top-scoring entries. */
  correct: boolean;
  topName: string;
}
function evaluate(v: Variant): Outcome {
  const ranked = screenNameRanked(index, v.text, { threshold: 0, limit: 100 });
  if (ranked.length === 0) return { v, top: -1, correct: false, topName: "" };
  const top = ranked[0].score;
  const correct = ranked.some((m) => m.score === top && m.uid === v.uid);
  return { v, top, correct, topName: `${ranked[0].uid} ${ranked[0].matched_name}` };
}

const variants = sample.flatMap((e) => variantsFor(e));
const outcomes = variants.map(evaluate);
const embedded = sample.flatMap(embeddedVariantsFor).map(evaluate);

const cleanNames = cleanCompanyNames();
const cleanTop = cleanNames.map((n) => {
  const r = screenNameRanked(index, n, { threshold: 0, limit: 1 })[0];
  return { name: n, top: r ? r.score : -1, match: r ? `${r.uid} ${r.matched_name} [${r.program}]` : "" };
});

// Stress set: synthetic generic trade-company names ("Golden Star Trading LLC"). Not real companies, so a hit
// is not necessarily wrong (the list has generic names too): reported separately, with the hits listed.
const genericNames = genericCompanyNames();
const genericTop = genericNames.map((n) => {
  const r = screenNameRanked(index, n, { threshold: 0, limit: 1 })[0];
  return { name: n, top: r ? r.score : -1, match: r ? `${r.uid} ${r.matched_name} [${r.program}]` : "" };
});
const genericAt = (t: number) => genericTop.filter((c) => c.top >= t).length;

// Sanity check that no clean name is literally on the list (same token set after normalisation).
const listedKeys = listedNameKeys(entries);
const literallyListed = cleanNames.filter((n) => listedKeys.has(normalizeName(n).sortedKey));

// ---------------------------------------------------------------------------------------------------------
const pct = (x: number, n: number) => (n === 0 ? "–" : `${((100 * x) / n).toFixed(1)} %`);
const recallAt = (os: Outcome[], t: number) => os.filter((o) => o.correct && o.top >= t).length;
const fpAt = (t: number) => cleanTop.filter((c) => c.top >= t).length;

console.log(`# Sanctions screening quality`);
console.log(
  `Data: ${OFAC_FILES.sdn} + ${OFAC_FILES.alt}; ${OFAC_FILES.consPrim} + ${OFAC_FILES.consAlt}. ` +
    `${stats.sdnEntries} SDN + ${stats.consEntries} CONS entries, ${stats.aliases} aliases indexed ` +
    `(${stats.aliasesWithoutPrimary} alt rows skipped: their ent_num is not in these primary files). ` +
    `${index.names.length} distinct names indexed. Build ${buildMs.toFixed(0)} ms.`,
);
console.log(`MIN_TOKEN_SIMILARITY = ${MIN_TOKEN_SIMILARITY}; chosen threshold = ${CHOSEN}.`);
console.log(
  `Sample: ${sampleEntities.length} entities + ${sampleIndividuals.length} individuals (every k-th SDN entry by ent_num), ` +
    `${variants.length} variants (+ ${embedded.length} "embedded" variants reported separately). ` +
    `Clean names: ${cleanNames.length} (${literallyListed.length} literally listed${literallyListed.length ? `: ${literallyListed.join("; ")}` : ""}).`,
);
console.log("");
console.log(
  "| threshold | recall (all variants) | recall entities | recall individuals | embedded (not in headline) | false positives (clean names) | synthetic generic names flagged |",
);
console.log("|---|---|---|---|---|---|---|");
const entOut = outcomes.filter((o) => o.v.kind === "entity");
const indOut = outcomes.filter((o) => o.v.kind === "individual");
const THRESHOLDS = [0.8, 0.82, 0.84, 0.85, 0.86, 0.87, 0.875, 0.88, 0.89, 0.9, 0.92, 0.94, 0.96];
if (!THRESHOLDS.includes(CHOSEN)) THRESHOLDS.push(CHOSEN);
THRESHOLDS.sort((a, b) => a - b);
for (const tt of THRESHOLDS) {
  console.log(
    `| ${tt}${Math.abs(tt - CHOSEN) < 1e-9 ? " (chosen)" : ""} | ${pct(recallAt(outcomes, tt), outcomes.length)} | ` +
      `${pct(recallAt(entOut, tt), entOut.length)} | ${pct(recallAt(indOut, tt), indOut.length)} | ` +
      `${pct(recallAt(embedded, tt), embedded.length)} | ${fpAt(tt)}/${cleanTop.length} = ${pct(fpAt(tt), cleanTop.length)} | ` +
      `${genericAt(tt)}/${genericTop.length} = ${pct(genericAt(tt), genericTop.length)} |`,
  );
}
console.log("");
console.log(`## By variant category at threshold ${CHOSEN}`);
console.log("| category | variants | found | recall |");
console.log("|---|---|---|---|");
const categories = [...new Set([...outcomes, ...embedded].map((o) => o.v.category))];
for (const c of categories) {
  const os = [...outcomes, ...embedded].filter((o) => o.v.category === c);
  const found = recallAt(os, CHOSEN);
  console.log(`| ${c} | ${os.length} | ${found} | ${pct(found, os.length)} |`);
}
console.log(
  `| **all (excluding embedded)** | ${outcomes.length} | ${recallAt(outcomes, CHOSEN)} | ${pct(recallAt(outcomes, CHOSEN), outcomes.length)} |`,
);
const wrongEntry = outcomes.filter((o) => !o.correct && o.top >= CHOSEN).length;
console.log("");
console.log(`Variants flagged but attributed to another entry (counted as misses): ${wrongEntry}.`);
console.log(`False positives at ${CHOSEN}: ${fpAt(CHOSEN)} of ${cleanTop.length} (${pct(fpAt(CHOSEN), cleanTop.length)}).`);
for (const c of cleanTop.filter((c) => c.top >= CHOSEN)) console.log(`  FP: "${c.name}" → ${c.match} (${c.top})`);
const near = cleanTop.filter((c) => c.top >= CHOSEN - 0.1 && c.top < CHOSEN).sort((a, b) => b.top - a.top);
console.log(`Synthetic generic names flagged at ${CHOSEN}: ${genericAt(CHOSEN)} of ${genericTop.length}.`);
for (const c of genericTop.filter((c) => c.top >= CHOSEN)) console.log(`  generic: "${c.name}" → ${c.match} (${c.top})`);
console.log(`Clean names scoring within 0.10 below the threshold: ${near.length}`);
for (const c of near.slice(0, 15)) console.log(`  near: "${c.name}" → ${c.match} (${c.top})`);
if (VERBOSE) {
  console.log("\n## Missed variants");
  for (const o of [...outcomes, ...embedded].filter((o) => !(o.correct && o.top >= CHOSEN))) {
    console.log(`  [${o.v.category}] ${o.v.uid} "${o.v.text}" → top ${o.top} ${o.correct ? "(right entry, below threshold)" : o.topName}`);
  }
}
