/**
 * Name normalisation for sanctions screening. Pure: no I/O, no Node or Deno API, no locale-dependent calls
 * (only String.prototype.normalize("NFKD") and plain lowercase), so Node and Deno give the same output.
 *
 * Steps, in order (documented in docs/sanctions-screening.md):
 *  1. Unicode NFKD, then combining marks removed ("Müller" → "Muller", "Société" → "Societe").
 *  2. Letters that NFKD does not decompose are folded by table (ł→l, ø→o, ß→ss, æ→ae, œ→oe, đ→d, ð→d,
 *     þ→th, ı→i, ħ→h …) and Cyrillic is transliterated (simplified BGN/PCGN: ж→zh, х→kh, щ→shch …).
 *  3. Lowercase.
 *  4. "&" → " and "; apostrophes are removed (joining: "O'Neil" → "oneil", "Qa'ida" → "qaida");
 *     dotted letter abbreviations are closed up ("S.A." → "sa", "L.L.C." → "llc", "d.o.o." → "doo");
 *     every other non-alphanumeric character becomes a space; whitespace is collapsed.
 *  5. Legal-form words and phrases (LEGAL_FORM_PHRASES, many languages) are dropped wherever they stand,
 *     longest phrase first — unless that would leave no token at all, in which case the tokens are kept.
 */
import { foldCharacters } from "../../text/fold.ts";

/**
 * Legal-form words and phrases, as normalised token sequences (after steps 1–4: "S.A. de C.V." is
 * "sa de cv", "Sp. z o.o." is "sp z oo", "A/S" and "A S" are "as"). Dropped wherever they occur in a name.
 * Exported so the documentation and tests can show the exact list.
 */
