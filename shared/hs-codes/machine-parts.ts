/**
 * Parts for a machine (issue 27, seventh round): Section XVI Note 2, Chapter 90 Note 2 and Chapter 91's
 * parts headings. (a) A part that is itself goods of a heading (a filter 8421, a gear 8483, a spring
 * 7320, a motor 8501) goes to that heading, which BM25F already finds by the title's words. (b) Any other
 * part suitable for use solely or principally with a particular machine goes with that machine: in the
 * "Parts" lines of the machine's heading, or in the separate parts heading the notes name (8473, 8503,
 * 8522, 8529, 8538 …; watch parts in 9114). A title read as (b): its head noun (query-plan.ts queryRoles)
 * is a part word that names no goods of a heading of its own (PART_WORDS), and its other words point to a
 * heading of chapters 84, 85, 90 or 91 (the heading classifier of heading-prior.ts, on the title without
 * the part words and the words that name no thing). The "Parts" lines of that heading (and of its parts
 * heading) are then favoured (MACHINE_PART_FACTOR) and made candidates. Pure; the index-derived
 * set of parts lines is kept per index.
 */
import { FIELD_BITS } from "./score-lines.ts";
import { headingScores, type HeadingModel, type PriorTerm } from "./heading-prior.ts";
import type { LineIndex } from "./line-index.ts";
import type { PlannedTerm, WordClassOf } from "./query-plan.ts";

/**
 * Head nouns that name a part by its shape or place, not goods of a heading (checked against the HS 2022
 * headings' texts). In: roller (8482 names roller *bearings*, 8432 lawn rollers, 8455 mill rolls: none is
 * a roller of another machine), spacer, knob, bezel, housing (8483's "bearing housings" only with
 * "bearing", BEARING below), head (printheads, roller and shaver heads; 8466's "dividing heads" are a parts
 * heading anyway), ring (a chapter or holding ring; the machine's chapter decides, so "rings for women"
 * never fire), and the words that say part itself. Out, because the tariff has a heading for them, as
 * Note 2(a) or the notes on parts of general use want: spring 7320, gear 8483, filter 8421, bearing 8482,
 * belt 4010/5910, blade (8208 cutting blades for machines, 8202 saw blades, 8212 razor blades), lid and
 * cap (8309, 3923), clip (8305), bracket (8302), plate (7210 …, 3701), board (8534 printed circuits, 8537
 * control boards), module (8524, 8541), cover (8473 itself excludes covers; dust covers are articles of
 * their material), frame, handle (4417, 8204).
 */
export const PART_WORDS: ReadonlySet<string> = new Set([
  "roller",
  "spacer",
  "knob",
  "bezel",
  "housing",
  "head",
  "ring",
  "part",
  "spare",
  "replacement",
  "accessory",
  "accessorie",
]);

/** With these words the title's "housing" is a bearing housing (8483.20/30), goods of a heading of its own. */
const BEARING = new Set(["bearing", "bearings"]);

/** Chapters whose notes put a part (b) with its machine: Section XVI (84, 85), 90 (Note 2), 91. */
export const MACHINE_CHAPTERS: ReadonlySet<string> = new Set(["84", "85", "90", "91"]);

/**
 * Separate parts headings the notes name for machines of some headings (Section XVI Note 2(b); Chapter
 * 91: parts of watches and clocks in 9110–9114): [first machine heading, last, parts heading].
 */
export const PARTS_HEADINGS: ReadonlyArray<readonly [string, string, string]> = [
  ["8407", "8408", "8409"],
  ["8425", "8430", "8431"],
  ["8444", "8447", "8448"],
  ["8456", "8465", "8466"],
  ["8470", "8472", "8473"],
  ["8501", "8502", "8503"],
  ["8519", "8521", "8522"],
  ["8524", "8528", "8529"],
  ["8535", "8537", "8538"],
  ["9101", "9110", "9114"],
];

/**
 * Factor on the BM25F score of a favoured parts line, before the best lines are cut. Above the reading
 * rules' 1.5: the part word itself ("ring", "roller") is the title's head and names, in the tariff, other
 * goods (jewellery rings, roller bearings) that BM25F puts first. Chosen on HSCodeComp's dev half
 * (docs/hs-codes.md: 1.5 gains 1 listing, 2 to 3 gain 3).
 */
export const MACHINE_PART_FACTOR = 2;

/** matched[]'s rule name on a line favoured as a part of the machine the title names (via "rule", effect "favour"). */
export const MACHINE_PARTS_RULE = "parts-of-machine";

/** The word as PART_WORDS holds it (a trailing "s" dropped). */
function partWord(word: string): string | null {
  if (PART_WORDS.has(word)) return word;
  const singular = word.endsWith("s") ? word.slice(0, -1) : word;
  return PART_WORDS.has(singular) ? singular : null;
}

/** Whether a query word is one of the part words (the machine is read from the other words). */
export function isPartWord(word: string): boolean {
  return partWord(word) !== null;
}

