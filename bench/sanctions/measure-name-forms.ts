/**
 * Screening of the ways names are really written (issue 18), on the real OFAC data in ../shared/data/ofac:
 *  (a) recall on variants of a deterministic sample of listed individuals (every k-th SDN individual by
 *      ent_num): given name and surname written together ("VladimirPutin"), digits for letters
 *      ("Ig0r Sech1n"), the first given name as an initial ("V. Putin"), one extra name part, one missing
 *      name part (a two-part surname with one part), surname with patronymic only ("Putin Vladimirovich");
 *  (b) false positives on 600 personal names not on the list, made deterministically from the first names
 *      and surnames of the npm package random-name (Moby word lists, MIT), plus the organisation names of
 *      tests/support/data/clean-company-names.txt;
 *  (c) containment: a listed two-word alias with one more name part ("Kim Song" + "Min"), which should not
 *      match on containment alone (reported: how many are flagged);
 *  (d) two more forms (issue 25): a particle added to a listed two-word alias of an individual
 *      ("Abbud al-Zumar", "Abbud bin Zumar" for "ZUMAR, Abbud"), and a listed organisation name of four or
 *      more words with one inner word left out ("Korea Mining Trading" for "KOREA MINING DEVELOPMENT TRADING
 *      CORPORATION").
 *
 *   npx tsx bench/sanctions/measure-name-forms.ts [--per-kind 300] [--verbose]
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { loadOfacEntries, REPO_ROOT } from "../../tests/support/ofac-entries.ts";
import {
  buildSanctionsIndex,
  screenName,
  screenNameRanked,
  SANCTIONS_MATCH_THRESHOLD,
  type SanctionsEntry,
} from "../../shared/screening/index/sanctions-index.ts";
import { normalizeName, tokenizeName } from "../../shared/screening/index/normalize-name.ts";

const args = process.argv.slice(2);
const PER_KIND = Number(args[args.indexOf("--per-kind") + 1] || 300) || 300;
const VERBOSE = args.includes("--verbose");

const title = (s: string) => s.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_, p, c) => p + c.toUpperCase());
const PATRONYMIC = /(ovich|evich|ovna|evna|ich|ogly|oglu|kyzy|uly)$/;

const { entries } = loadOfacEntries();
const index = buildSanctionsIndex(entries);
const individuals = entries.filter((e) => e.list === "SDN" && e.type === "individual").sort((a, b) => Number(a.uid) - Number(b.uid));

interface Variant {
  uid: string;
  form: string;
  text: string;
}
function variantsOf(e: SanctionsEntry): Variant[] {
  const comma = e.name.indexOf(",");
  if (comma < 0) return [];
  const surname = tokenizeName(e.name.slice(0, comma));
  const given = tokenizeName(e.name.slice(comma + 1));
  if (surname.length === 0 || given.length === 0) return [];
  const out: Variant[] = [];
  const add = (form: string, text: string) => out.push({ uid: e.uid, form, text });
  const first = given[0];
  const sur = surname.join(" ");
  add("written together", `${title(first)}${title(sur).replace(/ /g, "")}`);
  const digits: Record<string, string> = { o: "0", i: "1", e: "3" };
  const leet = (w: string) => {
    const k = [...w].findIndex((c, i) => i > 0 && digits[c] !== undefined);
    return k < 0 ? w : w.slice(0, k) + digits[w[k]] + w.slice(k + 1);
  };
  add("digits for letters", `${title(leet(first))} ${title(surname.map(leet).join(" "))}`);
  add("initial", `${first[0].toUpperCase()}. ${title(sur)}`);
  const extra = ["Maria", "John", "Ali", "Ivan", "Lee", "Jose"][Number(e.uid) % 6];
  add("one extra name part", `${title(given.join(" "))} ${extra} ${title(sur)}`);
  // A two-part surname ("AMEZCUA CONTRERAS") written with its first part only; particles ("al", "de") are not parts.
  const parts = surname.filter((t) => t.length >= 4);
  if (parts.length >= 2) add("one missing name part", `${title(given.join(" "))} ${title(parts[0])}`);
  const patronymic = given.slice(1).find((g) => PATRONYMIC.test(g));
  if (patronymic) add("surname + patronymic", `${title(sur)} ${title(patronymic)}`);
  return out;
}
function everyKth<T>(xs: T[], n: number): T[] {
  const k = Math.max(1, Math.floor(xs.length / n));
  return xs.filter((_, i) => i % k === 0).slice(0, n);
}
const sample = everyKth(individuals, PER_KIND);
// Patronymics are rare on the list: every listed individual with one, up to PER_KIND.
const withPatronymic = individuals.filter(
  (e) =>
    e.name.includes(",") &&
    tokenizeName(e.name.slice(e.name.indexOf(",") + 1))
      .slice(1)
      .some((g) => PATRONYMIC.test(g)),
);
const variants = [
  ...sample.flatMap(variantsOf).filter((v) => v.form !== "surname + patronymic"),
  ...everyKth(withPatronymic, PER_KIND)
    .flatMap(variantsOf)
    .filter((v) => v.form === "surname + patronymic"),
];
// (d) a particle added to a two-word alias; an organisation name with one inner word left out.
const particleVariants: Variant[] = [];
for (const e of individuals) {
  for (const a of e.aliases) {
    const comma = a.name.indexOf(",");
    const t = tokenizeName(a.name);
    if (comma < 0 || t.length !== 2 || !t.every((x) => x.length >= 3)) continue;
    const [sur, given] = [title(a.name.slice(0, comma).trim()), title(a.name.slice(comma + 1).trim())];
    const particle = ["al-", "bin ", "el-"][particleVariants.length % 3];
    particleVariants.push({ uid: e.uid, form: "particle added to a two-word alias", text: `${given} ${particle}${sur}` });
  }
}
const entities = entries.filter((e) => e.list === "SDN" && e.type !== "individual" && e.type !== "vessel" && e.type !== "aircraft");
const innerVariants: Variant[] = entities.flatMap((e) => {
  const t = normalizeName(e.name).tokens;
  if (t.length < 4 || !t.every((x) => x.length >= 3)) return [];
  const left = 1 + (Number(e.uid) % (t.length - 2)); // an inner word, never the first or the last
  return [{ uid: e.uid, form: "organisation, one inner word left out", text: title(t.filter((_, i) => i !== left).join(" ")) }];
});
variants.push(...everyKth(particleVariants, PER_KIND), ...everyKth(innerVariants, PER_KIND));

const found = (v: Variant) => {
  const ranked = screenNameRanked(index, v.text, { threshold: SANCTIONS_MATCH_THRESHOLD, limit: 20 });
  return ranked.length > 0 && ranked.some((m) => m.score === ranked[0].score && m.uid === v.uid);
};

const byForm = new Map<string, { n: number; hit: number; misses: string[] }>();
for (const v of variants) {
  const f = byForm.get(v.form) ?? { n: 0, hit: 0, misses: [] };
  f.n++;
  if (found(v)) f.hit++;
  else f.misses.push(v.text);
  byForm.set(v.form, f);
}

// (b) common names not on the list.
const require = createRequire(import.meta.url);
const rn = dirname(require.resolve("random-name/package.json"));
const words = (f: string) =>
  readFileSync(join(rn, f), "utf8")
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter((s) => /^[A-Za-z]{3,}$/.test(s));
const firsts = words("first-names.txt");
const lasts = words("names.txt");
const listedKeys = new Set<string>();
for (const e of entries) for (const n of [e.name, ...e.aliases.map((a) => a.name)]) listedKeys.add(normalizeName(n).sortedKey);
const personal: string[] = [];
for (let i = 0; personal.length < 600; i++) {
  const n = `${firsts[(i * 7919) % firsts.length]} ${lasts[(i * 104729) % lasts.length]}`;
  if (!listedKeys.has(normalizeName(n).sortedKey)) personal.push(n);
}
const companies = readFileSync(resolve(REPO_ROOT, "tests/support/data/clean-company-names.txt"), "utf8")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l !== "" && !l.startsWith("#"));
const flagged = (names: string[]) => names.filter((n) => screenName(index, n) !== null);
const fpPersonal = flagged(personal);
const fpCompanies = flagged(companies);

// (c) two-word aliases of individuals with one more name part.
const contained: string[] = [];
for (const e of individuals) {
  for (const a of e.aliases) {
    const t = tokenizeName(a.name);
    if (t.length === 2 && t.every((x) => x.length >= 3) && contained.length < 300)
      contained.push(`${title(t.join(" "))} ${["Min", "Ali", "Jose", "Maria", "Ivan"][contained.length % 5]}`);
  }
}
const containedFlagged = flagged(contained);

const pct = (a: number, n: number) => (n === 0 ? "–" : `${((100 * a) / n).toFixed(1)} %`);
console.log(`# Screening of name forms (threshold ${SANCTIONS_MATCH_THRESHOLD})`);
console.log("| form | variants | found | recall |");
console.log("|---|---|---|---|");
let n = 0;
let hit = 0;
for (const [form, f] of byForm) {
  n += f.n;
  hit += f.hit;
  console.log(`| ${form} | ${f.n} | ${f.hit} | ${pct(f.hit, f.n)} |`);
}
console.log(`| **all** | ${n} | ${hit} | ${pct(hit, n)} |`);
console.log("");
console.log(
  `False positives: ${fpPersonal.length} of ${personal.length} personal names (${pct(fpPersonal.length, personal.length)}), ${fpCompanies.length} of ${companies.length} organisation names (${pct(fpCompanies.length, companies.length)}).`,
);
for (const x of [...fpPersonal, ...fpCompanies]) console.log(`  FP: "${x}" → ${JSON.stringify(screenName(index, x))}`);
// Flagged through a two-word alias itself (containment), rather than through the entry's primary name or
// a longer alias with one extra part, which is the "one extra name part" form and should match.
const byShortAlias = containedFlagged.filter((x) => {
  const m = screenName(index, x);
  return m !== null && m.matched_name !== m.name && tokenizeName(m.matched_name).length <= 2;
});
console.log(
  `Two-word listed alias + one more name part flagged: ${containedFlagged.length} of ${contained.length} (${pct(containedFlagged.length, contained.length)}); through the two-word alias itself: ${byShortAlias.length}.`,
);
if (VERBOSE) {
  for (const [form, f] of byForm) for (const m of f.misses.slice(0, 15)) console.log(`  miss [${form}] ${m}`);
  for (const x of containedFlagged.slice(0, 20)) console.log(`  contained: "${x}" → ${JSON.stringify(screenName(index, x))}`);
}
