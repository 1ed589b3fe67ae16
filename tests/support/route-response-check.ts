import { observeRouteResponses } from "../../shared/http/route.ts";
import { responseMismatch } from "../../shared/http/response-check.ts";
import { ERROR_CODES } from "../../shared/docs/error-catalogue.ts";

const mismatches: string[] = [];

/**
 * Checks every route's response against the schema it declares for that status (the route layer calls
 * the observer with the final answer, errors included). A mismatch is kept until `throwOnMismatch`,
 * which the test gateway calls after each request, so the test that caused it fails with the reason.
 */
export function checkRouteResponses(): void {
  observeRouteResponses(async (route, res) => {
    const contentType = res.headers.get("content-type") ?? "";
    // Only JSON (and bodiless) answers are read; a PDF or a page is judged by its media type.
    const text = contentType === "" || contentType.includes("json") ? await res.clone().text() : "";
    const problem = responseMismatch(route, { status: res.status, contentType, text }, ERROR_CODES);
    if (problem) mismatches.push(problem);
  });
}

export function throwOnMismatch(): void {
  if (mismatches.length === 0) return;
  const found = mismatches.splice(0);
  throw new Error(`Response does not match its declaration:\n${found.join("\n")}`);
}
