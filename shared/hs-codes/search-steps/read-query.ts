/**
 * First step of a description search: the query's words and the readings of the title (reading rules,
 * materials), their stems and the schedule's build (one query at most when warm), the schedule's
 * statistics and index, the query's terms with the WordNet bridge, and each word's role.
 */
import { notLoaded } from "../choose-schedule.ts";
import { namedMaterials } from "../material-residuals.ts";
import { queryWordCounts, titleWords, tokenizeHsQuery } from "../normalize.ts";
import { expandQuery, queryRoles, tariffBridge, termFactor, type Term, WEIGHTS } from "../query-plan.ts";
import { firedRules } from "../reading-rules.ts";
import { lineIndexFor, stemsAndBuild, vocabularyFor } from "../search-caches.ts";
import { loadWordNetVocabulary } from "../wordnet-vocabulary.ts";
import type { QueryReading, TextSearchRequest } from "./search-context.ts";

export async function readQuery({ db, schedule, q }: TextSearchRequest): Promise<QueryReading> {
  const wordnet = await loadWordNetVocabulary();
  const tokens = tokenizeHsQuery(q);
  // How a customs classifier reads the title (reading-rules.ts): moves lines by code, may add tariff words.
  const fired = firedRules(q);
  const materials = namedMaterials(q);
  const ruleTerms: Term[] = fired.flatMap((f) =>
    f.rule.reads
      ? [
          {
            text: f.cue,
            alternatives: [{ words: [...f.rule.reads], weight: WEIGHTS.rule, via: "rule" as const }],
            factor: 1,
            role: "attribute" as const,
          },
        ]
      : [],
  );
  const wordsOf = (list: readonly Term[]) => list.flatMap((t) => t.alternatives.flatMap((a) => a.words));
  // Every WordNet target's words are stemmed with the query's; the bridge then keeps the targets the
  // schedule's texts have (tariffBridge).
  const { build, stems } = await stemsAndBuild(db, schedule, [
    ...new Set([...wordsOf(expandQuery(tokens, wordnet.bridge)), ...wordsOf(ruleTerms)]),
  ]);
  if (build === null || build.lineCount === 0) throw notLoaded(schedule);
  const vocab = vocabularyFor(db, schedule, build);
  const [stemCounts, fields, index] = await Promise.all([vocab.stems, vocab.fields, lineIndexFor(db, schedule, vocab)]);
  const unstemmed = new Set<string>();
  const bridge = tariffBridge(wordnet.bridge, (w) => {
    const st = stems.get(w);
    if (!st) unstemmed.add(w);
    return !!st && st.every((s) => (stemCounts.get(s)?.lines ?? 0) > 0 || (stemCounts.get(s)?.shared ?? 0) > 0);
  });
  const withBridge = async (expand: () => Term[]): Promise<Term[]> => {
    for (;;) {
      unstemmed.clear();
      const out = expand();
      const more = [...new Set([...unstemmed, ...wordsOf(out)])].filter((w) => !stems.has(w));
      if (more.length === 0) return out;
      const found = (await stemsAndBuild(db, schedule, more)).stems;
      for (const [w, st] of found) stems.set(w, st);
      // A word the database gave no stems for: a stop word (so no round is repeated for it).
      for (const w of more) if (!stems.has(w)) stems.set(w, []);
    }
  };
  const terms = await withBridge(() => expandQuery(tokens, bridge));
  const stats = {
    df: (s: string) => stemCounts.get(s)?.lines ?? 0,
    dfOwn: (s: string) => stemCounts.get(s)?.own ?? 0,
    dfShared: (s: string) => stemCounts.get(s)?.shared ?? 0,
    lines: build.lineCount,
    sharedDocs: fields.sharedDocs,
  };
  const stemsOf = (w: string) => stems.get(w);
  // The head product noun and the other words' roles (issue 27): by position and part of speech.
  const roles = queryRoles(tokens, wordnet.classOf, (w) => (stems.get(w) ?? [""]).length === 0, queryWordCounts(q), titleWords(q));
  for (const t of terms) Object.assign(t, termFactor(t, tokens, roles));
  const roleOfWord = (w: string) => termFactor({ text: w, alternatives: [] }, tokens, roles);
  return {
    wordnet,
    tokens,
    fired,
    materials,
    ruleTerms,
    build,
    stems,
    vocab,
    stemCounts,
    fields,
    index,
    bridge,
    withBridge,
    terms,
    stats,
    stemsOf,
    roles,
    roleOfWord,
  };
}
