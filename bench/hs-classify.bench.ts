/**
 * HS classify (issue 41) on HSCodeComp's development half (../shared/data/peers/hscodecomp-dev/: 300 shop
 * listings with the 10-digit US HTS code experts assigned; read here, never copied). Each listing is sent
 * as POST /classify would get it from a shop: the title as `description`, its attributes with their keys
 * in snake case ("Item Type" → item_type) and the shop's category path as `category`, country=US.
 *
 * Figures: the right 10-digit line first, the right subheading first and among the first five; then an
 * oracle that answers the first question of each answer as the right line would (the option keeping the
 * right code) for at most three rounds: the right 10-digit line first after them. Latency: every classify
 * call (the first round of a listing is a text the process has not seen; the answer rounds reuse its
 * candidates), and the load average.
 *
 *   npm run bench -- hs-classify [-- --limit N] [--no-attributes] [--no-price] [--verbose]
 *   DATABASE_URL=postgres://… npm run bench -- hs-classify
 */
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { classifyHsCode, type ClassifyResponse } from "../shared/hs-codes/classify/classify-service.ts";
import { openHsBenchDatabase } from "./hs-bench-database.ts";
import { REFERENCE_DIR, summarise, table } from "./support.ts";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const LIMIT = Number(option("--limit") ?? Infinity);
const OFFSET = Number(option("--offset") ?? 0);
const VERBOSE = args.includes("--verbose");
const ATTRIBUTES = !args.includes("--no-attributes");
const PRICE = !args.includes("--no-price");
const ROUNDS = 3;

interface Listing {
  title: string;
  code: string;
  attributes: Record<string, string>;
}

/** A shop's attribute name as a snake-case key ("Package size - length (cm)" → package_size_length_cm). */
const snake = (k: string) =>
  k
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .replace(/^([0-9])/, "a_$1")
    .slice(0, 60);

function readListings(file: string): Listing[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .map((r) => {
      let raw: Record<string, unknown> = {};
      try {
        raw = JSON.parse(String(r.product_attributes ?? "{}")) as Record<string, unknown>;
      } catch {
        raw = {};
      }
      const attributes: Record<string, string> = {};
      for (const [k, v] of Object.entries(raw)) {
        const key = snake(k);
        if (/^[a-z]/.test(key) && typeof v === "string" && Object.keys(attributes).length < 37) attributes[key] = v.slice(0, 300);
      }
      const levels = [1, 2, 3, 4, 5].map((n) => r[`cate_lv${n}_desc`]).filter((v): v is string => typeof v === "string" && v !== "");
      const category = levels.filter((v, i) => v !== levels[i - 1]).join(" > ");
      if (category) attributes.category = category.slice(0, 300);
      // The listing's price, as a shop holds it beside the attributes (value conditions: value-condition.ts).
      if (PRICE && typeof r.price === "number" && typeof r.currency_code === "string") {
        attributes.price = String(r.price);
        attributes.currency = r.currency_code;
      }
      return { title: String(r.product_name), code: String(r.hs_code).padStart(10, "0"), attributes };
    });
}