export const LEGAL_FORM_PHRASES: readonly string[] = [
  ...new Set([
    // English / common law
    "ltd",
    "limited",
    "llc",
    "llp",
    "lp",
    "plc",
    "inc",
    "incorporated",
    "corp",
    "corporation",
    "co",
    "company",
    "companies",
    "and co",
    "and company",
    "co ltd",
    "ltd co",
    "pte",
    "pty",
    "pvt",
    "private",
    "private limited",
    "public limited company",
    "public company limited",
    "limited liability company",
    "limited company",
    "limited liability partnership",
    "limited partnership",
    "general partnership",
    "unlimited company",
    "ltd liability co",
    "ltda",
    "pllc",
    "proprietary",
    "proprietary limited",
    "pcl",
    // Russian, Ukrainian, Belarusian, Central Asian (abbreviations and transliterated long forms)
    "ooo",
    "zao",
    "oao",
    "pao",
    "ao",
    "nao",
    "tov",
    "tou",
    "chjsc",
    "jsc",
    "ojsc",
    "pjsc",
    "cjsc",
    "fgup",
    "fgbu",
    "gup",
    "mup",
    "ano",
    "joint stock company",
    "joint stock co",
    "open joint stock company",
    "closed joint stock company",
    "public joint stock company",
    "private joint stock company",
    "non public joint stock company",
    "stock company",
    "obshchestvo s ogranichennoi otvetstvennostyu",
    "obshchestvo s ogranichennoy otvetstvennostyu",
    "obshchestvo s ogranichennoj otvetstvennostyu",
    "aktsionernoe obshchestvo",
    "aktsionernoye obshchestvo",
    "otkrytoe aktsionernoe obshchestvo",
    "zakrytoe aktsionernoe obshchestvo",
    "publichnoe aktsionernoe obshchestvo",
    "nepublichnoe aktsionernoe obshchestvo",
    "tovarystvo z obmezhenoiu vidpovidalnistiu",
    "tovarystvo z obmezhenoyu vidpovidalnistyu",
    // German, Dutch, Belgian, Nordic
    "gmbh",
    "mbh",
    "ag",
    "se",
    "kg",
    "ohg",
    "kgaa",
    "ev",
    "gmbh and co kg",
    "gmbh and co",
    "and co kg",
    "co kg",
    "aktiengesellschaft",
    "gesellschaft mit beschrankter haftung",
    "bv",
    "nv",
    "bvba",
    "cvba",
    "vof",
    "besloten vennootschap",
    "naamloze vennootschap",
    "ab",
    "as",
    "asa",
    "aps",
    "oy",
    "oyj",
    "abp",
    "hf",
    "ehf",
    "ua",
    "publ",
    // French, Swiss, Luxembourg, Lebanese
    "sa",
    "sarl",
    "sas",
    "sasu",
    "eurl",
    "snc",
    "sca",
    "scs",
    "sprl",
    "scrl",
    "sal",
    "sal offshore",
    "societe anonyme",
    "societe a responsabilite limitee",
    "societe par actions simplifiee",
    "cie",
    "and cie",
    // Spanish, Portuguese, Latin America
    "sl",
    "slu",
    "sau",
    "sa de cv",
    "s de rl",
    "s de rl de cv",
    "sapi de cv",
    "sab de cv",
    "sociedad anonima",
    "sociedad limitada",
    "sociedad de responsabilidad limitada",
    "sociedade anonima",
    "eireli",
    "cia",
    "compania",
    "companhia",
    // Italian
    "spa",
    "srl",
    "srls",
    "sapa",
    "societa per azioni",
    "societa a responsabilita limitata",
    // Central and Eastern Europe, Balkans, Baltics
    "sp z oo",
    "sp zoo",
    "spolka z oo",
    "spolka z ograniczona odpowiedzialnoscia",
    "sro",
    "spol sro",
    "kft",
    "zrt",
    "nyrt",
    "doo",
    "dd",
    "ad",
    "ead",
    "ood",
    "eood",
    "dooel",
    "shpk",
    "ou",
    "uab",
    // Turkish
    "anonim sirketi",
    "anonim sirket",
    "limited sirketi",
    "ltd sti",
    "sti",
    "sirketi",
    // Middle East, Gulf, free zones
    "fze",
    "fzc",
    "fzco",
    "ksc",
    "kscp",
    "kscc",
    "qsc",
    "bsc",
    "wll",
    "fz llc",
    "fzllc",
    "fze llc",
    "llc fz",
    "dmcc",
    "wll",
    "spc",
    "sae",
    "saog",
    "saoc",
    "psc",
    "est",
    // Asia-Pacific
    "kk",
    "kabushiki kaisha",
    "yk",
    "yugen kaisha",
    "gk",
    "godo kaisha",
    "sdn bhd",
    "sdn",
    "bhd",
    "berhad",
    "sendirian berhad",
    "pt",
    "tbk",
    "cv",
    "pte ltd",
    "pvt ltd",
    "private ltd",
    "opc",
    "corp ltd",
    "gongsi",
    "youxian gongsi",
    "youxian zeren gongsi",
    "gufen youxian gongsi",
  ]),
];

/** Every single word that occurs in a legal-form phrase ("limited", "liability", "company", "obshchestvo" …). */
export function legalFormWords(): ReadonlySet<string> {
  const out = new Set<string>();
  for (const p of LEGAL_FORM_PHRASES) for (const w of p.split(" ")) if (w !== "") out.add(w);
  return out;
}

/** Words ignored when deciding which tokens are significant (articles, conjunctions, prepositions). */
export const NAME_STOPWORDS: ReadonlySet<string> = new Set([
  "the",
  "and",
  "of",
  "for",
  "in",
  "on",
  "at",
  "by",
  "to",
  "an",
  "de",
  "del",
  "della",
  "di",
  "da",
  "do",
  "dos",
  "das",
  "du",
  "des",
  "la",
  "le",
  "les",
  "el",
  "y",
  "e",
  "et",
  "und",
  "der",
  "die",
  "van",
  "von",
  "ve",
]);

interface PhraseTrie {
  end: boolean;
  next: Map<string, PhraseTrie>;
}

let legalTrie: PhraseTrie | null = null;

/** Built on first use (module constants further down must be initialised first). */
function getLegalTrie(): PhraseTrie {
  if (legalTrie === null) legalTrie = buildTrie(LEGAL_FORM_PHRASES);
  return legalTrie;
}

function buildTrie(phrases: readonly string[]): PhraseTrie {
  const root: PhraseTrie = { end: false, next: new Map() };
  for (const phrase of phrases) {
    // Phrases are written in normalised form already, but run them through the same folding so that a
    // phrase written with a hyphen or an accent still matches what normalisation produces.
    const tokens = splitTokens(foldCharacters(phrase.toLowerCase()));
    if (tokens.length === 0) continue;
    let node = root;
    for (const t of tokens) {
      let child = node.next.get(t);
      if (!child) {
        child = { end: false, next: new Map() };
        node.next.set(t, child);
      }
      node = child;
    }
    node.end = true;
  }
  return root;
}

