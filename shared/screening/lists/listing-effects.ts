/**
 * The one table of what a listing means for an exporter (docs/sanctions-screening.md, "Effects"):
 * list or sub-list → effect → severity → legal reference, and the words a finding uses. Blocking and
 * asset freezes and denials of export privileges forbid the sale (errors); a licence requirement forbids it
 * without a licence (an error saying so); a red flag and the restrictions that do not forbid the sale are
 * warnings saying what they restrict.
 */
import type { ListingEffect } from "../screening-types.ts";

export interface ListingEffectRow {
  /** The list's display id, as findings and reviews name it. */
  list: string;
  effect: ListingEffect;
  severity: "error" | "warning";
  legal: string;
  /** What the listing forbids or asks, in words, for the finding's message. */
  words: string;
}

export const LISTING_EFFECTS: readonly ListingEffectRow[] = [
  {
    list: "OFAC SDN",
    effect: "asset_freeze",
    severity: "error",
    legal: "31 CFR chapter V (IEEPA, TWEA and the programme's regulations)",
    words: "blocked: US persons may not deal with it (assets frozen)",
  },
  {
    list: "OFAC FSE",
    effect: "export_denial",
    severity: "error",
    legal: "Executive Order 13608",
    words: "a foreign sanctions evader: US persons may not supply it goods, services or technology from the United States",
  },
  {
    list: "OFAC SSI",
    effect: "restriction",
    severity: "warning",
    legal: "Executive Order 13662, Directives 1–4",
    words: "sectoral sanctions: new debt or equity and some energy projects are restricted; selling it goods is not forbidden",
  },
  {
    list: "OFAC NS-MBS",
    effect: "restriction",
    severity: "warning",
    legal: "Executive Order 14024 and others (menu-based, non-SDN)",
    words:
      "menu-based sanctions: only the measures imposed (typically financing and securities) are restricted; selling it goods is not forbidden",
  },
  {
    list: "OFAC CMIC",
    effect: "restriction",
    severity: "warning",
    legal: "Executive Order 13959 as amended by 14032",
    words:
      "Chinese military-industrial complex company: US persons may not buy or sell its publicly traded securities; selling it goods is not forbidden",
  },
  {
    list: "OFAC CAPTA",
    effect: "restriction",
    severity: "warning",
    legal: "31 CFR part 561 (CAPTA list)",
    words: "correspondent or payable-through accounts for it are restricted; selling it goods is not forbidden",
  },
  {
    list: "OFAC PLC",
    effect: "restriction",
    severity: "warning",
    legal: "31 CFR part 594 (Non-SDN Palestinian Legislative Council list)",
    words: "Palestinian Legislative Council member: dealings are not blocked; transactions must avoid the designated organisations",
  },
  {
    list: "BIS Entity List",
    effect: "licence_required",
    severity: "error",
    legal: "15 CFR part 744, Supplement No. 4 (EAR § 744.11)",
    words: "a licence is required for items subject to the EAR (Entity List)",
  },
  {
    list: "BIS Military End User",
    effect: "licence_required",
    severity: "error",
    legal: "15 CFR part 744, Supplement No. 7 (EAR § 744.21)",
    words: "a licence is required for items subject to the EAR listed in Supplement No. 2 to part 744 (Military End-User List)",
  },
  {
    list: "BIS Denied Persons",
    effect: "export_denial",
    severity: "error",
    legal: "15 CFR § 764.3 and the denial order (EAR part 766)",
    words: "denied export privileges: no export, reexport or transfer of items subject to the EAR to or with it",
  },
  {
    list: "BIS Unverified List",
    effect: "red_flag",
    severity: "warning",
    legal: "15 CFR part 744, Supplement No. 6 (EAR § 744.15)",
    words: "a red flag: a UVL statement from the party is required before any export, and licence exceptions are not available",
  },
  {
    list: "DDTC ITAR Debarred",
    effect: "export_denial",
    severity: "error",
    legal: "22 CFR § 127.7 (ITAR)",
    words: "debarred: may not take part in exports of defence articles or services",
  },
  {
    list: "State Nonproliferation",
    effect: "export_denial",
    severity: "error",
    legal: "the Iran, North Korea and Syria Nonproliferation Act and related statutes",
    words: "nonproliferation sanctions: US exports and government procurement are denied as the measure imposes",
  },
  {
    list: "UN",
    effect: "asset_freeze",
    severity: "error",
    legal: "UN Security Council resolutions under Chapter VII of the UN Charter (binding on every member state)",
    words: "UN sanctions: assets frozen and no funds or economic resources to be made available",
  },
  {
    list: "EU",
    effect: "asset_freeze",
    severity: "error",
    legal: "Council regulations under Article 215 TFEU (the entry's regulation)",
    words: "EU financial sanctions: assets frozen and no funds or economic resources to be made available",
  },
  {
    list: "UK",
    effect: "asset_freeze",
    severity: "error",
    legal: "Sanctions and Anti-Money Laundering Act 2018 and the regime's regulations",
    words: "UK sanctions: assets frozen and no funds or economic resources to be made available",
  },
  {
    list: "UK other measures",
    effect: "restriction",
    severity: "warning",
    legal: "Sanctions and Anti-Money Laundering Act 2018 and the regime's regulations",
    words: "UK sanctions other than an asset freeze (the measures the designation imposes, e.g. a travel ban or port entry)",
  },
];

const BY_LIST = new Map(LISTING_EFFECTS.map((e) => [e.list, e]));

/** The effect row of a display list; an unknown list is treated as blocking (fail closed). */
export function effectOf(list: string): ListingEffectRow {
  return BY_LIST.get(list) ?? { ...BY_LIST.get("OFAC SDN")!, list };
}

/** Order of severity: errors before warnings, then asset freeze, denial, licence, red flag, restriction. */
const RANK: Record<ListingEffect, number> = { asset_freeze: 0, export_denial: 1, licence_required: 2, red_flag: 3, restriction: 4 };

export function compareEffects(a: string, b: string): number {
  const ea = effectOf(a);
  const eb = effectOf(b);
  return (ea.severity === eb.severity ? 0 : ea.severity === "error" ? -1 : 1) || RANK[ea.effect] - RANK[eb.effect];
}

/**
 * The display list of an OFAC row: SDN entries are "OFAC SDN"; a consolidated (non-SDN) entry is named by
 * its programme, as OFAC's sub-lists are (the legacy CSV states the programme, not the sub-list).
 */
export function ofacDisplayList(list: string, programs: readonly string[]): string {
  if (list === "SDN") return "OFAC SDN";
  const p = programs.join(" ");
  if (/\bFSE\b|FSE-/.test(p)) return "OFAC FSE";
  if (/CMIC/.test(p)) return "OFAC CMIC";
  if (/NS-PLC/.test(p)) return "OFAC PLC";
  if (/561-Related|CAPTA/.test(p)) return "OFAC CAPTA";
  if (/UKRAINE-EO13662/.test(p)) return "OFAC SSI";
  return "OFAC NS-MBS";
}
