/**
 * What the rules know about the reference tables for one validation. A validation first gathers every
 * HS code, port, country, currency and party name of the shipment, asks each table once (batched), and
 * hands the answers to the pure rules as this object. Rules never query anything themselves.
 */
import type { HS_SCHEDULE_TABLES } from "../runtime/config/reference-sources.ts";

/** The HS schedules: one per reference source of the group "hs" (its descriptor names it). */
export type HsSchedule = keyof typeof HS_SCHEDULE_TABLES;

/** UN/LOCODE function classifiers (column "Function", positions 1–8 and B). */
export interface PortFunctions {
  port: boolean; // 1
  rail: boolean; // 2
  road: boolean; // 3
  airport: boolean; // 4
  postal: boolean; // 5
  multimodal: boolean; // 6
  fixed_transport: boolean; // 7
  inland_water: boolean; // 8 (in recent releases; "B" border crossing)
  border_crossing: boolean; // B
}

export interface PortFact {
  /** Five characters, country + location, no space: "DEHAM". */
  code: string;
  country: string;
  name: string;
  /** ISO 3166-2 subdivision suffix from the code list ("43" for UA-43), when it gives one. */
  subdivision?: string | null;
  functions: PortFunctions;
}

export interface SanctionsMatch {
  /** OFAC ent_num / uid of the listed entry. */
  uid: string;
  /** Primary name on the list. */
  name: string;
  /** The list name (primary or alias) that matched. */
  matched_name: string;
  program: string;
  /** Similarity 0..1 of the screened name to matched_name after normalisation. */
  score: number;
  /** The list's display id ("OFAC SDN", "UN", "BIS Entity List" …). */
  list: string;
  /** Countries the matched entry states (addresses, nationality), as its publisher writes them. */
  countries?: string[];
  /** Identifier numbers the matched entry states (registration, tax, passport, IMO …), as written. */
  ids?: string[];
  /** entry_hash of the matched entry. */
  entry_hash?: string;
  /** Other entries the name matches at or above the threshold (one finding names them all). */
  also?: SanctionsMatch[];
  /** Set by screening (shared/screening/): the listing's effect and severity, every listing most severe first. */
  entry_id?: string;
  effect?: ListingEffect;
  severity?: "error" | "warning";
  /** The effect in words and its legal reference, for the message. */
  effect_words?: string;
  legal?: string;
  lists?: Listing[];
}

/** What a listing forbids or asks of an exporter (docs/sanctions-screening.md, "Effects"). */
export type ListingEffect = "asset_freeze" | "export_denial" | "licence_required" | "red_flag" | "restriction";

/** One listing of a party: which list and entry. */
export interface Listing {
  list: string;
  entry_id: string;
  program: string;
  effect: ListingEffect;
  entry_hash: string;
}

export interface EmbargoEntry {
  country: string; // alpha-2
  program: string;
  /** Date this entry of the comprehensive-embargo list was last reviewed (ISO date). */
  as_of: string;
}

/** A region under a comprehensive embargo (Crimea, so-called DNR/LNR) with what identifies a place in it. */
export interface EmbargoedRegionEntry {
  country: string;
  /** ISO 3166-2 code, e.g. "UA-43". */
  region: string;
  /** The embargo covers part of the subdivision only (so-called DNR/LNR). */
  partial: boolean;
  name: string;
  program: string;
  as_of: string;
  /** Places in the region (any spelling); for a partial region the places certainly inside it. */
  place_names: readonly string[];
  /** Names of the whole subdivision (partial regions): a match there needs the exact location verified. */
  oblast_names: readonly string[];
  /** UN/LOCODEs in the region that the code list gives no subdivision. */
  locodes: readonly string[];
  /** Countries an address in the region is also written with (the occupying state). */
  also_addressed_as: readonly string[];
}

/** Vintage and age of one reference table a validation used (filled by the I/O side from reference_imports). */
export interface TableVintageFact {
  table: string;
  /** Publisher's edition or version, e.g. "HTS 2026 Revision 10". */
  vintage: string | null;
  /** Publisher's date of the files, when known. */
  published_at: string | null;
  imported_at: string | null;
  /** Last time the data was confirmed current (its import, or a refresh that found the source unchanged). */
  checked_at: string | null;
  /** Older than its refresh interval plus the configured margin. */
  stale: boolean;
  age_seconds: number | null;
  refresh_interval_seconds: number;
  stale_after_seconds: number;
  /** "publication": the age runs from the publisher's date (the sanctions list), an unknown date counting as old. */
  age_from?: "publication" | "edition" | "confirmation";
}

export interface ReferenceFacts {
  /**
   * Which tables hold data. A rule whose table is empty does not pass: the sanctions rules report an error
   * ("the sanctions list is not loaded"), every other lookup rule a warning naming the table.
   */
  loaded: Record<HsSchedule | "ports" | "sanctions" | "countries" | "currencies", boolean>;
  /** For each schedule, the subset of the asked codes (digits only) that exist in that table. */
  hsCodes: Record<HsSchedule, Set<string>>;
  /** The EU table's code length: 8 (CN) unless a TARIC 10-digit file was imported. */
  euCodeLength: 8 | 10;
  /** Asked UN/LOCODEs (normalised, no space) that exist. */
  ports: Map<string, PortFact>;
  /** ISO 3166-1 alpha-2 codes that exist (all of them: the table is small). */
  countries: Set<string>;
  /** ISO 4217 alphabetic codes that are current. */
  currencies: Set<string>;
  /** Screening result per screened name (exact input string); null = no match at or above threshold. */
  sanctions: Map<string, SanctionsMatch | null>;
  /**
   * The lists the deployment is bound by and whether each was loaded (or loading) when the names were
   * screened (set by screening). A bound list that is empty fails the sanctions rules closed. Absent: OFAC
   * only, its state in loaded.sanctions.
   */
  screeningLists?: { table: string; label: string; loaded: boolean; loading?: boolean }[];
  /** The comprehensive-embargo list in force (data with its date, not code). */
  embargoes: EmbargoEntry[];
  /** Regions under a comprehensive embargo (data with its date, not code). */
  embargoedRegions: EmbargoedRegionEntry[];
  /** Empty tables whose first load (a download from the publisher) is in progress; absent = none known. */
  loading?: string[];
  /** Vintage of each reference table this validation used; absent = not known (no staleness finding). */
  vintages?: TableVintageFact[];
}
