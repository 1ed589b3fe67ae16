/**
 * OCR misreads a letter inside a word of a printed name in predictable ways: shapes that look alike
 * (O/G/D/0, I/L/T/1, S/5, B/8, A/4, E/F, U/V, M/N) or, in a long word, any one letter
 * ("UNIHAKKA INTERNATIGNAL SDN BHD"). A word of a capitals or title-case name that the dictionary does
 * not know, but one such substitution turns into exactly one word it knows, gets that word back, in
 * the case it was printed in. A word the dictionary knows is never changed ("TED" stays), nor a word
 * two substitutions away, nor one with two candidates: names are full of words no dictionary has
 * ("PETRODELI", "UNIHAKKA"), and guessing between two real words would invent a name.
 * Used on OCR text only: a text layer spells what the issuer typed.
 */
import { DIGIT_AS_LETTER } from "../../misread-name.ts";

/** Letters (and digits read for letters) OCR takes for one another, both ways unless the pair is a digit. */
const LOOK_ALIKE: Record<string, string> = {
  O: "GDQC0",
  G: "OC6",
  D: "O",
  Q: "O",
  C: "GO",
  I: "LTJ1",
  L: "I1",
  T: "I",
  J: "I",
  S: "5",
  B: "8",
  A: "4",
  E: "F",
  F: "E",
  U: "V",
  V: "U",
  M: "N",
  N: "M",
  Z: "2",
  "0": "O",
  "1": "IL",
  "4": "A",
  "5": "S",
  "6": "G",
  "8": "B",
  "2": "Z",
};
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** From this many characters on, any one letter may be the misread one: a long word has few neighbours. */
const ANY_LETTER_FROM = 8;
const MIN_LENGTH = 5;

/** The one known word a single substitution makes of `word` (upper case), or null (none, or more than one). */
function soleNeighbour(word: string, isKnown: (lower: string) => boolean): string | null {
  let found: string | null = null;
  for (let i = 0; i < word.length; i++) {
    const options = word.length >= ANY_LETTER_FROM && /[A-Z]/.test(word[i]) ? ALPHABET : (LOOK_ALIKE[word[i]] ?? "");
    for (const c of options) {
      if (c === word[i]) continue;
      const candidate = word.slice(0, i) + c + word.slice(i + 1);
      if (/\d/.test(candidate) || !isKnown(candidate.toLowerCase())) continue;
      if (found !== null && found !== candidate) return null;
      found = candidate;
    }
  }
  return found;
}

/** The text with each misread word of a name mended as above; unchanged when there is none. */
export function repairMisreadWords(text: string, isKnown: (lower: string) => boolean): string {
  return text.replace(/[\p{L}\d]+/gu, (word) => {
    if (word.length < MIN_LENGTH || (word.match(/\p{L}/gu)?.length ?? 0) < MIN_LENGTH - 1) return word;
    const upper = word.toUpperCase();
    // Capitals ("INTERNATIGNAL") or a title-case word ("Internatignal"); mixed case is another misread.
    const title = word !== upper && /^\p{Lu}/u.test(word) && word === word[0] + word.slice(1).toLowerCase();
    if (word !== upper && !title) return word;
    if (!/^[A-Z0-9]+$/.test(upper) || isKnown(upper.toLowerCase())) return word;
    const mended = soleNeighbour(upper, isKnown);
    if (!mended) return word;
    return title ? mended[0] + mended.slice(1).toLowerCase() : mended;
  });
}

/**
 * Initials are letters: in a run of single characters each followed by a dot ("D.1.Y", "T.A.5") with
 * two letters at least, a digit of a capital's shape is that capital ("D.I.Y", "T.A.S"). A run without
 * two letters ("1.5.2", a version or a date) is left alone.
 */
export function repairInitials(text: string): string {
  return text.replace(/(?<![\p{L}\d])(?:[\p{L}\d]\.)+[\p{L}\d](?![\p{L}\d])/gu, (run) => {
    if ((run.match(/\p{L}/gu)?.length ?? 0) < 2) return run;
    return run.replace(/\d/g, (d) => DIGIT_AS_LETTER[d] ?? d);
  });
}

/**
 * OCR reads the l of a French or Italian elision as a capital I ("chemin de I'olive", "Nougat de
 * I'Abbaye"): after a word in small letters and before a letter, "I'" is "l'". English contractions
 * ("so I'm", "I'd", "I'll", "I've") keep their I.
 */
export function readElisions(text: string): string {
  return text.replace(/(?<=\p{Ll} )I(?=['’](?!(?:m|d|ll|ve|s)\b)\p{L})/gu, "l");
}
