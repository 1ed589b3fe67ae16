/** The screened name as tokens, read the way people write names, and cut to a bounded size. */
import { normalizeName } from "../normalize-name.ts";
import type { SanctionsIndex } from "./sanctions-index-model.ts";

/** Screened names are cut to this many tokens (keeps the work per name bounded for arbitrary input). */
const MAX_QUERY_TOKENS = 32;
/** … and to this many characters before normalisation. */
const MAX_QUERY_CHARS = 1000;

/** Digits people write for letters ("Ig0r Sech1n"), read back in tokens that also have letters. */
const DIGIT_LETTERS: Readonly<Record<string, string>> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t" };

/**
 * The screened name's tokens as people write names: camel-case words split ("VladimirPutin"), digits
 * for letters read back, and a token not on the list that is two listed tokens written together
 * ("vladimirputin") split.
 */
function screenedTokens(index: SanctionsIndex, raw: string): string[] {
  const spaced = /[a-z]/.test(raw) ? raw.replace(/([a-z])([A-Z])(?=[a-z])/g, "$1 $2") : raw;
  const out: string[] = [];
  for (const t0 of normalizeName(spaced).tokens) {
    // Only inside a word ("ig0r", "musav1"), never a leading number or ordinal ("3g", "72nd").
    const leet = /^[a-z]+([013457][a-z]*)+$/.test(t0) && t0.replace(/\d/g, "").length >= 2 && !index.vocab.has(t0);
    const t = leet ? t0.replace(/[013457]/g, (d) => DIGIT_LETTERS[d]) : t0;
    if (t.length >= 7 && !index.vocab.has(t) && /^[a-z]+$/.test(t)) {
      let best: [string, string] | null = null;
      for (let i = 3; i <= t.length - 3; i++) {
        const a = t.slice(0, i);
        const b = t.slice(i);
        if (index.vocab.has(a) && index.vocab.has(b) && (!best || Math.min(a.length, b.length) > Math.min(best[0].length, best[1].length)))
          best = [a, b];
      }
      if (best) {
        out.push(best[0], best[1]);
        continue;
      }
    }
    out.push(t);
  }
  return out;
}

/** The tokens screened for `rawName` (anything that is not a string screens as no tokens). */
export function readScreenedName(index: SanctionsIndex, rawName: string): string[] {
  const raw = typeof rawName === "string" ? rawName.slice(0, MAX_QUERY_CHARS) : "";
  return screenedTokens(index, raw).slice(0, MAX_QUERY_TOKENS);
}
