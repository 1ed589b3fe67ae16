import { z } from "zod";
import type { RouteDef } from "../http/route.ts";
import type { AuthMode } from "../auth/authenticate.ts";

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const out = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  delete out.$schema;
  return out;
}

const SECURITY: Record<AuthMode, Record<string, string[]>[]> = {
  public: [],
  "api-key": [{ apiKey: [] }],
  function: [{ anonKey: [], apiKey: [] }],
  "service-role": [{ serviceRole: [] }],
};

function parameters(def: RouteDef): unknown[] {
  const out: unknown[] = [];
  const add = (schema: z.ZodType | undefined, where: "query" | "path") => {
    if (!schema) return;
    const js = jsonSchema(schema, "input");
    const props = (js.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((js.required as string[] | undefined) ?? []);
    for (const [name, s] of Object.entries(props)) {
      const { description, ...rest } = s;
      out.push({
        name,
        in: where,
        required: where === "path" || required.has(name),
        schema: rest,
        ...(description ? { description } : {}),
      });
    }
  };
  add(def.query, "query");
  add(def.params, "path");
  return out;
}

/** OpenAPI 3.1 (whose schemas are JSON Schema 2020-12) straight from the routes' zod schemas. */
export interface OpenApiDocument {
  openapi: "3.1.0";
  info: Record<string, unknown>;
  servers: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, unknown>;
}

export function buildOpenApiDocument(routes: RouteDef[], serverUrl: string): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of routes) {
    const responses: Record<string, unknown> = {};
    for (const [status, r] of Object.entries(def.responses)) {
      responses[status] = {
        description: r.description,
        ...(r.schema ? { content: { [r.contentType ?? "application/json"]: { schema: jsonSchema(r.schema, "output") } } } : {}),
        ...(r.contentType && !r.schema ? { content: { [r.contentType]: {} } } : {}),
      };
    }
    (paths[def.path] ??= {})[def.method] = {
      operationId: def.operationId,
      summary: def.summary,
      ...(def.description ? { description: def.description } : {}),
      tags: def.tags,
      security: SECURITY[def.auth],
      parameters: parameters(def),
      ...(def.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(def.body, "input") } } } } : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Trade Document Service",
      version: "1.0.0",
      description: "Validation, shipment records and trade documents. Errors use {error: {code, message, …}}; see docs/errors.md.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "Authorization: Bearer <API key> (tds_…)" },
        anonKey: {
          type: "apiKey",
          in: "header",
          name: "apikey",
          description: "The project key: a publishable (sb_publishable_…) or secret (sb_secret_…) key, or an anon or service_role JWT",
        },
        serviceRole: {
          type: "http",
          scheme: "bearer",
          description: "Authorization: Bearer <secret key (sb_secret_…) or service_role JWT> (admin)",
        },
      },
    },
  };
}
