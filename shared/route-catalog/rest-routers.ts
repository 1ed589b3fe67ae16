import type { RouteDef } from "../http/route.ts";

/** One REST router of a feature, imported when first needed, with the resource segments (`/api/v1/<segment>/…`) its routes sit under. */
export interface RestRouter {
  segments: readonly string[];
  load: () => Promise<RouteDef[]>;
}

/**
 * The one list of the `api` function's routers, in catalogue order (the order of the OpenAPI document
 * and of mounting: /shipments/validate before /shipments/{id}). The lazy route groups of the `api`
 * function (rest-route-groups.ts) and the catalogue (all-routes.ts) are both derived from it. This
 * module imports no router eagerly, so that a cold `api` function evaluates only the router it serves.
 */
export const restRouters: readonly RestRouter[] = [
  { segments: ["accounts", "account"], load: async () => (await import("../account-management/accounts-router.ts")).accountsRouter },
  { segments: ["api-keys"], load: async () => (await import("../account-management/api-keys-router.ts")).apiKeysRouter },
  { segments: ["shipments"], load: async () => (await import("../validation/validation-router.ts")).validationRouter },
  { segments: ["shipments"], load: async () => (await import("../shipments/shipments-router.ts")).shipmentsRouter },
  { segments: ["reference-data"], load: async () => (await import("../reference/reference-data-router.ts")).referenceDataRouter },
  { segments: ["shipments", "documents"], load: async () => (await import("../generation/generation-router.ts")).documentsRouter },
  { segments: ["documents"], load: async () => (await import("../generation/einvoice-router.ts")).einvoiceRouter },
  { segments: ["documents"], load: async () => (await import("../credentials/credential-rest-router.ts")).credentialsRouter },
  { segments: ["parties"], load: async () => (await import("../parties/parties-router.ts")).partiesRouter },
  { segments: ["hs-codes"], load: async () => (await import("../hs-codes/hs-codes-router.ts")).hsCodesRouter },
  { segments: ["hs-codes"], load: async () => (await import("../hs-codes/classify/classify-router.ts")).classifyRouter },
  { segments: ["extract"], load: async () => (await import("../extraction/extraction-router.ts")).extractionRouter },
  { segments: ["screening"], load: async () => (await import("../screening/reviews/reviews-router.ts")).screeningReviewsRouter },
  { segments: ["webhooks"], load: async () => (await import("../webhooks/webhooks-router.ts")).webhooksRouter },
  { segments: ["accounts", "account"], load: async () => (await import("../account-management/members-router.ts")).membersRouter },
];
