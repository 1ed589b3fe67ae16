import { defineRoute, type RouteDef } from "../http/route.ts";
import { buildOpenApiDocument } from "../openapi/build-openapi-document.ts";
import { allRoutes } from "./route-catalog.ts";

let cached: Record<string, unknown> | undefined;

export const openapiRouter: RouteDef[] = [
  defineRoute({
    method: "get",
    path: "/api/v1/openapi.json",
    operationId: "getOpenApiDocument",
    summary: "This OpenAPI 3.1 document",
    tags: ["Meta"],
    auth: "public",
    responses: { 200: { description: "OpenAPI 3.1 document" } },
    handler: (c) => {
      cached ??= buildOpenApiDocument([...allRoutes, ...openapiRouter], c.var.services.config.publicBaseUrl);
      return c.json(cached);
    },
  }),
];
