/**
 * The name variants the screening benchmarks screen (measure-screening-quality.ts, measure-name-forms.ts,
 * measure-all-lists.ts), made deterministically from a listed entry's name.
 *
 * Individuals' names are "SURNAME, Given Names" on OFAC's lists; the UN, EU and CSL files write most of them
 * given names first without a comma ("ERIC BADEGE"). With { givenFirst: true } such a name is read as given
 * names followed by a one-word surname; without it (the OFAC benchmarks) a name without a comma gets only
 * the variants that do not need the split, as before.
 */
import type { SanctionsEntry } from "../../shared/screening/index/sanctions-index.ts";
import { legalFormWords, normalizeName, tokenizeName } from "../../shared/screening/index/normalize-name.ts";

export interface PersonNameOptions {
  /** Read a name without a comma as "Given Names Surname". */
  givenFirst?: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Deterministic randomness: mulberry32 seeded from the uid and the variant kind.
export function seeded(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];

// ---------------------------------------------------------------------------------------------------------
// Variant generators. Input: the listed name exactly as on the list.
export const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s\-(/])([a-z])/g, (_, p, c) => p + c.toUpperCase());

const ACCENTS: Record<string, string> = { a: "á", e: "é", i: "í", o: "ö", u: "ü", c: "ç", s: "ş", n: "ñ", z: "ž", g: "ğ" };
function addAccents(s: string): string {
  let k = 0;
  return s.replace(/[aeioucsnzg]/gi, (ch) => {
    k++;
    if (k % 2 === 0) return ch;
    const lower = ch.toLowerCase();
    const acc = ACCENTS[lower];
    return ch === lower ? acc : acc.toUpperCase();
  });
}

const KEYBOARD_NEIGHBOURS = "qwertyuiopasdfghjklzxcvbnm";
export function oneTypo(s: string, rnd: () => number): string {
  const letters: number[] = [];
  for (let i = 0; i < s.length; i++) if (/[A-Za-z]/.test(s[i])) letters.push(i);
  if (letters.length < 2) return s;
  const i = pick(rnd, letters);
  const op = Math.floor(rnd() * 4);
  const upper = s[i] === s[i].toUpperCase();
  const randomLetter = () => {
    let c = pick(rnd, KEYBOARD_NEIGHBOURS.split(""));
    if (c === s[i].toLowerCase()) c = c === "a" ? "e" : "a";
    return upper ? c.toUpperCase() : c;
  };
  switch (op) {
    case 0: // substitution
      return s.slice(0, i) + randomLetter() + s.slice(i + 1);
    case 1: // deletion
      return s.slice(0, i) + s.slice(i + 1);
    case 2: // insertion
      return s.slice(0, i) + randomLetter() + s.slice(i);
    default: {
      // transposition with the next letter (or the previous one at the end of a word)
      const j = i + 1 < s.length && /[A-Za-z]/.test(s[i + 1]) ? i + 1 : i - 1;
      if (j < 0 || !/[A-Za-z]/.test(s[j]) || s[i] === s[j]) return s.slice(0, i) + randomLetter() + s.slice(i + 1);
      const [a, b] = i < j ? [i, j] : [j, i];
      return s.slice(0, a) + s[b] + s[a] + s.slice(b + 1);
    }
  }
}

/** "SURNAME, Given Names" → "Given Names Surname" (title case). */
export function naturalOrder(name: string): string {
  const comma = name.indexOf(",");
  if (comma < 0) return titleCase(name);
  return titleCase(`${name.slice(comma + 1).trim()} ${name.slice(0, comma).trim()}`);
}

export const DISPLAY_LEGAL_FORMS = [
  "LLC",
  "Ltd.",
  "Co., Ltd.",
  "Limited Liability Company",
  "OOO",
  "JSC",
  "Joint Stock Company",
  "GmbH",
  "S.A.",
  "FZE",
  "Inc.",
  "Company Limited",
  "PJSC",
  "Corp.",
  "Private Limited",
  "S.A. de C.V.",
  "LLP",
  "A.S.",
];