/**
 * The terms that can name the machine: those with a noun WordNet reads as goods or an artifact ("copier",
 * "watch case", "pedicure … file"), other than the part words. A machine is a thing: qualities and
 * unknown words ("cleaning", "charge", "diving", "chapter", model numbers' letters) point the classifier to
 * whatever heading happens to use them.
 */
export function machineTerms<T extends Pick<PlannedTerm, "text">>(planned: readonly T[], classOf: WordClassOf): T[] {
  return planned.filter((t) => {
    const words = t.text.split(" ");
    if (words.every(isPartWord)) return false;
    return words.some((w) => {
      const c = classOf(w);
      return c === "goods" || c === "artifact";
    });
  });
}

/** The title's head noun when it is a part word (the cue), else null. */
export function partCue(tokens: readonly string[], head: number): string | null {
  if (head < 0 || head >= tokens.length) return null;
  const cue = partWord(tokens[head]);
  if (cue === null) return null;
  if (cue === "housing" && tokens.some((t) => BEARING.has(t))) return null;
  return tokens[head];
}

/** The machine heading's lines to favour: its own, and those of the parts heading the notes give it. */
export function partsHeadingsOf(machine: string): string[] {
  const out = [machine];
  for (const [from, to, parts] of PARTS_HEADINGS) if (machine >= from && machine <= to && parts !== machine) out.push(parts);
  return out;
}

/**
 * The heading of chapters 84, 85, 90 or 91 the title's other words point to, or null: the classifier's
 * best heading over all headings, when it is of those chapters (a title whose words point to jewellery or
 * garments is not read as a part of a machine).
 */
export function machineHeading(model: HeadingModel, terms: readonly PriorTerm[]): string | null {
  if (terms.length === 0) return null;
  const headings = [...model.headingIds.keys()];
  const scores = headingScores(model, terms, headings);
  let best: string | null = null;
  let top = Number.NEGATIVE_INFINITY;
  for (const h of headings) {
    const s = scores.get(h) ?? Number.NEGATIVE_INFINITY;
    if (s > top || (s === top && best !== null && h < best)) {
      top = s;
      best = h;
    }
  }
  return best !== null && Number.isFinite(top) && MACHINE_CHAPTERS.has(best.slice(0, 2)) ? best : null;
}

const partsLines = new WeakMap<LineIndex, Uint8Array>();

/**
 * Per line of the index, 1 when it is a "Parts" line: of level 6 or deeper, with "part" or "accessory" in
 * its own text or in its WCO subheading's text ("Printing machinery; parts and accessories, n.e.c.",
 * "Clock or watch parts; …"). Not the ancestors' field: a heading's "…; parts thereof" is in every line
 * of it.
 */
export function partsLinesOf(index: LineIndex): Uint8Array {
  let out = partsLines.get(index);
  if (out) return out;
  out = new Uint8Array(index.lineCount);
  for (const stem of ["part", "accessori"]) {
    const id = index.stemIds.get(stem);
    if (id === undefined) continue;
    for (let p = index.postings.start[id]; p < index.postings.start[id + 1]; p++) {
      const i = index.postings.items[p];
      if (index.levels[i] < 6) continue;
      for (let k = index.lineTerms.start[i]; k < index.lineTerms.start[i + 1]; k++) {
        if (index.lineTerms.items[k] === id && index.lineBits[k] & (FIELD_BITS.own | FIELD_BITS.wco)) out[i] = 1;
      }
    }
  }
  partsLines.set(index, out);
  return out;
}

/** A title read as a part of a machine: the cue word, the machine's heading and the headings whose parts lines it favours. */
export interface MachinePartReading {
  cue: string;
  machine: string;
  headings: readonly string[];
}

/**
 * The reading of a title, or null: its head noun is a part word, and the classifier reads its other
 * terms (`otherTerms`: the planned terms without the part words) as a heading of chapters 84, 85, 90, 91.
 */
export function readMachinePart(
  model: HeadingModel,
  tokens: readonly string[],
  head: number,
  otherTerms: readonly PriorTerm[],
): MachinePartReading | null {
  const cue = partCue(tokens, head);
  if (cue === null) return null;
  const machine = machineHeading(model, otherTerms);
  return machine === null ? null : { cue, machine, headings: partsHeadingsOf(machine) };
}

/**
 * The lines the reading favours (their keys: the parts lines of its headings) and the subheadings holding
 * them, whose lines are made candidates (the title's words may select none of them: "Other" under
 * "Parts and accessories" has no word of its own).
 */
export function favouredLines(reading: MachinePartReading, index: LineIndex): { keys: Set<string>; subheadings: string[] } {
  const parts = partsLinesOf(index);
  const keys = new Set<string>();
  const subheadings: string[] = [];
  for (const [code, g] of index.groupIds) {
    if (!reading.headings.some((h) => code.startsWith(h))) continue;
    let any = false;
    for (let k = index.groupLines.start[g]; k < index.groupLines.start[g + 1]; k++) {
      const i = index.groupLines.items[k];
      if (parts[i] === 1) {
        keys.add(index.keys[i]);
        any = true;
      }
    }
    if (any) subheadings.push(code);
  }
  return { keys, subheadings };
}
