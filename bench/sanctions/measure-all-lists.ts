/**
 * Screening of names from every list (issue 37), against one index of all of them as the service builds it
 * after `npm run reference:import -- --dir ../shared/data` (all-list-entries.ts: OFAC + UN + EU + UK + the
 * CSL without its Treasury rows):
 *  (a) recall per list (the CSL per sub-list) and per variant kind: a deterministic sample of each list's
 *      individuals and organisations (every k-th in a fixed order: a numeric identifier, else a hash of it; up to --per-kind of each), turned into the
 *      variants of measure-screening-quality.ts and the name forms of measure-name-forms.ts
 *      (name-variants.ts). A variant is found when the finding screening gives for it (screenName: the best
 *      entry and every other at or above the threshold, as one finding per party names them) names the
 *      entry it was made from; "flagged" counts a finding of any entry (the same party listed elsewhere
 *      under another spelling, say);
 *  (b) false positives of the clean-name sets (clean-names.ts) against the all-lists index, beside the
 *      OFAC-only index.
 * Names without a comma ("ERIC BADEGE" on the UN list) are read as given names then a one-word surname.
 *
 *   npx tsx bench/sanctions/measure-all-lists.ts [--per-kind 200] [--verbose]
 */
import {
  buildSanctionsIndex,
  SANCTIONS_MATCH_THRESHOLD,
  type SanctionsEntry,
  type SanctionsIndex,
  screenName,
} from "../../shared/screening/index/sanctions-index.ts";
import { loadAllListEntries } from "./all-list-entries.ts";
import { cleanCompanyNames, genericCompanyNames, listedNameKeys, personalNames } from "./clean-names.ts";
import {
  everyKth,
  hasPatronymic,
  innerWordVariants,
  nameFormVariants,
  type PersonNameOptions,
  particleVariants,
  uidNumber,
  variantsFor,
} from "./name-variants.ts";

const args = process.argv.slice(2);
const flag = (f: string) => (args.includes(f) ? args[args.indexOf(f) + 1] : undefined);
const PER_KIND = Number(flag("--per-kind") ?? 200) || 200;
const VERBOSE = args.includes("--verbose");

const loaded = await loadAllListEntries();
const t0 = performance.now();
const index = buildSanctionsIndex(loaded.all);
const buildMs = performance.now() - t0;
const ofacIndex = buildSanctionsIndex(loaded.ofac);

interface Probe {
  list: string;
  uid: string;
  kind: string;
  text: string;
}

const isParty = (e: SanctionsEntry) => e.type !== "vessel" && e.type !== "aircraft";
const byUid = (a: SanctionsEntry, b: SanctionsEntry) => uidNumber(a.uid) - uidNumber(b.uid) || a.uid.localeCompare(b.uid);

/** The probes of one list: every variant kind of both benchmarks, on a sample of its individuals and organisations. */
function probesOf(list: string, entries: SanctionsEntry[], options: PersonNameOptions): Probe[] {
  const sorted = entries.filter(isParty).sort(byUid);
  const individuals = sorted.filter((e) => e.type === "individual");
  const organisations = sorted.filter((e) => e.type !== "individual");
  const sample = [...everyKth(organisations, PER_KIND), ...everyKth(individuals, PER_KIND)];
  const out: Probe[] = [];
  for (const e of sample) for (const v of variantsFor(e, options)) out.push({ list, uid: e.uid, kind: v.category, text: v.text });
  const forms = [
    ...everyKth(individuals, PER_KIND)
      .flatMap((e) => nameFormVariants(e, options))
      .filter((v) => v.form !== "surname + patronymic"),
    ...everyKth(
      individuals.filter((e) => hasPatronymic(e, options)),
      PER_KIND,
    )
      .flatMap((e) => nameFormVariants(e, options))
      .filter((v) => v.form === "surname + patronymic"),
    ...everyKth(particleVariants(individuals, options), PER_KIND),
    ...everyKth(innerWordVariants(organisations), PER_KIND),
  ];
  for (const v of forms) out.push({ list, uid: v.uid, kind: `form: ${v.form}`, text: v.text });
  return out;
}

// OFAC: as measure-screening-quality.ts samples it (SDN, "SURNAME, Given" names); each other list per
// display list (the CSL's sub-lists apart).
const groups = new Map<string, SanctionsEntry[]>();
groups.set(
  "OFAC SDN",
  loaded.ofac.filter((e) => e.list === "SDN"),
);
for (const l of loaded.lists) for (const e of l.entries) groups.set(e.list, [...(groups.get(e.list) ?? []), e]);
const probes = [...groups].flatMap(([list, entries]) => probesOf(list, entries, { givenFirst: list !== "OFAC SDN" }));
const ofacList = (e: { list: string }) => (e.list === "SDN" ? "OFAC SDN" : e.list);

