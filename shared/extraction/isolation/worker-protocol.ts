/** Messages between the extraction supervisor and its worker thread (structured-clone data only). */
import type { ExtractionConfig } from "../extraction-config.ts";
import type { FileKind } from "../file-kinds.ts";
import type { ExtractionOutcome, ReadInput } from "../run-extraction.ts";

export interface WorkerRequest {
  id: number;
  bytes: Uint8Array;
  kind: FileKind;
  config: ExtractionConfig;
  /** false: only read (the caller extracts with its own extractor). */
  extract: boolean;
}

export type WorkerAnswer =
  | { id: number; ok: true; outcome?: ExtractionOutcome; input?: ReadInput }
  | { id: number; ok: false; expected: boolean; message: string };
