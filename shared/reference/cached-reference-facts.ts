/**
 * gatherReferenceFacts with a per-process memory of its answers: whether an HS code exists in a
 * schedule and what a UN/LOCODE is. A validation asks the database only for the codes this process
 * has not been asked before under the current reference data; repeated codes (most of a trader's
 * traffic) cost no query. Every answer still comes from gatherReferenceFacts, so the two cannot
 * disagree; this module only remembers them.
 *
 * When the memory is dropped:
 * - the reference tables' import signature changes (referenceState: an import or a refresh writes
 *   reference_imports, read at most every REFERENCE_STATE_TTL_MS, so a change is seen within 2 s, as for
 *   every other reference state of the process);
 * - the UTC day changes (UK and EU lines count only while valid today);
 * - it holds MAX_REMEMBERED_ANSWERS answers (a bound on memory, a few MB at most).
 * The edge functions start with an empty memory, so their cold start does not change.
 */
import type { Queryable } from "../db/types.ts";
import type { HsSchedule, PortFact, ReferenceFacts } from "../rules/reference-facts.ts";
import { gatherReferenceFacts, referenceState, type ReferenceLookupAsk } from "./gather-reference-facts.ts";
import { normaliseHsCode } from "../trade/hs-code.ts";
import { normaliseLocode } from "../trade/locode.ts";

export const MAX_REMEMBERED_ANSWERS = 50_000;

const SCHEDULES: HsSchedule[] = ["us", "eu", "uk", "in", "wco"];

interface Answers {
  /** Reference signature and UTC day the answers hold for. */
  key: string;
  /** Per schedule: asked code → exists. */
  hs: Record<HsSchedule, Map<string, boolean>>;
  /** Asked UN/LOCODE → its facts, or null when not in the list. */
  ports: Map<string, PortFact | null>;
  size: number;
}

const memory = new WeakMap<object, Answers>();

function emptyAnswers(key: string): Answers {
  return { key, hs: { us: new Map(), eu: new Map(), uk: new Map(), in: new Map(), wco: new Map() }, ports: new Map(), size: 0 };
}

function copyPort(p: PortFact): PortFact {
  return { ...p, functions: { ...p.functions } };
}

/** The same facts as gatherReferenceFacts(db, ask), asking the database only for codes not seen before. */
export async function gatherReferenceFactsCached(db: Queryable, ask: ReferenceLookupAsk, now = Date.now()): Promise<ReferenceFacts> {
  const { signature } = await referenceState(db);
  const key = `${signature}@${new Date(now).toISOString().slice(0, 10)}`;
  let answers = memory.get(db);
  if (!answers || answers.key !== key || answers.size >= MAX_REMEMBERED_ANSWERS) {
    answers = emptyAnswers(key);
    memory.set(db, answers);
  }
  const known = answers;
  const missing: ReferenceLookupAsk = {
    hsCodes: Object.fromEntries(SCHEDULES.map((s) => [s, (ask.hsCodes[s] ?? []).filter((c) => !known.hs[s].has(c))])),
    ports: ask.ports.filter((p) => !known.ports.has(p)),
  };
  // With nothing left to ask, gatherReferenceFacts reads only its cached small sets: no query.
  const facts = await gatherReferenceFacts(db, missing);
  // Remember the new answers only if the reference data did not change while they were read.
  const remember = (await referenceState(db)).signature === signature && memory.get(db) === known;
  for (const s of SCHEDULES) {
    const found = facts.hsCodes[s];
    if (remember) {
      for (const c of missing.hsCodes[s] ?? []) {
        known.hs[s].set(c, found.has(normaliseHsCode(c) ?? c));
        known.size++;
      }
    }
    for (const c of ask.hsCodes[s] ?? []) {
      if (known.hs[s].get(c) === true) found.add(normaliseHsCode(c) ?? c);
    }
  }
  if (remember) {
    for (const p of missing.ports) {
      const fact = facts.ports.get(normaliseLocode(p) ?? p);
      known.ports.set(p, fact ? copyPort(fact) : null);
      known.size++;
    }
  }
  for (const p of ask.ports) {
    const fact = known.ports.get(p);
    const code = normaliseLocode(p) ?? p;
    if (fact && !facts.ports.has(code)) facts.ports.set(code, copyPort(fact));
  }
  return facts;
}
