import type { DocumentText } from "../document-text.ts";
import type { FlatExtraction } from "../extraction-result.ts";

/**
 * One interface, two implementations: the built-in deterministic extractor (default, offline) and the
 * model extractor (any OpenAI-compatible chat-completions server). Both return flat paths with
 * {value, confidence}; applyChecks() then adjusts the confidences the same way for both.
 */
export interface Extractor {
  readonly name: "builtin" | "openai";
  /** `known`: exact values already read from an embedded e-invoice (the model sees them as context). */
  extract(doc: DocumentText, known?: FlatExtraction): Promise<FlatExtraction>;
}
