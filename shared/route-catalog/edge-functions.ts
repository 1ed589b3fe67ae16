/**
 * The one list of edge functions, in deployment order. `npm run docs:generate` writes from it each
 * `functions/<name>/index.ts`, the [functions.*] tables of supabase/config.toml (which the Supabase CLI
 * deploys and the local gateway mounts) and `function-routes.ts` (the OpenAPI catalogue's share);
 * tests/unit/generated-files.test.ts fails when one of them is out of date. Pure data: no imports, so
 * that no function loads another's routes.
 */

/** Exports of one module of shared/ (path from shared/); a name written `...routes` is a list, spread. */
export interface ModuleExports {
  module: string;
  names: readonly string[];
}

export interface EdgeFunction {
  name: string;
  /** What the function is, where its routes do not say it (a comment in its index.ts and config.toml). */
  about?: string;
  /** What it serves: routes mounted with createFunctionApp, or an app built by other code (`app`). */
  serves: { routes: readonly ModuleExports[] } | { app: { imports: readonly ModuleExports[]; expression: string } };
  /** Reads the PDF fonts at run time (shared/pdf/fonts.ts): the Supabase CLI bundles them as static files. */
  fonts?: boolean;
}

export const EDGE_FUNCTIONS: readonly EdgeFunction[] = [
  {
    name: "api",
    about:
      "The REST API (/api/v1/…): one router per resource, from the feature folders as listed in shared/route-catalog/rest-routers.ts, each imported on the first request for its resource (a cold start pays only for the router it serves).",
    serves: {
      app: {
        imports: [
          { module: "http/lazy-function-app.ts", names: ["createLazyFunctionApp"] },
          { module: "route-catalog/rest-route-groups.ts", names: ["restRouteGroups"] },
        ],
        expression: "createLazyFunctionApp(restRouteGroups)",
      },
    },
    fonts: true,
  },
  { name: "create-shipment", serves: { routes: [{ module: "shipments/shipment-function-router.ts", names: ["createShipmentRoute"] }] } },
  { name: "get-shipment", serves: { routes: [{ module: "shipments/shipment-function-router.ts", names: ["getShipmentRoute"] }] } },
  { name: "save-draft", serves: { routes: [{ module: "shipments/shipment-function-router.ts", names: ["saveDraftRoute"] }] } },
  {
    name: "validate-shipment",
    serves: { routes: [{ module: "validation/validation-router.ts", names: ["validateShipmentFunctionRoute"] }] },
  },
  {
    name: "verify-hash",
    serves: {
      routes: [
        { module: "verification/verify-hash-router.ts", names: ["verifyHashRoute", "verifyPageRoute"] },
        { module: "credentials/credential-public-router.ts", names: ["...credentialPublicRouter"] },
      ],
    },
  },
  { name: "dispatch-webhooks", serves: { routes: [{ module: "webhooks/dispatch-webhooks-router.ts", names: ["dispatchWebhooksRoute"] }] } },
  {
    name: "generate-documents",
    serves: { routes: [{ module: "generation/generation-router.ts", names: ["generateDocumentsRoute"] }] },
    fonts: true,
  },
  {
    name: "document-field-requirements",
    serves: { routes: [{ module: "generation/generation-router.ts", names: ["documentFieldRequirementsRoute"] }] },
    fonts: true,
  },
  { name: "run-jobs", serves: { routes: [{ module: "schedule/run-jobs-router.ts", names: ["runJobsRoute"] }] }, fonts: true },
  {
    name: "extract-filled-fields",
    serves: { routes: [{ module: "pdf-round-trip/pdf-round-trip-router.ts", names: ["extractFilledFieldsRoute"] }] },
    fonts: true,
  },
  {
    name: "flatten-document",
    serves: { routes: [{ module: "pdf-round-trip/pdf-round-trip-router.ts", names: ["flattenDocumentRoute"] }] },
    fonts: true,
  },
  {
    name: "refresh-reference-data",
    serves: { routes: [{ module: "reference/refresh/refresh-router.ts", names: ["refreshReferenceDataRoute"] }] },
  },
  {
    name: "dashboard",
    about:
      "The dashboard (server-rendered pages under /dashboard): shared/dashboard. Locally the gateway sends /dashboard/* here; on Supabase this function sees the same /dashboard/… paths (docs/dashboard.md, serving HTML on Supabase).",
    serves: {
      app: { imports: [{ module: "dashboard/dashboard-app.ts", names: ["createDashboardApp"] }], expression: "createDashboardApp()" },
    },
    fonts: true,
  },
];
