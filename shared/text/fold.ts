/**
 * Text folding shared by every feature that compares words written with and without accents. Pure: no I/O,
 * no locale-dependent calls (only String.prototype.normalize("NFKD") and plain lowercase), so Node and Deno
 * give the same output.
 */

/** NFKD, then the combining diacritical marks (U+0300–U+036F) removed: "Société" → "Societe". Case kept. */
export function stripAccents(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}

/** Letters NFKD leaves alone (no canonical decomposition). Applied after NFKD + mark removal. */
const LETTER_FOLDS: Record<string, string> = {
  ł: "l",
  Ł: "L",
  ø: "o",
  Ø: "O",
  ß: "ss",
  ẞ: "SS",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "TH",
  ı: "i",
  ħ: "h",
  Ħ: "H",
  ŧ: "t",
  Ŧ: "T",
  ŀ: "l",
  Ŀ: "L",
  ĸ: "k",
  ŋ: "n",
  Ŋ: "N",
  ſ: "s",
  ƒ: "f",
  ɓ: "b",
  ɗ: "d",
  ə: "e",
  Ə: "E",
  ʻ: "'",
  ʼ: "'",
  ʾ: "'",
  ʿ: "'",
  "‘": "'",
  "’": "'",
  "`": "'",
  "´": "'",
};

/** Simplified BGN/PCGN romanisation for Russian, Ukrainian, Belarusian, Serbian/Macedonian Cyrillic. */
const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  і: "i",
  ї: "yi",
  є: "ye",
  ґ: "g",
  ў: "u",
  ђ: "dj",
  ј: "j",
  љ: "lj",
  њ: "nj",
  ћ: "c",
  џ: "dz",
  ѓ: "gj",
  ќ: "kj",
  ѕ: "dz",
};

const COMBINING_MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

/**
 * NFKD with every combining mark removed, the letters NFKD leaves alone folded by table (ł→l, ß→ss, æ→ae …),
 * Cyrillic transliterated (simplified BGN/PCGN), lower case: steps 1–3 of sanctions name normalisation
 * (docs/sanctions-screening.md). Characters outside Latin/Cyrillic (Arabic, CJK …) are kept as they are.
 */
export function foldCharacters(input: string): string {
  const decomposed = input.normalize("NFKD").replace(COMBINING_MARKS, "");
  let out = "";
  for (const ch of decomposed) {
    const folded = LETTER_FOLDS[ch];
    if (folded !== undefined) {
      out += folded;
      continue;
    }
    const lower = ch.toLowerCase();
    const cyr = CYRILLIC[lower];
    out += cyr !== undefined ? cyr : lower;
  }
  // Cyrillic capital letters decompose the same as small ones after toLowerCase; some (Й, Ё) decompose
  // under NFKD into base + mark, which the mark removal already handled (й→и→i is acceptable).
  return out.toLowerCase();
}
