/**
 * OCR misreads the legal form that ends a company name in a few predictable ways: letters and digits of
 * the same shape (B/8, O/0, S/5, I/1) and O for D in a bold sans-serif ("SON BHD", "SDN 8HD"). A name
 * whose last one or two words are a legal form up to those confusions (or one other misread letter in
 * a form of five letters or more) gets the form's spelling back; the rest of the name is left as read.
 * Used on OCR text only: a text layer spells what the issuer typed.
 */
import { levenshteinDistance } from "../../../text/edit-distance.ts";
import { DIGIT_AS_LETTER } from "../../misread-name.ts";

/** Legal forms as they end names, without punctuation; the longer first. */
const FORMS = ["SDN BHD", "BERHAD", "PTE LTD", "CO LTD", "LIMITED", "GMBH", "BHD", "SDN", "LTD", "LLC", "INC", "PLC", "PTE"];

/** Shapes OCR confuses, read as the letter a legal form would have there. */
const SAME_SHAPE: Record<string, string> = { ...DIGIT_AS_LETTER, "|": "I", $: "S" };

function shapeOf(word: string): string {
  return [...word.toUpperCase()].map((c) => SAME_SHAPE[c] ?? c).join("");
}

/**
 * How far `read` (shapes mapped) is from `form`. O read for D costs nothing inside a two-word form only:
 * "SON BHD" is "SDN BHD", but a name may end in "& SON".
 */
function distance(read: string, form: string): number {
  const twoWords = form.includes(" ");
  if (twoWords && read.length === form.length && [...read].every((c, i) => c === form[i] || (c === "O" && form[i] === "D"))) return 0;
  return levenshteinDistance(read, form, 2);
}

/** The name with a misread legal form at its end spelled as the form; unchanged when none is there. */
export function repairLegalForm(name: string): string {
  const words = [...name.matchAll(/[A-Za-z0-9|$]+/g)];
  for (const count of [2, 1]) {
    if (words.length <= count) continue;
    const tail = words.slice(-count);
    const read = tail.map((w) => shapeOf(w[0])).join(" ");
    if (/[a-z]/.test(tail.map((w) => w[0]).join(""))) {
      // Mixed case ("Sdn Bhd") is typed text, not a misread bold form; only exact shapes count.
      if (FORMS.includes(read)) return name;
      continue;
    }
    for (const form of FORMS) {
      if (form.split(" ").length !== count) continue;
      const allowed = form.replace(/ /g, "").length >= 5 ? 1 : 0;
      if (distance(read, form) > allowed) continue;
      if (read === form && tail.every((w) => w[0] === w[0].toUpperCase() && shapeOf(w[0]) === w[0])) return name;
      const formWords = form.split(" ");
      let out = name;
      // Replace from the end so earlier indexes stay valid.
      for (let i = count - 1; i >= 0; i--) {
        const w = tail[i];
        const at = w.index ?? 0;
        out = out.slice(0, at) + formWords[i] + out.slice(at + w[0].length);
      }
      return out;
    }
  }
  return name;
}
