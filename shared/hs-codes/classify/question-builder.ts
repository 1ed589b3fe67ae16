/**
 * The questions the tariff needs (issue 41): where the remaining candidates part in the schedule's
 * hierarchy, the sibling texts they part on are the options ("Of cotton" / "Of synthetic fibres" /
 * "Other"), each keeping the candidates under it. The most decisive first: by the expected fall in the
 * entropy of the candidates' scores (information gain), at most MAX_QUESTIONS, each with at most
 * MAX_OPTIONS options. Nothing here is written per product: the texts and the tree are the schedule's.
 * Ids are derived from the texts, so the same candidates give the same ids in every round. Pure.
 */
import { pathPrefix } from "./path-prefix.ts";
import { statedFacts } from "./tariff-facts.ts";

export const MAX_QUESTIONS = 3;
export const MAX_OPTIONS = 8;
/** A question that moves less than this (bits) is not worth asking. */
const MIN_GAIN = 0.05;

export interface Pooled {
  code: string;
  /** Texts from the heading down to the line. */
  path: readonly string[];
  score: number;
}

export interface QuestionOption {
  id: string;
  label: string;
  codes: string[];
}

export interface Question {
  id: string;
  text: string;
  options: QuestionOption[];
}

/** A short stable id of a text (FNV-1a, base 36). */
export function textId(prefix: string, text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${prefix}${h.toString(36)}`;
}

/** A node of the candidates' tree: the path prefix (the root "" holds the headings). */
export const nodeKey = (path: readonly string[], depth: number) => pathPrefix(path, depth);
export const questionId = (node: string) => textId("q", node);
export const optionId = (node: string, child: string) => textId("o", `${node} >> ${child}`);

/**
 * The last option when the texts listed do not cover every candidate (more than MAX_OPTIONS children, or
 * candidates outside the node): the right line may be among those, and an answer must be able to say so.
 */
export const REST_LABEL = "None of these";
const REST = "\u0000rest";
export const restOptionId = (node: string) => optionId(node, REST);

/**
 * The children texts a node lists as options over `pool`, the most likely first: all of them when they
 * fit and cover the pool, else the first MAX_OPTIONS − 1 (the last option is then REST_LABEL). Shared
 * by the questions and the answers, so an answer "None of these" keeps exactly what the question left out.
 */
export function listedChildren(pool: readonly Pooled[], depth: number, node: string): { labels: string[]; complete: boolean } {
  const mass = new Map<string, number>();
  let outside = 0;
  for (const p of pool) {
    if (p.path.length <= depth || nodeKey(p.path, depth) !== node) {
      outside++;
      continue;
    }
    mass.set(p.path[depth], (mass.get(p.path[depth]) ?? 0) + Math.max(p.score, 0));
  }
  const labels = [...mass].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([label]) => label);
  if (outside === 0 && labels.length <= MAX_OPTIONS) return { labels, complete: true };
  return { labels: labels.slice(0, MAX_OPTIONS - 1), complete: false };
}

const entropy = (masses: readonly number[]) => {
  const total = masses.reduce((a, b) => a + b, 0);
  if (total <= 0) return 0;
  let h = 0;
  for (const m of masses) if (m > 0) h -= (m / total) * Math.log2(m / total);
  return h;
};

/** What the options' texts ask about, for the question's wording. */
function wording(labels: readonly string[], parent: string): string {
  const kinds = new Set<string>();
  for (const l of labels) for (const d of statedFacts(l).keys()) kinds.add(d);
  const under = parent === "" ? "" : ` (${parent.split(" > ").pop()})`;
  if (kinds.has("fibre") || kinds.has("material")) return `What are the goods made of?${under}`;
  if (kinds.has("gender")) return `For whom are the goods?${under}`;
  if (kinds.has("construction")) return `Knitted or crocheted, or not?${under}`;
  if (parent === "") return "Which of these headings describes the goods?";
  return `Which of these describes the goods?${under}`;
}

/**
 * The questions on which `pool` parts, most decisive first; `answered` question ids are not asked again.
 * Scores weigh the candidates (the chance the right line is each); a node whose candidates all sit under
 * one text asks nothing.
 */
export function buildQuestions(pool: readonly Pooled[], answered: ReadonlySet<string> = new Set()): Question[] {
  if (pool.length < 2) return [];
  const total = pool.reduce((a, p) => a + Math.max(p.score, 0), 0) || 1;
  const mass = pool.map((p) => Math.max(p.score, 0) / total);
  const poolEntropy = entropy(mass);
  // Per node: its depth, and its children texts with the candidates under each.
  const nodes = new Map<string, Map<string, number[]>>();
  const depthOf = new Map<string, number>();
  pool.forEach((p, i) => {
    // Depth 0 is the root: the headings are its children.
    for (let d = 0; d < p.path.length; d++) {
      const key = nodeKey(p.path, d);
      depthOf.set(key, d);
      let children = nodes.get(key);
      if (!children) nodes.set(key, (children = new Map()));
      const child = p.path[d];
      let list = children.get(child);
      if (!list) children.set(child, (list = []));
      list.push(i);
    }
  });
  // Every node's gain; the questions themselves (their wording and codes) only for those asked.
  const scored: Array<{ gain: number; id: string; node: string; options: Array<{ label: string; id: string; members: number[] }> }> = [];
  for (const [node, children] of nodes) {
    if (children.size < 2) continue;
    const id = questionId(node);
    if (answered.has(id)) continue;
    const listed = listedChildren(pool, depthOf.get(node) ?? 0, node);
    const options: Array<{ label: string; id: string; members: number[]; mass: number }> = listed.labels.map((label) => {
      const members = children.get(label) ?? [];
      return { label, id: optionId(node, label), members, mass: members.reduce((a, i) => a + mass[i], 0) };
    });
    if (!listed.complete) {
      const inside = new Uint8Array(pool.length);
      for (const o of options) for (const i of o.members) inside[i] = 1;
      const members: number[] = [];
      for (let i = 0; i < pool.length; i++) if (inside[i] === 0) members.push(i);
      options.push({ label: REST_LABEL, id: restOptionId(node), members, mass: members.reduce((a, i) => a + mass[i], 0) });
    }
    // After the answer: the chosen option's candidates; every candidate is under one option.
    const after = options.reduce((a, o) => a + o.mass * entropy(o.members.map((i) => mass[i])), 0);
    const gain = poolEntropy - after;
    if (gain < MIN_GAIN) continue;
    scored.push({ gain, id, node, options });
  }
  return scored
    .sort((a, b) => b.gain - a.gain || a.id.localeCompare(b.id))
    .slice(0, MAX_QUESTIONS)
    .map(({ id, node, options }) => ({
      id,
      text: wording(
        options.map((o) => o.label),
        node,
      ),
      options: options.map((o) => ({
        id: o.id,
        label: o.label,
        codes: [...new Set(o.members.map((i) => pool[i].code))],
      })),
    }));
}

/** Whether the pool's lines differ by nothing the tariff states: one line, or one path for all. */
export function isResolved(pool: readonly Pooled[]): boolean {
  const paths = new Set(pool.map((p) => p.path.join(" > ")));
  return paths.size <= 1;
}
