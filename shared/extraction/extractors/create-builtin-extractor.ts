import { loadWordNetWords } from "../../hs-codes/wordnet-vocabulary.ts";
import type { Extractor } from "./extractor.ts";
import { extractBuiltin } from "./builtin/builtin-extractor.ts";

export function createBuiltinExtractor(): Extractor {
  return {
    name: "builtin",
    // OCR text has its misread words mended against the dictionary (repair-misread-words.ts); a text
    // layer spells what the issuer typed and needs none.
    extract: async (doc) =>
      extractBuiltin(doc, doc.source === "pdf-ocr" || doc.source === "image-ocr" ? { isKnownWord: await loadWordNetWords() } : {}),
  };
}
