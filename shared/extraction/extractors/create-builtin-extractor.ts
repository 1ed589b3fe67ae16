import type { Extractor } from "./extractor.ts";
import { extractBuiltin } from "./builtin/builtin-extractor.ts";

export function createBuiltinExtractor(): Extractor {
  return { name: "builtin", extract: async (doc) => extractBuiltin(doc) };
}
