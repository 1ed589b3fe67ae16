/** HS description search settings (docs/hs-codes.md, "Word embeddings"). */
import { flag, type Vars } from "./env-values.ts";

export interface HsSearchSettings {
  /**
   * TDS_HS_WORD_VECTORS=true: fuse GloVe word vectors with BM25F. Off by default: on a fresh edge isolate
   * the vectors add about 75 MB and 0.4 s of CPU to the first search of a schedule (over Supabase's
   * 256 MB), for a gain of one to three dev listings in a hundred (docs/hs-codes.md).
   */
  wordVectors: boolean;
}

export const hsSearchVariables = {
  TDS_HS_WORD_VECTORS: flag(false),
};

export function hsSearchSettings(v: Vars<typeof hsSearchVariables>): HsSearchSettings {
  return { wordVectors: v.TDS_HS_WORD_VECTORS };
}
