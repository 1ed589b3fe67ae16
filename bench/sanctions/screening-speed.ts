/**
 * Speed of sanctions screening: index build time and memory, then the time to screen the three parties of
 * one shipment (exporter, importer, notify party) and one party alone with screenNames, p50 / p95 / p99 /
 * max over many iterations. Targets: ≤ 2 ms per shipment (OFAC), ≤ 5 ms p95 for one party against all lists.
 * The index holds the full OFAC data (SDN 2024-05-03 + alt 2026-06 + Consolidated 2025-12); with --all-lists
 * every list of ../shared/data as the service indexes them (OFAC + UN + EU + UK + CSL, all-list-entries.ts).
 *
 *   npx tsx bench/sanctions/screening-speed.ts [--iterations 2000] [--all-lists]
 *   NODE_OPTIONS=--expose-gc npx tsx bench/sanctions/screening-speed.ts   # more accurate memory figure
 */
import { loadavg } from "node:os";
import { loadOfacEntries } from "../../tests/support/ofac-entries.ts";
import { buildSanctionsIndex, screenNames } from "../../shared/screening/index/sanctions-index.ts";
import { loadAllListEntries } from "./all-list-entries.ts";

const args = process.argv.slice(2);
const i = args.indexOf("--iterations");
const ITERATIONS = Math.max(1000, Number(i >= 0 ? args[i + 1] : 2000));
const ALL_LISTS = args.includes("--all-lists");

const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  return process.memoryUsage().heapUsed;
};

const entries = ALL_LISTS ? (await loadAllListEntries()).all : loadOfacEntries().entries;
const heapBefore = heap();
const t0 = performance.now();
const index = buildSanctionsIndex(entries);
const buildMs = performance.now() - t0;
const heapAfter = heap();

