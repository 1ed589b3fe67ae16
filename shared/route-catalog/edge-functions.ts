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

/** A function that serves one route: the export `route` of `module`. */
function oneRoute(name: string, module: string, route: string, fonts?: true): EdgeFunction {
  return { name, serves: { routes: [{ module, names: [route] }] }, ...(fonts ? { fonts } : {}) };
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
  oneRoute("create-shipment", "shipments/shipment-function-router.ts", "createShipmentRoute"),
  oneRoute("get-shipment", "shipments/shipment-function-router.ts", "getShipmentRoute"),
  oneRoute("save-draft", "shipments/shipment-function-router.ts", "saveDraftRoute"),
  oneRoute("validate-shipment", "validation/validation-router.ts", "validateShipmentFunctionRoute"),
  {
    name: "verify-hash",
    serves: {
      routes: [
        { module: "verification/verify-hash-router.ts", names: ["verifyHashRoute", "verifyPageRoute"] },
        { module: "credentials/credential-public-router.ts", names: ["...credentialPublicRouter"] },
      ],
    },
  },
  oneRoute("dispatch-webhooks", "webhooks/dispatch-webhooks-router.ts", "dispatchWebhooksRoute"),
  oneRoute("generate-documents", "generation/generation-router.ts", "generateDocumentsRoute", true),
  oneRoute("document-field-requirements", "generation/generation-router.ts", "documentFieldRequirementsRoute", true),
  oneRoute("run-jobs", "schedule/run-jobs-router.ts", "runJobsRoute", true),
  oneRoute("extract-filled-fields", "pdf-round-trip/pdf-round-trip-router.ts", "extractFilledFieldsRoute", true),
  oneRoute("flatten-document", "pdf-round-trip/pdf-round-trip-router.ts", "flattenDocumentRoute", true),
  oneRoute("refresh-reference-data", "reference/refresh/refresh-router.ts", "refreshReferenceDataRoute"),
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
