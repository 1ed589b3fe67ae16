import type { Services } from "../runtime/services.ts";
import type { KeyPrincipal } from "../accounts/account-repository.ts";

/** Hono context variables set by the shared middleware. */
export type AppEnv = {
  Variables: {
    services: Services;
    requestId: string;
    principal: KeyPrincipal;
  };
};
