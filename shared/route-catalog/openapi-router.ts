import { z } from "zod";
import { defineRoute, type RouteDef } from "../http/route.ts";
import { buildOpenApiDocument, type OpenApiDocument } from "../openapi/build-openapi-document.ts";
import { loadAllRoutes } from "./all-routes.ts";

let cached: OpenApiDocument | undefined;

export const openapiRouter: RouteDef[] = [
  defineRoute({
    method: "get",
    path: "/api/v1/openapi.json",
    operationId: "getOpenApiDocument",
    summary: "This OpenAPI 3.1 document",
    tags: ["Meta"],
    auth: "public",
    responses: {
      200: {
        description: "OpenAPI 3.1 document",
        schema: z.looseObject({ openapi: z.literal("3.1.0"), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) }),
      },
    },
    handler: async (c) => {
      cached ??= buildOpenApiDocument([...(await loadAllRoutes()), ...openapiRouter], c.var.services.config.publicBaseUrl);
      return c.json(cached, 200);
    },
  }),
];
