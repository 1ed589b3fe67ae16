/**
 * Answers a validation's reference questions in a few batched queries (one per table asked) and
 * returns them as ReferenceFacts for the pure rules. Sanctions screening is filled elsewhere: the map
 * stays empty here.
 *
 * How "a code exists in a table" is decided (docs/reference-data.md):
 * - Codes are normalised to digits ("8471.30.01.00" → "8471300100"); the sets hold normalised codes.
 * - A code exists when a line of the table starts with it, so a 6-digit HS code exists in the US
 *   schedule when some US line continues it (US and EU lines skip HS levels that have no text).
 *   A code as long as the table's longest codes therefore has to match exactly.
 * - Tables shallower than the code are checked on the code's first digits: WCO on 6, India on 8, EU
 *   on 8 (CN) unless a TARIC file was imported (then 10, exactly), see euCodeLength.
 * - UK and TARIC lines count only as real items (suffix 80) valid today; UN/LOCODE entries marked
 *   "X" (to be deleted) do not count.
 */
import { memoPerDatabase } from "../db/memo-per-database.ts";
import { HS_SCHEDULE_TABLES, SCREENING_LISTS } from "../runtime/config/reference-sources.ts";
import type { Queryable } from "../db/types.ts";
import { forgetScreeningState } from "../screening/screening-state.ts";
import type { EmbargoedRegionEntry, EmbargoEntry, HsSchedule, PortFact, ReferenceFacts } from "../rules/reference-facts.ts";
import embargoData from "./data/comprehensive-embargoes.json" with { type: "json" };
import { normaliseHsCode } from "../trade/hs-code.ts";
import { normaliseLocode } from "../trade/locode.ts";
import type { PortRow as ImportedPortRow } from "./importers/parse-unlocode.ts";

/** Structurally satisfied by the rules' ReferenceAsk (shared/rules/reference-ask.ts). */
export interface ReferenceLookupAsk {
  hsCodes: Partial<Record<HsSchedule, string[]>>;
  ports: string[];
}

/** Country-wide comprehensive embargoes in force (what ReferenceFacts.embargoes carries). */
export const COMPREHENSIVE_EMBARGOES: readonly EmbargoEntry[] = embargoData.countries.map((e) => ({
  country: e.country,
  program: e.program,
  as_of: e.as_of,
}));

/**
 * Region-wide embargoes (Crimea, so-called DNR/LNR), screened by rule_embargoed_region. Kept apart from
 * COMPREHENSIVE_EMBARGOES because EmbargoEntry names only a country: listing "UA" there would embargo
 * all of Ukraine.
 */
export const EMBARGOED_REGIONS: readonly EmbargoedRegionEntry[] = embargoData.regions.map((r) => ({
  country: r.country,
  region: r.region,
  partial: "partial" in r && r.partial === true,
  name: r.name,
  program: r.program,
  as_of: r.as_of,
  place_names: r.place_names,
  oblast_names: "oblast_names" in r && Array.isArray(r.oblast_names) ? (r.oblast_names as string[]) : [],
  locodes: r.locodes,
  also_addressed_as: r.also_addressed_as,
}));

type Flag = HsSchedule | "ports" | "sanctions" | "countries" | "currencies";

// The HS schedules are those of the sources' descriptors (group "hs"); the other flags are the facts' own names.
const TABLE_OF: Record<Flag, string> = {
  ...HS_SCHEDULE_TABLES,
  ports: "port_codes",
  // The flag of a validation without screening settings (rules/checks/sanctions.ts listsNotLoaded): OFAC's.
  sanctions: SCREENING_LISTS.ofac,
  countries: "countries",
  currencies: "currencies",
};
const FLAGS = Object.keys(TABLE_OF) as Flag[];

interface SmallSets {
  signature: string;
  countries: Set<string>;
  currencies: Set<string>;
  euCodeLength: 8 | 10;
}

/** Countries, currencies and the EU code length per database, reloaded when an import happens. */
const cache = new WeakMap<object, SmallSets>();