/** Shipments of three parties: clean, with a listed party, with variants, with long and odd names. */
const SHIPMENTS: [string, string, string][] = [
  ["Siemens Healthineers AG", "Al Noor General Trading LLC", "Kuehne + Nagel (AG & Co.) KG"],
  ["Müller Maschinenbau GmbH & Co. KG", "Banco Nacional de Cuba", "DHL Global Forwarding (Netherlands) B.V."],
  ["Tata Steel Limited", "Mahan Air Cargo Services LLC", "Maersk A/S"],
  ["Shenzhen Everbright Electronics Co., Ltd.", "OOO Ромашка", "Mohammed Yahya Mujahid"],
  ["Global Trading Company Limited", "Sergey Ivanov", "International Shipping & Logistics Pte. Ltd."],
  ["Anglo Caribbean Company Limited", "Rosoboronexport JSC", "Hapag-Lloyd AG"],
  ["Société Générale de Transport S.A.", "Petropars UK Limited", "Ocean Network Express Pte. Ltd."],
  ["Al-Rashid Import Export Company W.L.L.", "Abu Yahya al-Libi", "Yang Ming Marine Transport Corporation"],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// Warm-up (JIT), not measured.
for (let k = 0; k < 300; k++) screenNames(index, SHIPMENTS[k % SHIPMENTS.length]);

const times: number[] = [];
let hits = 0;
const cpuStart = process.cpuUsage();
const wallStart = performance.now();
for (let k = 0; k < ITERATIONS; k++) {
  const parties = SHIPMENTS[k % SHIPMENTS.length];
  const s = performance.now();
  const r = screenNames(index, parties);
  times.push(performance.now() - s);
  for (const m of r.values()) if (m) hits++;
}
const cpu = process.cpuUsage(cpuStart);
const cpuMsPerShipment = (cpu.user + cpu.system) / 1000 / ITERATIONS;
const wallMsPerShipment = (performance.now() - wallStart) / ITERATIONS;
times.sort((a, b) => a - b);

// One party at a time (the parties of the shipments above in turn).
const PARTIES = SHIPMENTS.flat();
for (let k = 0; k < 300; k++) screenNames(index, [PARTIES[k % PARTIES.length]]);
const oneTimes: number[] = [];
const oneCpu0 = process.cpuUsage();
for (let k = 0; k < ITERATIONS; k++) {
  const s = performance.now();
  screenNames(index, [PARTIES[k % PARTIES.length]]);
  oneTimes.push(performance.now() - s);
}
const oneCpu = process.cpuUsage(oneCpu0);
oneTimes.sort((a, b) => a - b);

// Stress case: three parties made only of the most frequent tokens of the list (many candidates each).
const STRESS: [string, string, string] = ["Ahmed Mohammed Ali", "Mohammed Ali Hassan Al Ibrahim", "Abdul Rahman Al Hassan"];
for (let k = 0; k < 100; k++) screenNames(index, STRESS);
const stressTimes: number[] = [];
const stressCpu0 = process.cpuUsage();
for (let k = 0; k < 1000; k++) {
  const s = performance.now();
  screenNames(index, STRESS);
  stressTimes.push(performance.now() - s);
}
const stressCpu = process.cpuUsage(stressCpu0);
stressTimes.sort((a, b) => a - b);

const perName: { name: string; ms: number }[] = [];
for (const name of SHIPMENTS.flat()) {
  const runs: number[] = [];
  for (let k = 0; k < 200; k++) {
    const s = performance.now();
    screenNames(index, [name]);
    runs.push(performance.now() - s);
  }
  runs.sort((a, b) => a - b);
  perName.push({ name, ms: percentile(runs, 50) });
}
perName.sort((a, b) => b.ms - a.ms);

const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
console.log("# Sanctions screening speed");
console.log(
  `Node ${process.version}, ${process.platform}/${process.arch}${gc ? ", gc exposed" : " (run with NODE_OPTIONS=--expose-gc for a settled heap figure)"}`,
);
console.log(
  `${ALL_LISTS ? "All lists (OFAC + UN + EU + UK + CSL)" : "OFAC"}: entries: ${index.entries.length}; names indexed: ${index.names.length}; distinct tokens: ${index.vocabTokens.length}; deletion keys: ${index.deletions.size}`,
);
console.log(`Index build: ${buildMs.toFixed(0)} ms; heap growth: ${mb(heapAfter - heapBefore)} MB`);
console.log(`Screening 3 parties (screenNames), ${ITERATIONS} iterations over ${SHIPMENTS.length} shipments:`);
console.log(
  `  p50 ${percentile(times, 50).toFixed(3)} ms | p95 ${percentile(times, 95).toFixed(3)} ms | ` +
    `p99 ${percentile(times, 99).toFixed(3)} ms | max ${times[times.length - 1].toFixed(3)} ms  (target ≤ 2 ms)`,
);
console.log(
  `  mean wall ${wallMsPerShipment.toFixed(3)} ms, mean CPU ${cpuMsPerShipment.toFixed(3)} ms per shipment ` +
    `(CPU time is not inflated by other processes; load average during the run: ${loadavg()[0].toFixed(1)})`,
);
console.log(`  hits per shipment (average): ${(hits / ITERATIONS).toFixed(2)}`);
console.log(`Screening 1 party (screenNames), ${ITERATIONS} iterations over ${PARTIES.length} parties:`);
console.log(
  `  p50 ${percentile(oneTimes, 50).toFixed(3)} ms | p95 ${percentile(oneTimes, 95).toFixed(3)} ms | ` +
    `p99 ${percentile(oneTimes, 99).toFixed(3)} ms | max ${oneTimes[oneTimes.length - 1].toFixed(3)} ms; ` +
    `mean CPU ${((oneCpu.user + oneCpu.system) / 1000 / ITERATIONS).toFixed(3)} ms  (target p95 ≤ 5 ms against all lists)`,
);
console.log(`Stress shipment (${STRESS.join(" / ")}), 1000 iterations:`);
console.log(
  `  p50 ${percentile(stressTimes, 50).toFixed(3)} ms | p95 ${percentile(stressTimes, 95).toFixed(3)} ms | ` +
    `mean CPU ${((stressCpu.user + stressCpu.system) / 1000 / 1000).toFixed(3)} ms`,
);
console.log("Slowest single names (p50 of 200 runs):");
for (const p of perName.slice(0, 5)) console.log(`  ${p.ms.toFixed(3)} ms  ${p.name}`);
