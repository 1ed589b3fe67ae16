/**
 * Dashboard > Screening: the account's review decisions (every member reads them) with a form to record
 * one (owners and admins only; a member's POST is refused with 403), and the matches monitoring found.
 * The form posts with the page's CSRF token like every dashboard form; decisions go through the same
 * service as the API.
 */
import type { Context, Hono } from "hono";
import { html } from "hono/html";
import { canManageSettings, type DashboardEnv } from "../dashboard-env.ts";
import { renderPage } from "../layout.ts";
import { noticeFrom, readForm, redirectWithNotice } from "../page-helpers.ts";
import { PLATFORM_ERRORS } from "../../errors/platform-errors.ts";
import { AppError } from "../../errors/app-error.ts";
import { CreateReviewBody } from "../../screening/reviews/review-schemas.ts";
import { listReviewPage, memberReviewer, recordReview } from "../../screening/reviews/review-service.ts";
import { listMonitorMatches } from "../../screening/monitoring/monitor-repository.ts";
import {
  type DecisionErrors,
  type DecisionForm,
  decisionForm,
  monitorMatches,
  PAGE_SIZE,
  parseFilters,
  reviewTrail,
  SCREENING_PATH,
} from "./reviews-view.ts";

const NOTICES = { recorded: "The decision is recorded. Later validations of this party apply it." };
const EMPTY: DecisionForm = { party_name: "", list: "", entry_id: "", decision: "", reason: "" };

async function screeningPage(
  c: Context<DashboardEnv>,
  extra: { form?: DecisionForm; errors?: DecisionErrors; notice?: { kind: "error" | "ok"; text: string }; status?: number } = {},
): Promise<Response> {
  const { db } = c.get("services");
  const member = c.get("member");
  const filters = parseFilters(c.req.query());
  const [page, matches] = await Promise.all([
    listReviewPage(db, member.accountId, { ...filters, limit: PAGE_SIZE }),
    listMonitorMatches(db, member.accountId),
  ]);
  // A link from a finding may fill the form (?party_name=…&list=…&entry_id=…).
  const q = c.req.query();
  const prefill: DecisionForm = {
    ...EMPTY,
    party_name: (q.party_name ?? "").slice(0, 300),
    list: (q.list_name ?? "").slice(0, 100),
    entry_id: (q.entry_id ?? "").slice(0, 100),
  };
  return renderPage(c, {
    title: "Screening",
    active: "screening",
    status: extra.status,
    notice: extra.notice ?? noticeFrom(c, NOTICES),
    body: html`<p>Sanctions matches found by validation are reviewed here: a <strong>cleared</strong> match becomes information on later
validations of the same party, while the list entry is unchanged and the clearance has not expired; a <strong>confirmed</strong> match stays an error.</p>
${canManageSettings(member.role) ? decisionForm(c, extra.form ?? prefill, extra.errors) : html`<p class="muted">Owners and admins of the account record decisions; you can read them.</p>`}
${monitorMatches(matches)}
<h2>Decisions</h2>
${reviewTrail(filters, page.reviews, page.pagination.total)}`,
  });
}

export function registerScreeningPages(app: Hono<DashboardEnv>): void {
  app.get(SCREENING_PATH, (c) => screeningPage(c));

  app.post(`${SCREENING_PATH}/reviews`, async (c) => {
    const member = c.get("member");
    // The error page of the dashboard answers it as "Not allowed" (403).
    if (!canManageSettings(member.role)) {
      throw new AppError(
        PLATFORM_ERRORS.SVC_AUTH_004,
        "Only owners and admins of the account record screening decisions; you can read them.",
      );
    }
    const form = await readForm(c);
    const values: DecisionForm = {
      party_name: form.get("party_name"),
      list: form.get("list"),
      entry_id: form.get("entry_id"),
      decision: form.get("decision"),
      reason: form.get("reason"),
    };
    const parsed = CreateReviewBody.safeParse(values);
    if (!parsed.success) {
      const errors: DecisionErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof DecisionForm;
        errors[key] ??= key === "decision" ? "Choose cleared or confirmed." : `${issue.message}.`;
      }
      return screeningPage(c, {
        form: values,
        errors,
        status: 400,
        notice: { kind: "error", text: "The decision was not recorded: see the marked fields." },
      });
    }
    try {
      await recordReview(c.get("services").db, member.accountId, memberReviewer(member), parsed.data);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return screeningPage(c, { form: values, status: e.status, notice: { kind: "error", text: e.message } });
    }
    return redirectWithNotice(c, SCREENING_PATH, "recorded");
  });
}