const file = join(REFERENCE_DIR, "peers", "hscodecomp-dev", "hscodecomp-dev.jsonl");
if (!existsSync(file)) {
  console.error(`No ${file} (set TDS_REFERENCE_DIR).`);
  process.exit(2);
}
const listings = readListings(file).slice(OFFSET, OFFSET + LIMIT);
const { db, label, close } = await openHsBenchDatabase([
  "hs_codes_wco",
  "hs_codes_us",
  "hs_codes_eu",
  "hs_codes_uk",
  "hs_codes_in",
  "hs_search_references",
]);
// Warm-up: the schedule's index and vocabulary are loaded once per process.
await classifyHsCode(db, { description: "cotton t-shirt", country: "US" });
const load0 = loadavg()[0];
const c = { n: 0, first10: 0, first6: 0, top5six: 0, oracle10: 0, asked: 0, resolved: 0, rounds: 0 };
const first: number[] = [];
const answerRounds: number[] = [];
// CPU of this process per call (user + system; PGlite runs in it, a PostgreSQL server does not): under
// load, wall time is mostly waiting for a core, CPU time much less so.
const firstCpu: number[] = [];
const answerCpu: number[] = [];
const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};
const hit = (n: number, want: string) => (code: string) => code.length >= n && code.slice(0, n) === want.slice(0, n);
for (const l of listings) {
  const call = async (answers: Array<{ question_id: string; option_id: string }>) =>
    classifyHsCode(db, { description: l.title, country: "US", attributes: ATTRIBUTES ? l.attributes : {}, answers });
  let t0 = performance.now();
  let c0 = process.cpuUsage();
  let r: ClassifyResponse = await call([]);
  first.push(performance.now() - t0);
  firstCpu.push(cpuMs(c0));
  c.n++;
  const codes = r.candidates.map((x) => x.code);
  if (codes[0] === l.code) c.first10++;
  if (codes.length > 0 && hit(6, l.code)(codes[0])) c.first6++;
  if (codes.slice(0, 5).some(hit(6, l.code))) c.top5six++;
  const answers: Array<{ question_id: string; option_id: string }> = [];
  if (r.questions.length > 0) c.asked++;
  for (let round = 0; round < ROUNDS && !r.resolved && r.questions.length > 0; round++) {
    const q = r.questions[0];
    const o = q.options.find((x) => x.codes.includes(l.code));
    if (!o) break;
    answers.push({ question_id: q.id, option_id: o.id });
    t0 = performance.now();
    c0 = process.cpuUsage();
    r = await call(answers);
    answerRounds.push(performance.now() - t0);
    answerCpu.push(cpuMs(c0));
    c.rounds++;
  }
  if (r.candidates[0]?.code === l.code) c.oracle10++;
  if (r.resolved) c.resolved++;
  if (VERBOSE) {
    const mark =
      codes[0] === l.code
        ? "LINE"
        : codes.length > 0 && hit(6, l.code)(codes[0])
          ? "SUB "
          : codes.slice(0, 5).some(hit(6, l.code))
            ? "TOP5"
            : "MISS";
    console.log(
      `${mark} want ${l.code} "${l.title.slice(0, 90)}"\n     got ${codes.slice(0, 5).join(" ")} | oracle ${r.candidates[0]?.code ?? "-"} after ${answers.length}`,
    );
  }
}
const pct = (a: number) => (c.n === 0 ? "–" : `${((100 * a) / c.n).toFixed(1)}%`);
const t1 = summarise(first);
const t2 = summarise(answerRounds);
const all = summarise([...first, ...answerRounds]);
const cpu1 = summarise(firstCpu);
const cpu2 = summarise(answerCpu);
console.log(
  `\nHS classify on HSCodeComp, development half (${c.n} listings, country=US, ${ATTRIBUTES ? "title + attributes" : "title only"}), ${label}`,
);
console.log(
  table(
    ["10-digit first", "subheading first", "subheading top-5", "oracle ≤3 rounds: 10-digit first", "asked", "resolved at the end"],
    [[pct(c.first10), pct(c.first6), pct(c.top5six), pct(c.oracle10), pct(c.asked), pct(c.resolved)]],
  ),
);
console.log(
  table(
    ["calls", "p50 ms", "p95 ms", "max ms", "CPU p50 ms", "CPU p95 ms"],
    [
      [
        `first round (${t1.n}, texts new to the process)`,
        t1.p50.toFixed(1),
        t1.p95.toFixed(1),
        t1.max.toFixed(1),
        cpu1.p50.toFixed(1),
        cpu1.p95.toFixed(1),
      ],
      [`answer rounds (${t2.n})`, t2.p50.toFixed(1), t2.p95.toFixed(1), t2.max.toFixed(1), cpu2.p50.toFixed(1), cpu2.p95.toFixed(1)],
      [`every call (${all.n})`, all.p50.toFixed(1), all.p95.toFixed(1), all.max.toFixed(1), "", ""],
    ],
  ),
);
console.log(`load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}`);
await close();
