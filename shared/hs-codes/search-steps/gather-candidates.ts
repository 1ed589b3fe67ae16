/**
 * Fourth step of a description search: the lines to score. The search references the query names, the
 * parts lines of a machine a part word is for (machine-parts.ts) and the subheadings a reading rule
 * brings join the lines the planned terms reach in the line index (line-index.ts candidateLines).
 */
import { headingModelFor, priorTerms } from "../heading-prior.ts";
import { hasValidityPeriods } from "../hs-code-repository.ts";
import { candidateLines, type ListedOn } from "../line-index.ts";
import { favouredLines, machineTerms, partCue, readMachinePart } from "../machine-parts.ts";
import { candidateAlternatives, candidateStems, planStems } from "../query-plan.ts";
import { broughtSubheadings } from "../reading-rules.ts";
import { loadSearchReferences } from "../search-references.ts";
import type { Candidates, QueryReading, TermPlan, TextSearchRequest, WordCorrections } from "./search-context.ts";

/** The candidates, or null when no term matched and no search reference names a line. */
export async function gatherCandidates(search: TextSearchRequest & QueryReading & TermPlan & WordCorrections): Promise<Candidates | null> {
  const { db, schedule, limit, build, tokens, readAs, planned, place, index, roles, wordnet, fired } = search;
  const references = (await loadSearchReferences(db, build.referencesAt)).match(tokens.flatMap((t) => readAs.get(t) ?? [t]));
  if (planned.length === 0 && references.length === 0) return null;
  planned.sort((a, b) => (place.get(a) ?? 0) - (place.get(b) ?? 0));
  const stemList = planStems(planned);
  const headingModel = headingModelFor(index);
  // Section XVI Note 2(b): a part word heads the title and its other words name a machine (machine-parts.ts);
  // the machine is looked for only when the head is a part word.
  const machinePart =
    partCue(tokens, roles.head) === null
      ? null
      : readMachinePart(headingModel, tokens, roles.head, priorTerms(index, machineTerms(planned, wordnet.classOf)));
  const partLines = machinePart ? favouredLines(machinePart, index) : null;
  // A rule reading the goods as those of a heading whose texts lack the title's words brings its lines.
  const subheadings = [
    ...new Set([
      ...references.map((m) => m.subheading),
      ...broughtSubheadings(
        fired.filter((f) => !f.rule.withinHeading),
        index.groupIds.keys(),
      ),
      ...(partLines?.subheadings ?? []),
    ]),
  ];
  // UTC: the day PostgreSQL's current_date gives on a database in UTC (Supabase's default).
  const listedOn: ListedOn = { today: new Date().toISOString().slice(0, 10), validity: hasValidityPeriods(schedule) };
  const request = (allTerms: boolean) => ({
    select: candidateStems(planned, { allTerms }),
    stems: stemList,
    subheadings,
    limit,
    ...listedOn,
  });
  let allTerms = false;
  let candidates = candidateLines(index, request(allTerms));
  if (candidates.length === 0 && candidateAlternatives(planned).length < planned.reduce((n, t) => n + t.alternatives.length, 0)) {
    // The best alternatives are in no line of this schedule (only in another schedule's texts): all of them.
    allTerms = true;
    candidates = candidateLines(index, request(allTerms));
  }
  // A rule that reads a heading's subheading brings that subheading's lines under the headings reached.
  const bringsWithin = fired.filter((f) => f.rule.withinHeading && f.rule.bringsLines);
  const within =
    bringsWithin.length === 0
      ? []
      : broughtSubheadings(bringsWithin, index.groupIds.keys(), new Set(candidates.map((c) => c.code.slice(0, 4)))).filter(
          (k) => !subheadings.includes(k),
        );
  if (within.length > 0) {
    // Only those subheadings' lines: the title's words selected the others already.
    const have = new Set(candidates.map((c) => c.lineKey));
    const brought = candidateLines(index, { ...request(allTerms), select: [], subheadings: within });
    candidates = [...candidates, ...brought.filter((c) => !have.has(c.lineKey))];
  }
  return { references, headingModel, machinePart, partLines, listedOn, candidates };
}