/** Transliteration rules (applied to the lowercase name; the first rule that changes something is used). */
const TRANSLITERATIONS: [RegExp, string][] = [
  [/\bmohammad\b|\bmohammed\b|\bmuhammad\b|\bmohamed\b/, "muhammed"],
  [/\bsergey\b/, "sergei"],
  [/\bsergei\b/, "sergey"],
  [/\baleksandr\b/, "alexander"],
  [/\balexander\b/, "aleksandr"],
  [/\byuri\b/, "yury"],
  [/\byury\b/, "yuriy"],
  [/\bdmitry\b/, "dmitriy"],
  [/\bdmitriy\b/, "dmitri"],
  [/\bandrey\b/, "andrei"],
  [/\bandrei\b/, "andrey"],
  [/\bnikolay\b/, "nikolai"],
  [/\bnikolai\b/, "nikolay"],
  [/\byevgeny\b/, "evgeniy"],
  [/\bevgeny\b/, "yevgeniy"],
  [/\bmikhail\b/, "michail"],
  [/iy\b/, "y"],
  [/yevich\b/, "evich"],
  [/yevna\b/, "evna"],
  [/kh/, "h"],
  [/ou/, "u"],
  [/ee/, "i"],
  [/\babdul /, "abdel "],
  [/\babd al /, "abdul "],
  [/\byusuf\b/, "yousef"],
  [/\byousef\b/, "yusuf"],
  [/\bhussein\b/, "husain"],
  [/\bhusain\b/, "hussein"],
  [/\bhasan\b/, "hassan"],
  [/\bhassan\b/, "hasan"],
  [/\bahmad\b/, "ahmed"],
  [/\bahmed\b/, "ahmad"],
  [/\bali\b/, "aly"],
  [/q/, "k"],
  [/dzh/, "j"],
  [/ts/, "tz"],
  [/sh/, "sch"],
  [/y\b/, "i"],
  [/ph/, "f"],
  [/w/, "v"],
];
const LEGAL_WORDS = legalFormWords();
/** Applies the first rule that changes a name word (legal-form words are left alone). */
function transliterate(name: string): string | null {
  const words = name.toLowerCase().replace(/-/g, " ").split(/\s+/);
  const isNameWord = (w: string) => !LEGAL_WORDS.has(w.replace(/[^a-z]/g, ""));
  for (const [re, to] of TRANSLITERATIONS) {
    // Rules written with spaces ("abdul ") apply to the whole string of name words.
    const idx = words.map((w, i) => (isNameWord(w) ? i : -1)).filter((i) => i >= 0);
    const joined = idx.map((i) => words[i]).join(" ");
    const changed = joined.replace(re, to);
    if (changed !== joined) {
      const parts = changed.split(" ");
      if (parts.length !== idx.length) continue;
      const out = [...words];
      idx.forEach((i, k) => (out[i] = parts[k]));
      return out.join(" ");
    }
  }
  return null;
}

export interface Variant {
  uid: string;
  kind: "individual" | "entity";
  category: string;
  text: string;
}

