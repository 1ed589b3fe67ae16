/**
 * Word shapes that OCR produces and printed names do not: evidence that a party name was misread
 * (its format check fails, confidence.ts), independent of where on the page the name was found.
 *
 * A name on a letterhead or a receipt is set in one case style: all capitals ("TEO HENG STATIONERY"),
 * title case, or a brand's camel case ("eBay", "McDonald's"). The LSTM recogniser, unsure of a letter,
 * switches case inside a word ("ReSTARANT", "JSXTZr"), reads a few letters of a capitals line as small
 * ones ("PERNIAGAAN ZHENG Hii"), takes a speck for a quote or a bracket ("‘OPAC MARKETING", "ALAM) SDN
 * BHD", "{Not … )") and a letter for a digit inside a word ("ST4TIONERY"). Each shape below is one of those; a real
 * name rarely has any (legal forms and small words, which keep their own case, are exempt).
 */

/** Legal forms as words of a name, folded. */
const LEGAL_FORMS = new Set("co ltd inc bhd sdn pte pty plc llc llp lda mbh gmbh kg ag sa srl spa bv nv oy ab as aps kk".split(" "));

/** Short words that keep their own case inside a name: connectors, titles and legal forms. */
const OWN_CASE = new Set([
  ..."of de di da du la le el en et y e i a an and the for und van von der den des del dos das by at on in to own mr mrs ms dr st".split(
    " ",
  ),
  ...LEGAL_FORMS,
]);

/** Digits OCR reads for the capitals of the same shape. */
export const DIGIT_AS_LETTER: Readonly<Record<string, string>> = { "0": "O", "1": "I", "5": "S", "8": "B" };

/**
 * The one legal form whose own spelling has a small letter after two capitals (KGaA); GmbH, SpA and the
 * rest never match the case-switch pattern.
 */
const MIXED_CASE_FORM = /^KGaA$/;

const letters = (w: string) => w.replace(/[^\p{L}]/gu, "");
const isCapitals = (w: string) => letters(w).length > 0 && letters(w) === letters(w).toUpperCase();

/** A case switch no spelling has: two capitals after a small letter, or a small letter after two capitals. */
function switchesCase(word: string): boolean {
  // Mc/Mac/O' names and brands with a small first letter ("McDONALD'S", "O'Reilly", "iPHONE") switch
  // case by their spelling.
  const w = letters(word.replace(/^(Mc|Mac|[ODL]['’])/, "")).replace(/^\p{Ll}(?=\p{Lu}+$)/u, "");
  if (MIXED_CASE_FORM.test(w)) return false;
  return /\p{Ll}\p{Lu}{2}|\p{Lu}{2}\p{Ll}/u.test(w);
}

/** A digit between letters ("ST4TIONERY", "F3i3ao"); two letters at least on each side ("B2B", "3M" are names). */
const digitInsideWord = (word: string) => /\p{L}{2}\d+\p{L}{2}/u.test(word) || /\p{L}\d\p{Ll}\d/u.test(word);

const CLOSES: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

/** Brackets that do not pair up (by kind and order: "{Not … )" is a misread), or a quote that opens the name and never closes. */
function strayPunctuation(name: string): boolean {
  const open: string[] = [];
  for (const c of name) {
    if (c === "(" || c === "[" || c === "{") open.push(c);
    else if (c in CLOSES && open.pop() !== CLOSES[c]) return true;
  }
  if (open.length > 0) return true;
  const quotes = name.match(/['‘’"“”`]/g)?.length ?? 0;
  return /^['‘’"“”`]/.test(name.trim()) && quotes === 1;
}

/**
 * In a name whose long words are all capitals, a short word with small letters that is no connector,
 * title or legal form ("Hii", "Bg"): capitals read as small letters. Without long words ("A fo 3H",
 * "Mr Lee"), only a short word in small letters alone counts.
 */
function smallLettersInCapitals(words: string[]): boolean {
  const long = words.filter((w) => letters(w).length >= 4);
  if (long.length > 0 && !long.every(isCapitals)) return false;
  return words.some((w) => {
    const l = letters(w);
    if (l.length === 0 || l.length > 3 || l === l.toUpperCase() || OWN_CASE.has(l.toLowerCase())) return false;
    return long.length > 0 || l === l.toLowerCase();
  });
}

/** true when the name has a shape that OCR produces and names do not (see above). */
export function nameLooksMisread(name: string): boolean {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return false;
  // Parts of a compound are words of their own ("MUSTER-Autovermietung").
  const parts = words.flatMap((w) => w.split(/[-/]/));
  return strayPunctuation(name) || parts.some((w) => switchesCase(w) || digitInsideWord(w)) || smallLettersInCapitals(words);
}

/**
 * true when no word of the name is its own: every word is a connector, title or legal form, or a
 * country mark in brackets ("CO. (M) SDN BHD" — the line under a logo whose words OCR did not read).
 * A legal form follows a name; alone it is the end of one, so the value is not the party's name.
 * Initials are a name's own words ("MR. D.I.Y. SDN BHD", "A & W").
 */
export function nameIsOnlyLegalForm(name: string): boolean {
  // Read by the letters OCR mistakes digits for ("C0." is "CO."); a word with another digit is its own ("3M").
  const words = (name.replace(/\(\s*\p{L}{1,3}\s*\)/gu, " ").match(/[\p{L}\d]+/gu) ?? []).map((w) =>
    (/\p{L}/u.test(w) ? w.replace(/[0158]/g, (d) => DIGIT_AS_LETTER[d]) : w).toLowerCase(),
  );
  return words.some((w) => LEGAL_FORMS.has(w)) && words.every((w) => w.length > 1 && OWN_CASE.has(w));
}