/** Dotted single-letter abbreviations: "s.a." "l.l.c" "c.v." "d.o.o." (two letters or more). */
const DOTTED_ABBREVIATION = /(?<![\p{L}\p{N}])(?:\p{L}\.){1,}\p{L}(?![\p{L}\p{N}])\.?/gu;

/** Step 4 on an already folded string: returns the tokens. */
function splitTokens(folded: string): string[] {
  const s = folded
    .replace(/&/g, " and ")
    .replace(/'/g, "")
    .replace(DOTTED_ABBREVIATION, (m) => m.replace(/\./g, ""))
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return s === "" ? [] : joinSingleLetters(s.split(" "));
}

/**
 * Runs of two or more single-letter tokens are closed up ("s a de c v" → "sa de cv", "j p morgan" →
 * "jp morgan"), so spaced-out initials and abbreviations compare equal to their dotted or solid forms.
 */
function joinSingleLetters(tokens: string[]): string[] {
  const out: string[] = [];
  let run = "";
  for (const t of tokens) {
    if (t.length === 1 && /\p{L}/u.test(t)) {
      run += t;
      continue;
    }
    if (run !== "") out.push(run);
    run = "";
    out.push(t);
  }
  if (run !== "") out.push(run);
  return out;
}

export interface NormalizedName {
  /** Tokens after legal-form removal joined by one space, in the original order. */
  normalized: string;
  /** Tokens after legal-form removal, original order. */
  tokens: string[];
  /** The tokens sorted (code-unit order) and joined by one space: a token-order-independent key. */
  sortedKey: string;
  /** All tokens before legal-form removal (original order). */
  allTokens: string[];
  /** The legal-form phrases that were removed, as they appeared (normalised). */
  legalForms: string[];
}

/** Tokens of a name (steps 1–4) without legal-form removal. */
export function tokenizeName(raw: string): string[] {
  return splitTokens(foldCharacters(raw));
}

/** Index of the last token of the longest legal-form phrase starting at `start`, or -1. */
function longestLegalMatch(tokens: readonly string[], start: number): number {
  let node: PhraseTrie | undefined = getLegalTrie();
  let matchEnd = -1;
  for (let j = start; j < tokens.length && node; j++) {
    node = node.next.get(tokens[j]);
    if (node?.end) matchEnd = j;
  }
  return matchEnd;
}

/**
 * Removes legal-form phrases (longest match first, left to right). If every token is part of a legal
 * form (the name "Company Limited", or "OOO"), the tokens are returned unchanged.
 */
export function stripLegalForms(tokens: readonly string[]): { tokens: string[]; removed: string[] } {
  const kept: string[] = [];
  const removed: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    const matchEnd = longestLegalMatch(tokens, i);
    if (matchEnd >= i) {
      removed.push(tokens.slice(i, matchEnd + 1).join(" "));
      i = matchEnd + 1;
    } else {
      kept.push(tokens[i]);
      i++;
    }
  }
  if (kept.length === 0) return { tokens: [...tokens], removed: [] };
  return { tokens: kept, removed };
}

/** True when the token sequence is made only of legal-form phrases ("Company Limited", "OOO"). */
export function isOnlyLegalForm(tokens: readonly string[]): boolean {
  if (tokens.length === 0) return false;
  let i = 0;
  while (i < tokens.length) {
    const end = longestLegalMatch(tokens, i);
    if (end < 0) return false;
    i = end + 1;
  }
  return true;
}

/** Full normalisation (steps 1–5). Never throws; an empty or punctuation-only input gives no tokens. */
export function normalizeName(raw: string): NormalizedName {
  const allTokens = tokenizeName(typeof raw === "string" ? raw : String(raw ?? ""));
  const { tokens, removed } = stripLegalForms(allTokens);
  return {
    normalized: tokens.join(" "),
    tokens,
    sortedKey: [...tokens].sort().join(" "),
    allTokens,
    legalForms: removed,
  };
}
