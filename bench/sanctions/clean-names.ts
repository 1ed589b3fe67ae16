/**
 * The names the screening benchmarks expect not to be flagged (false positives): the organisations of
 * tests/support/data/clean-company-names.txt, 600 personal names made deterministically from the npm package
 * random-name (Moby word lists, MIT) that are not listed, and 150 synthetic generic trade-company names
 * ("Golden Star Trading LLC"; not real companies, so a hit is not necessarily wrong).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { normalizeName } from "../../shared/screening/index/normalize-name.ts";
import type { SanctionsEntry } from "../../shared/screening/index/sanctions-index.ts";
import { REPO_ROOT } from "../../tests/support/ofac-entries.ts";
import { DISPLAY_LEGAL_FORMS, pick, seeded } from "./name-variants.ts";

export function cleanCompanyNames(): string[] {
  return readFileSync(resolve(REPO_ROOT, "tests/support/data/clean-company-names.txt"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
}

/** The normalised token set of every listed name and alias. */
export function listedNameKeys(entries: readonly SanctionsEntry[]): Set<string> {
  const keys = new Set<string>();
  for (const e of entries) for (const n of [e.name, ...e.aliases.map((a) => a.name)]) keys.add(normalizeName(n).sortedKey);
  return keys;
}

/** `count` personal names "First Last" whose token set is not listed. */
export function personalNames(listedKeys: ReadonlySet<string>, count = 600): string[] {
  const require = createRequire(import.meta.url);
  const rn = dirname(require.resolve("random-name/package.json"));
  const words = (f: string) =>
    readFileSync(join(rn, f), "utf8")
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter((s) => /^[A-Za-z]{3,}$/.test(s));
  const firsts = words("first-names.txt");
  const lasts = words("names.txt");
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) {
    const n = `${firsts[(i * 7919) % firsts.length]} ${lasts[(i * 104729) % lasts.length]}`;
    if (!listedKeys.has(normalizeName(n).sortedKey)) out.push(n);
  }
  return out;
}

const GENERIC_FIRST = [
  "Golden",
  "Blue",
  "Green",
  "Silver",
  "Royal",
  "Star",
  "Sun",
  "Ocean",
  "Pacific",
  "Atlantic",
  "Global",
  "United",
  "Eastern",
  "Western",
  "Northern",
  "Southern",
  "Euro",
  "Asia",
  "Alpha",
  "Delta",
  "Omega",
  "Prime",
  "Apex",
  "Summit",
  "Crown",
  "Eagle",
  "Lion",
  "Phoenix",
  "Horizon",
  "Unity",
];
const GENERIC_SECOND = [
  "Trading",
  "Logistics",
  "Shipping",
  "Imports",
  "Exports",
  "Foods",
  "Textiles",
  "Chemicals",
  "Metals",
  "Electronics",
  "Machinery",
  "Resources",
  "Energy",
  "Marine",
  "Holdings",
];

/** 150 synthetic generic trade-company names, each with a legal form. */
export function genericCompanyNames(): string[] {
  const out: string[] = [];
  const rnd = seeded("generic");
  for (let i = 0; i < GENERIC_FIRST.length; i++)
    for (let j = 0; j < GENERIC_SECOND.length; j++)
      if ((i * GENERIC_SECOND.length + j) % 3 === 0) out.push(`${GENERIC_FIRST[i]} ${GENERIC_SECOND[j]} ${pick(rnd, DISPLAY_LEGAL_FORMS)}`);
  return out;
}
