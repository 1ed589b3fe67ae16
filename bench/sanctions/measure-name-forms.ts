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
 * The variants are made in name-variants.ts, the clean names in clean-names.ts.
 */
import { loadOfacEntries } from "../../tests/support/ofac-entries.ts";
import {
  buildSanctionsIndex,
  screenName,
  screenNameRanked,
  SANCTIONS_MATCH_THRESHOLD,
  type SanctionsEntry,
} from "../../shared/screening/index/sanctions-index.ts";
import { tokenizeName } from "../../shared/screening/index/normalize-name.ts";
import { cleanCompanyNames, listedNameKeys, personalNames } from "./clean-names.ts";
import { everyKth, type FormVariant, hasPatronymic, innerWordVariants, nameFormVariants, particleVariants } from "./name-variants.ts";

const args = process.argv.slice(2);
const PER_KIND = Number(args[args.indexOf("--per-kind") + 1] || 300) || 300;
const VERBOSE = args.includes("--verbose");

const { entries } = loadOfacEntries();
const index = buildSanctionsIndex(entries);
const individuals = entries.filter((e) => e.list === "SDN" && e.type === "individual").sort((a, b) => Number(a.uid) - Number(b.uid));
type Variant = FormVariant;
const variantsOf = (e: SanctionsEntry) => nameFormVariants(e);
const title = (s: string) => s.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_, p, c) => p + c.toUpperCase());
const sample = everyKth(individuals, PER_KIND);
// Patronymics are rare on the list: every listed individual with one, up to PER_KIND.
const withPatronymic = individuals.filter((e) => hasPatronymic(e));
const variants = [
  ...sample.flatMap(variantsOf).filter((v) => v.form !== "surname + patronymic"),
  ...everyKth(withPatronymic, PER_KIND)
    .flatMap(variantsOf)
    .filter((v) => v.form === "surname + patronymic"),
];
// (d) a particle added to a two-word alias; an organisation name with one inner word left out.
const entities = entries.filter((e) => e.list === "SDN" && e.type !== "individual" && e.type !== "vessel" && e.type !== "aircraft");
variants.push(...everyKth(particleVariants(individuals), PER_KIND), ...everyKth(innerWordVariants(entities), PER_KIND));

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
const personal = personalNames(listedNameKeys(entries));
const companies = cleanCompanyNames();
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
