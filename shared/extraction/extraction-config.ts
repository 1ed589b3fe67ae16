// The extraction settings are a section of the one configuration (Services.config.extraction).
export { extractionConfigWith, type ExtractionConfig } from "../runtime/config/extraction-settings.ts";