// Codes are compared as prefixes with a range on the "C"-collated code column: every code starting
// with k lies in [k, k || ':') because ':' follows '9' in ASCII. Per schedule, as the tables' columns differ;
// a Record over HsSchedule (the descriptors' group "hs"), so tsc fails until a new schedule's query is here.
const PREFIX_SQL: Record<HsSchedule, string> = {
  us: `select a.k from (select distinct jsonb_array_elements_text($1::text::jsonb) as k) a
        where exists (select 1 from hs_codes_us t where t.code >= a.k and t.code < a.k || ':')`,
  wco: `select a.k from (select distinct jsonb_array_elements_text($1::text::jsonb) as k) a
        where exists (select 1 from hs_codes_wco t where t.code >= a.k and t.code < a.k || ':')`,
  in: `select a.k from (select distinct jsonb_array_elements_text($1::text::jsonb) as k) a
        where exists (select 1 from hs_codes_in t where t.code >= a.k and t.code < a.k || ':')`,
  uk: `select a.k from (select distinct jsonb_array_elements_text($1::text::jsonb) as k) a
        where exists (select 1 from hs_codes_uk t where t.code >= a.k and t.code < a.k || ':'
                        and t.suffix = '80'
                        and (t.validity_start is null or t.validity_start <= current_date)
                        and (t.validity_end is null or t.validity_end >= current_date))`,
  eu: `select a.k from (select distinct jsonb_array_elements_text($1::text::jsonb) as k) a
        where exists (select 1 from hs_codes_eu t where t.code >= a.k and t.code < a.k || ':'
                        and t.suffix = '80'
                        and (t.validity_start is null or t.validity_start <= current_date)
                        and (t.validity_end is null or t.validity_end >= current_date))`,
};

/**
 * How long one reading of the tables' state is reused. Validation is on the hot path and the state only
 * changes on a re-import, so a re-import becomes visible to running processes within this time.
 */
export const REFERENCE_STATE_TTL_MS = 2000;
const flagsMemo = memoPerDatabase(REFERENCE_STATE_TTL_MS, readFlags);

export function forgetReferenceState(db: Queryable): void {
  flagsMemo.forget(db);
  forgetScreeningState(db);
}

/** The tables' import signature and which hold data, read at most once per REFERENCE_STATE_TTL_MS. */
export function referenceState(db: Queryable): Promise<{ signature: string; loaded: Record<Flag, boolean> }> {
  return flagsMemo.get(db);
}

async function readFlags(db: Queryable): Promise<{ signature: string; loaded: Record<Flag, boolean> }> {
  const probes = FLAGS.map((f) => `exists (select 1 from ${TABLE_OF[f]}) as "${f}"`).join(", ");
  const [row] = await db.query<Record<string, unknown>>(
    `select (select coalesce(string_agg(table_name || '@' || imported_at::text || '#' || row_count, ',' order by table_name), '')
               from reference_imports) as signature, ${probes}`,
  );
  const loaded = Object.fromEntries(FLAGS.map((f) => [f, row[f] === true])) as Record<Flag, boolean>;
  // Direct writes that bypass the importer still change the emptiness flags, so they join the key.
  const signature = `${String(row.signature)}|${FLAGS.map((f) => (loaded[f] ? 1 : 0)).join("")}`;
  return { signature, loaded };
}

async function smallSets(db: Queryable, signature: string, loaded: Record<Flag, boolean>): Promise<SmallSets> {
  const hit = cache.get(db);
  if (hit && hit.signature === signature) return hit;
  const [countries, currencies, taric] = await Promise.all([
    loaded.countries ? db.query<{ alpha2: string }>("select alpha2 from countries") : Promise.resolve([]),
    loaded.currencies ? db.query<{ code: string }>("select code from currencies where current") : Promise.resolve([]),
    loaded.eu
      ? db.query<{ taric: boolean }>("select exists (select 1 from hs_codes_eu where source = 'TARIC') as taric")
      : Promise.resolve([]),
  ]);
  const sets: SmallSets = {
    signature,
    countries: new Set(countries.map((r) => r.alpha2)),
    currencies: new Set(currencies.map((r) => r.code)),
    euCodeLength: taric[0]?.taric === true ? 10 : 8,
  };
  cache.set(db, sets);
  return sets;
}

// How many digits a schedule's codes are checked on; a Record over HsSchedule, so tsc fails until a new schedule's depth is here.
const DEPTH: Record<HsSchedule, (euCodeLength: 8 | 10) => number> = {
  wco: () => 6,
  in: () => 8,
  eu: (euCodeLength) => euCodeLength,
  us: () => 10,
  uk: () => 10,
};

function depthOf(schedule: HsSchedule, euCodeLength: 8 | 10): number {
  return DEPTH[schedule](euCodeLength);
}

