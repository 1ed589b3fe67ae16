import type { LazyRouteGroup } from "../http/lazy-function-app.ts";

/**
 * The `api` function's routers by resource segment, imported on first use (see lazy-function-app.ts).
 * route-catalog.ts lists the same routers eagerly for the OpenAPI document; a unit test checks that
 * every catalogued REST route is served by the group of its segment.
 */
export const restRouteGroups: LazyRouteGroup[] = [
  {
    segments: ["accounts", "account"],
    load: async () => [
      ...(await import("../account-api/accounts-router.ts")).accountsRouter,
      ...(await import("../account-api/members-router.ts")).membersRouter,
    ],
  },
  { segments: ["api-keys"], load: async () => (await import("../account-api/api-keys-router.ts")).apiKeysRouter },
  {
    segments: ["shipments"],
    load: async () => {
      const [validation, shipments, generation] = await Promise.all([
        import("../validation/validation-router.ts"),
        import("../shipments/shipments-router.ts"),
        import("../generation/generation-router.ts"),
      ]);
      // Catalogue order: /shipments/validate is mounted before /shipments/{id}.
      return [...validation.validationRestRoutes, ...shipments.shipmentsRouter, ...generation.documentRestRoutes];
    },
  },
  { segments: ["reference-data"], load: async () => (await import("../reference/reference-data-router.ts")).referenceDataRouter },
  {
    segments: ["documents"],
    load: async () => [
      ...(await import("../generation/generation-router.ts")).documentRestRoutes,
      ...(await import("../credentials/credential-api-router.ts")).credentialRestRoutes,
    ],
  },
  { segments: ["parties"], load: async () => (await import("../parties/parties-router.ts")).partiesRouter },
  { segments: ["hs-codes"], load: async () => (await import("../hs-codes/hs-codes-router.ts")).hsCodesRouter },
  { segments: ["extract"], load: async () => (await import("../extraction/extraction-router.ts")).extractionRouter },
  { segments: ["webhooks"], load: async () => (await import("../webhooks/webhooks-router.ts")).webhooksRouter },
  { segments: ["openapi.json"], load: async () => (await import("./openapi-router.ts")).openapiRouter },
];
