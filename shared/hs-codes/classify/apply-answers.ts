/**
 * Answers narrow the candidates (issue 41): an answer names a question (a node of the candidates' tree,
 * question-builder.ts) and one of its options (a child text); the candidates kept are those under that
 * child. Answers apply in the order given, each to the candidates the earlier ones kept. Pure.
 */
import { listedChildren, nodeKey, optionId, type Pooled, questionId, REST_LABEL, restOptionId } from "./question-builder.ts";

export interface Answer {
  question_id: string;
  option_id: string;
}

export type Narrowed<T extends Pooled> =
  | { ok: true; pool: T[]; answered: Set<string>; chosen: Set<string> }
  | { ok: false; answer: Answer; index: number; problem: string };

export function applyAnswers<T extends Pooled>(pool: readonly T[], answers: readonly Answer[]): Narrowed<T> {
  let kept = [...pool];
  const answered = new Set<string>();
  /** The option texts chosen (the candidates' why). */
  const chosen = new Set<string>();
  for (const [index, answer] of answers.entries()) {
    if (answered.has(answer.question_id)) continue;
    let next: T[] | null = null;
    let known = false;
    // The node whose id the question carries, among the candidates still kept.
    for (const p of kept) {
      for (let d = 0; d < p.path.length; d++) {
        const node = nodeKey(p.path, d);
        if (questionId(node) !== answer.question_id) continue;
        known = true;
        if (answer.option_id === restOptionId(node)) {
          // "None of these": the candidates the question did not list.
          const listed = new Set(listedChildren(kept, d, node).labels);
          next = kept.filter((q) => !(q.path.length > d && nodeKey(q.path, d) === node && listed.has(q.path[d])));
          chosen.add(REST_LABEL);
          break;
        }
        const child = kept
          .map((q) => q.path[d])
          .find((c, i) => c !== undefined && nodeKey(kept[i].path, d) === node && optionId(node, c) === answer.option_id);
        if (child === undefined) return { ok: false, answer, index, problem: "is not an option of that question" };
        next = kept.filter((q) => nodeKey(q.path, d) === node && q.path[d] === child);
        chosen.add(child);
        break;
      }
      if (known) break;
    }
    if (!known || next === null) {
      return {
        ok: false,
        answer,
        index,
        problem: "names no question of these candidates (asked for another description, or ruled out by an earlier answer)",
      };
    }
    kept = next;
    answered.add(answer.question_id);
  }
  return { ok: true, pool: kept, answered, chosen };
}