async function existingCodes(db: Queryable, schedule: HsSchedule, asked: string[], depth: number): Promise<Set<string>> {
  const codes = [...new Set(asked.map(normaliseHsCode).filter((c): c is string => c !== null))];
  if (codes.length === 0) return new Set();
  const keyOf = (code: string) => code.slice(0, depth);
  const keys = [...new Set(codes.map(keyOf))];
  const rows = await db.query<{ k: string }>(PREFIX_SQL[schedule], [JSON.stringify(keys)]);
  const found = new Set(rows.map((r) => r.k));
  return new Set(codes.filter((c) => found.has(keyOf(c))));
}

/** The columns of port_codes the facts read: those of the imported rows (parse-unlocode.ts). */
type PortRow = Pick<
  ImportedPortRow,
  | "code"
  | "country"
  | "name"
  | "subdivision"
  | "port"
  | "rail"
  | "road"
  | "airport"
  | "postal"
  | "multimodal"
  | "fixed_transport"
  | "inland_water"
  | "border_crossing"
>;

async function existingPorts(db: Queryable, asked: string[]): Promise<Map<string, PortFact>> {
  const codes = [...new Set(asked.map(normaliseLocode).filter((c): c is string => c !== null))];
  if (codes.length === 0) return new Map();
  // A code with several names (Brussel / Bruxelles) answers with the first one in the list.
  const rows = await db.query<PortRow>(
    `select distinct on (p.code) p.code, p.country, p.name, p.subdivision, p.port, p.rail, p.road, p.airport, p.postal,
            p.multimodal, p.fixed_transport, p.inland_water, p.border_crossing
       from (select distinct jsonb_array_elements_text($1::text::jsonb) as k) a
       join port_codes p on p.code = a.k
      where p.change is null or p.change <> 'X'
      order by p.code, p.seq`,
    [JSON.stringify(codes)],
  );
  return new Map(
    rows.map((r) => [
      r.code,
      {
        code: r.code,
        country: r.country,
        name: r.name,
        subdivision: r.subdivision,
        functions: {
          port: r.port,
          rail: r.rail,
          road: r.road,
          airport: r.airport,
          postal: r.postal,
          multimodal: r.multimodal,
          fixed_transport: r.fixed_transport,
          inland_water: r.inland_water,
          border_crossing: r.border_crossing,
        },
      },
    ]),
  );
}

const SCHEDULES = Object.keys(HS_SCHEDULE_TABLES) as HsSchedule[];

/**
 * The empty tables whose refresh lease is held right now: their first load is in progress (the download
 * at first start, a reference:refresh). Asked only when a table is empty, so a loaded database pays nothing.
 */
async function tablesLoading(db: Queryable, loaded: Record<Flag, boolean>): Promise<string[]> {
  const empty = FLAGS.filter((f) => !loaded[f]).map((f) => TABLE_OF[f]);
  if (empty.length === 0) return [];
  const rows = await db.query<{ table_name: string }>(
    "select table_name from reference_refresh_state where lease_until > clock_timestamp()",
  );
  return rows.map((r) => r.table_name).filter((t) => empty.includes(t));
}

export async function gatherReferenceFacts(db: Queryable, ask: ReferenceLookupAsk): Promise<ReferenceFacts> {
  const { signature, loaded } = await referenceState(db);
  const sets = await smallSets(db, signature, loaded);
  const hsEntries = await Promise.all(
    SCHEDULES.map(async (s) => {
      const asked = ask.hsCodes[s] ?? [];
      const found = loaded[s] && asked.length > 0 ? await existingCodes(db, s, asked, depthOf(s, sets.euCodeLength)) : new Set<string>();
      return [s, found] as const;
    }),
  );
  const ports = loaded.ports && ask.ports.length > 0 ? await existingPorts(db, ask.ports) : new Map<string, PortFact>();
  const loading = await tablesLoading(db, loaded);
  return {
    loaded,
    loading,
    hsCodes: Object.fromEntries(hsEntries) as Record<HsSchedule, Set<string>>,
    euCodeLength: sets.euCodeLength,
    ports,
    countries: new Set(sets.countries),
    currencies: new Set(sets.currencies),
    sanctions: new Map(),
    embargoes: COMPREHENSIVE_EMBARGOES.map((e) => ({ ...e })),
    embargoedRegions: EMBARGOED_REGIONS.map((r) => ({ ...r })),
  };
}