interface Outcome {
  probe: Probe;
  found: boolean;
  flagged: string | null;
}
function evaluate(idx: SanctionsIndex, p: Probe): Outcome {
  const m = screenName(idx, p.text);
  if (!m) return { probe: p, found: false, flagged: null };
  const named = [m, ...(m.also ?? [])].some((x) => x.uid === p.uid && ofacList(x) === p.list);
  return { probe: p, found: named, flagged: `${ofacList(m)} ${m.uid} ${m.matched_name} (${m.score})` };
}
const outcomes = probes.map((p) => evaluate(index, p));

const pct = (a: number, n: number) => (n === 0 ? "–" : `${((100 * a) / n).toFixed(1)} %`);
const lists = [...groups.keys()].filter((l) => probes.some((p) => p.list === l));
const isForm = (o: Outcome) => o.probe.kind.startsWith("form: ");
const recallOf = (os: Outcome[]) => pct(os.filter((o) => o.found).length, os.length);
const sampled = (list: string) => {
  const es = (groups.get(list) ?? []).filter(isParty);
  const ind = es.filter((e) => e.type === "individual").length;
  return `${Math.min(ind, PER_KIND)} of ${ind} ind., ${Math.min(es.length - ind, PER_KIND)} of ${es.length - ind} org.`;
};

console.log(`# Screening of every list's names against all lists (threshold ${SANCTIONS_MATCH_THRESHOLD})`);
console.log(
  `Index of all lists: ${index.entries.length} entries (${loaded.ofac.length} OFAC; ${loaded.lists
    .map((l) => `${l.entries.length} ${l.table.replace("sanctions_", "")} from ${l.file}`)
    .join("; ")}), ${index.names.length} names; build ${buildMs.toFixed(0)} ms.`,
);
console.log("");
console.log(
  "| list | sample | variants | found (named in the finding) | recall | recall, quality variants | recall, name forms | flagged (any entry) |",
);
console.log("|---|---|---|---|---|---|---|---|");
const summary = (label: string, sample: string, os: Outcome[]) => {
  const found = os.filter((o) => o.found).length;
  const flagged = os.filter((o) => o.flagged !== null).length;
  const q = os.filter((o) => !isForm(o));
  const f = os.filter(isForm);
  console.log(
    `| ${label} | ${sample} | ${os.length} | ${found} | ${pct(found, os.length)} | ${recallOf(q)} (${q.length}) | ${recallOf(f)} (${f.length}) | ${pct(flagged, os.length)} |`,
  );
};
for (const list of lists)
  summary(
    list,
    sampled(list),
    outcomes.filter((o) => o.probe.list === list),
  );
summary(
  "**all lists but OFAC**",
  "",
  outcomes.filter((o) => o.probe.list !== "OFAC SDN"),
);

console.log("");
console.log("## Recall per variant kind and list (found / variants)");
const kinds = [...new Set(outcomes.map((o) => o.probe.kind))];
console.log(`| kind | ${lists.join(" | ")} |`);
console.log(`|---|${lists.map(() => "---").join("|")}|`);
for (const k of kinds) {
  const cells = lists.map((l) => {
    const os = outcomes.filter((o) => o.probe.list === l && o.probe.kind === k);
    const f = os.filter((o) => o.found).length;
    return os.length === 0 ? "–" : `${f}/${os.length} (${pct(f, os.length)})`;
  });
  console.log(`| ${k} | ${cells.join(" | ")} |`);
}

// (b) names not on any list.
const personal = personalNames(listedNameKeys(loaded.all));
const sets: [string, string[]][] = [
  ["organisations (clean-company-names.txt)", cleanCompanyNames()],
  ["personal names (random-name)", personal],
  ["synthetic generic trade names", genericCompanyNames()],
];
console.log("");
console.log("## Names not on the lists flagged");
console.log("| set | names | flagged, OFAC only | flagged, all lists |");
console.log("|---|---|---|---|");
const extra: string[] = [];
for (const [label, names] of sets) {
  const ofacHits = names.filter((n) => screenName(ofacIndex, n) !== null);
  const allHits = names.filter((n) => screenName(index, n) !== null);
  console.log(`| ${label} | ${names.length} | ${ofacHits.length} | ${allHits.length} |`);
  for (const n of allHits) {
    const m = screenName(index, n);
    if (m)
      extra.push(`  ${ofacHits.includes(n) ? "" : "NEW "}FP [${label}] "${n}" → ${ofacList(m)} ${m.uid} ${m.matched_name} (${m.score})`);
  }
}
for (const x of extra) console.log(x);

const misses = outcomes.filter((o) => !o.found && o.probe.list !== "OFAC SDN");
console.log("");
console.log(`Misses outside OFAC: ${misses.length} (${misses.filter((o) => o.flagged !== null).length} flagged through another entry).`);
for (const o of misses.slice(0, VERBOSE ? misses.length : 25))
  console.log(`  miss [${o.probe.list} / ${o.probe.kind}] ${o.probe.uid} "${o.probe.text}"${o.flagged ? ` → ${o.flagged}` : ""}`);