export function variantsFor(e: SanctionsEntry, options: PersonNameOptions = {}): Variant[] {
  const kind = e.type === "individual" ? "individual" : "entity";
  const out: Variant[] = [];
  const add = (category: string, text: string | null) => {
    if (text !== null && text.trim() !== "") out.push({ uid: e.uid, kind, category, text });
  };
  const rnd = seeded(`${e.uid}`);
  const name = e.name;
  add("exact", name);
  add("case", kind === "individual" ? naturalOrder(name).toLowerCase() : titleCase(name));
  add("punctuation (to space)", name.replace(/[^A-Za-z0-9]+/g, " "));
  add("punctuation (joined)", name.replace(/['\-.]/g, "").replace(/,/g, ""));
  add("accents added", addAccents(kind === "individual" ? naturalOrder(name) : titleCase(name)));
  add("one-character typo", oneTypo(name, rnd));
  add("one-character typo", oneTypo(kind === "individual" ? naturalOrder(name) : titleCase(name), rnd));
  const tr = transliterate(kind === "individual" ? naturalOrder(name) : name);
  add("transliteration", tr);
  if (kind === "individual") {
    add("token order (given names first)", naturalOrder(name));
    const comma = name.indexOf(",");
    if (comma >= 0) {
      const given = name
        .slice(comma + 1)
        .trim()
        .split(/\s+/);
      if (given.length >= 2) add("missing middle name", titleCase(`${given.slice(0, -1).join(" ")} ${name.slice(0, comma)}`));
    } else if (options.givenFirst) {
      // "Given Middle Surname": the word before the surname left out.
      const words = name.trim().split(/\s+/);
      if (words.length >= 3) add("missing middle name", titleCase([...words.slice(0, -2), words[words.length - 1]].join(" ")));
    }
    add("combined (order+case+typo)", oneTypo(naturalOrder(name).toUpperCase(), rnd));
  } else {
    const n = normalizeName(name);
    const words = titleCase(n.tokens.join(" "));
    if (n.tokens.length >= 2)
      add(
        "token order (rotated)",
        titleCase([...n.tokens.slice(1), n.tokens[0]].join(" ")) + (n.legalForms.length ? " " + pick(rnd, DISPLAY_LEGAL_FORMS) : ""),
      );
    if (n.legalForms.length > 0) {
      add("legal form removed", words);
      let other = pick(rnd, DISPLAY_LEGAL_FORMS);
      if (normalizeName(other).allTokens.join(" ") === n.legalForms.join(" ")) other = "Limited Liability Company";
      add("legal form changed", `${words} ${other}`);
      add("legal form moved to front", `${pick(rnd, ["OOO", "LLC", "JSC", "PJSC", "AO"])} ${words}`);
    } else {
      add("legal form added", `${words} ${pick(rnd, DISPLAY_LEGAL_FORMS)}`);
    }
    add("combined (case+legal form+typo)", oneTypo(`${words.toLowerCase()} ${pick(rnd, DISPLAY_LEGAL_FORMS)}`, rnd));
  }
  return out;
}

/** Not part of the headline recall: the listed name inside a longer name. */
export function embeddedVariantsFor(e: SanctionsEntry): Variant[] {
  if (e.type === "individual") return [];
  const rnd = seeded(`${e.uid}/embedded`);
  const words = titleCase(normalizeName(e.name).tokens.join(" "));
  const extra = pick(rnd, ["Trading", "International", "Group", "Logistics", "Holding", "Import Export", "Shipping"]);
  return [
    { uid: e.uid, kind: "entity", category: "embedded in a longer name", text: `${words} ${extra} ${pick(rnd, DISPLAY_LEGAL_FORMS)}` },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// The name forms of measure-name-forms.ts (issue 18, issue 25).
const title = (s: string) => s.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_, p, c) => p + c.toUpperCase());
export const PATRONYMIC = /(ovich|evich|ovna|evna|ich|ogly|oglu|kyzy|uly)$/;

export interface FormVariant {
  uid: string;
  form: string;
  text: string;
}

/** Surname and given names as tokens, or null when the name cannot be split. */
export function splitPersonName(name: string, options: PersonNameOptions = {}): { surname: string[]; given: string[] } | null {
  const comma = name.indexOf(",");
  if (comma >= 0) return { surname: tokenizeName(name.slice(0, comma)), given: tokenizeName(name.slice(comma + 1)) };
  if (!options.givenFirst) return null;
  const t = tokenizeName(name);
  return t.length < 2 ? null : { surname: t.slice(-1), given: t.slice(0, -1) };
}

/** An individual's name forms: written together, digits for letters, initial, one extra part, one missing part, surname + patronymic. */
export function nameFormVariants(e: SanctionsEntry, options: PersonNameOptions = {}): FormVariant[] {
  const split = splitPersonName(e.name, options);
  if (!split) return [];
  const { surname, given } = split;
  if (surname.length === 0 || given.length === 0) return [];
  const out: FormVariant[] = [];
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
  const extra = ["Maria", "John", "Ali", "Ivan", "Lee", "Jose"][uidNumber(e.uid) % 6];
  add("one extra name part", `${title(given.join(" "))} ${extra} ${title(sur)}`);
  // A two-part surname ("AMEZCUA CONTRERAS") written with its first part only; particles ("al", "de") are not parts.
  const parts = surname.filter((t) => t.length >= 4);
  if (parts.length >= 2) add("one missing name part", `${title(given.join(" "))} ${title(parts[0])}`);
  const patronymic = given.slice(1).find((g) => PATRONYMIC.test(g));
  if (patronymic) add("surname + patronymic", `${title(sur)} ${title(patronymic)}`);
  return out;
}

/** Whether the individual's given names hold a patronymic (rare on the lists: sampled apart). */
export function hasPatronymic(e: SanctionsEntry, options: PersonNameOptions = {}): boolean {
  const split = splitPersonName(e.name, options);
  return split?.given.slice(1).some((g) => PATRONYMIC.test(g)) ?? false;
}

/** A particle added to a two-word alias of an individual ("Abbud al-Zumar" for "ZUMAR, Abbud"). */
export function particleVariants(individuals: readonly SanctionsEntry[], options: PersonNameOptions = {}): FormVariant[] {
  const out: FormVariant[] = [];
  for (const e of individuals) {
    for (const a of e.aliases) {
      const comma = a.name.indexOf(",");
      const t = tokenizeName(a.name);
      if ((comma < 0 && !options.givenFirst) || t.length !== 2 || !t.every((x) => x.length >= 3)) continue;
      const [sur, given] =
        comma >= 0 ? [title(a.name.slice(0, comma).trim()), title(a.name.slice(comma + 1).trim())] : [title(t[1]), title(t[0])];
      const particle = ["al-", "bin ", "el-"][out.length % 3];
      out.push({ uid: e.uid, form: "particle added to a two-word alias", text: `${given} ${particle}${sur}` });
    }
  }
  return out;
}

/** An organisation name of four or more words with one inner word left out. */
export function innerWordVariants(entities: readonly SanctionsEntry[]): FormVariant[] {
  return entities.flatMap((e) => {
    const t = normalizeName(e.name).tokens;
    if (t.length < 4 || !t.every((x) => x.length >= 3)) return [];
    const left = 1 + (uidNumber(e.uid) % (t.length - 2)); // an inner word, never the first or the last
    return [{ uid: e.uid, form: "organisation, one inner word left out", text: title(t.filter((_, i) => i !== left).join(" ")) }];
  });
}

/** OFAC's numeric ent_num; for other lists' identifiers ("QDi.001", a 40-hex id) a stable number from the text. */
export function uidNumber(uid: string): number {
  const n = Number(uid);
  if (Number.isFinite(n)) return n;
  let h = 0;
  for (let i = 0; i < uid.length; i++) h = (Math.imul(h, 31) + uid.charCodeAt(i)) >>> 0;
  return h;
}

/** n items spread evenly over xs (every k-th), in order. */
export function everyKth<T>(xs: readonly T[], n: number): T[] {
  const k = Math.max(1, Math.floor(xs.length / n));
  return xs.filter((_, i) => i % k === 0).slice(0, n);
}
