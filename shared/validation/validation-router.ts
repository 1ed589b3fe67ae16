import { VALIDATION_ERRORS } from "./validation-errors.ts";
import { defineRoute, type RouteDef } from "../http/route.ts";
import { COMMON_ERRORS, err } from "../http/common-responses.ts";
import { IdParam } from "../shipments/shipment-schemas.ts";
import { validateShipment } from "./validate-shipment.ts";
import { functionValidationBody, restValidationBody } from "./validation-responses.ts";
import {
  AnyShipmentData,
  FunctionValidationResponse,
  RestValidationResponse,
  ValidateQuery,
  ValidateShipmentFunctionBody,
  ValidateStoredShipmentBody,
} from "./validation-schemas.ts";

const VALIDATION_RESPONSES = { ...COMMON_ERRORS, 400: err("Bad request, or unknown gate_slug (SVC_GATE_001)") };
const FAILURES_ARE_200 = "Validation failures are not HTTP errors: the answer is 200 with the failing rules.";

export const validateShipmentFunctionRoute = defineRoute({
  method: "post",
  path: "/functions/v1/validate-shipment",
  operationId: "validateShipmentFunction",
  summary: "Validate shipment data (layers, passed, hash on pass); with shipment_id, link the record and move the status",
  description: FAILURES_ARE_200,
  tags: ["Validation"],
  auth: "function",
  rechecksKey: true,
  body: ValidateShipmentFunctionBody,
  bodyErrorCode: (issue) =>
    issue.path.length === 1 && issue.path[0] === "shipment" && issue.code === "invalid_type" ? VALIDATION_ERRORS.SVC_VAL_002 : undefined,
  responses: {
    200: { description: "The run", schema: FunctionValidationResponse },
    ...VALIDATION_RESPONSES,
    404: err("shipment_id not found (SVC_SHIP_004)"),
  },
  handler: async (c, { body, principal }) =>
    c.json(
      functionValidationBody(
        await validateShipment(c.var.services, principal, {
          shipment: body.shipment,
          shipmentId: body.shipment_id,
          gateSlug: body.gate_slug,
          documentTypes: body.document_types,
        }),
      ),
      200,
    ),
});

export const validationRouter: RouteDef[] = [
  defineRoute({
    method: "post",
    path: "/api/v1/shipments/validate",
    operationId: "validateShipmentData",
    summary: "Validate shipment data sent as the body",
    description: FAILURES_ARE_200,
    tags: ["Validation"],
    auth: "api-key",
    rechecksKey: true,
    body: AnyShipmentData,
    query: ValidateQuery,
    responses: { 200: { description: "Validation result", schema: RestValidationResponse }, ...VALIDATION_RESPONSES },
    handler: async (c, { body, query, principal }) =>
      c.json(
        restValidationBody(
          await validateShipment(c.var.services, principal, {
            shipment: body,
            gateSlug: query.gate_slug,
            documentTypes: query.document_types,
          }),
        ),
        200,
      ),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/shipments/{id}/validate",
    operationId: "validateStoredShipment",
    summary: "Re-validate a stored shipment's data; moves its status (validated / validation_failed)",
    description: FAILURES_ARE_200,
    tags: ["Validation"],
    auth: "api-key",
    rechecksKey: true,
    params: IdParam,
    body: ValidateStoredShipmentBody,
    bodyOptional: true,
    responses: {
      200: { description: "Validation result", schema: RestValidationResponse },
      ...VALIDATION_RESPONSES,
      404: err("Shipment not found (SVC_SHIP_004)"),
    },
    handler: async (c, { params, body, principal }) =>
      c.json(
        restValidationBody(
          await validateShipment(c.var.services, principal, {
            shipmentId: params.id,
            gateSlug: body.gate_slug,
            documentTypes: body.document_types,
          }),
        ),
        200,
      ),
  }),
];
