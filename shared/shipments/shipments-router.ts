import { defineRoute, type RouteDef } from "../http/route.ts";
import { pageOffset, pagination } from "../http/pagination.ts";
import { AppError } from "../errors/app-error.ts";
import { COMMON_ERRORS, err } from "../http/common-responses.ts";
import {
  IdParam,
  ListShipmentsQuery,
  RestCreateShipmentBody,
  ReviseShipmentBody,
  ShipmentPage,
  ShipmentRecordSchema,
  shipmentDataCode,
} from "./shipment-schemas.ts";
import { createShipment, promoteDraftShipment, withFailureCode } from "./shipment-service.ts";
import { findShipment, listGenerationHistory, listShipments, reviseShipmentData } from "./shipment-repository.ts";
import { SHIPMENTS_ERRORS } from "./shipments-errors.ts";

const tags = ["Shipments"];
const notFound = err("Shipment not found (SVC_SHIP_004)");

function shipmentNotFound(id: string): AppError {
  return new AppError(SHIPMENTS_ERRORS.SVC_SHIP_004, "Shipment not found", { details: { shipment_id: id } });
}

export const shipmentsRouter: RouteDef[] = [
  defineRoute({
    method: "post",
    path: "/api/v1/shipments",
    operationId: "createShipment",
    summary: "Create a shipment, or a draft with draft: true",
    tags,
    auth: "api-key",
    body: RestCreateShipmentBody,
    bodyErrorCode: shipmentDataCode(SHIPMENTS_ERRORS.SVC_SHIP_001),
    responses: {
      201: { description: "The new shipment record", schema: ShipmentRecordSchema },
      ...COMMON_ERRORS,
      429: err("Monthly quota reached (SVC_QUOTA_001)"),
    },
    handler: async (c, { body, principal }) => {
      const rec = await withFailureCode(SHIPMENTS_ERRORS.SVC_SHIP_002, "Shipment could not be created", () =>
        createShipment(c.var.services.db, principal, {
          data: body.shipment_data,
          ref: body.shipment_ref ?? null,
          draft: body.draft ?? false,
        }),
      );
      return c.json(rec, 201);
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/shipments",
    operationId: "listShipments",
    summary: "List shipments, newest updated_at first, with page, limit, status and search",
    tags,
    auth: "api-key",
    query: ListShipmentsQuery,
    responses: { 200: { description: "A page of shipments", schema: ShipmentPage }, 400: COMMON_ERRORS[400], 401: COMMON_ERRORS[401] },
    handler: async (c, { query, principal }) => {
      const { shipments, total } = await withFailureCode(SHIPMENTS_ERRORS.SVC_SHIP_005, "Shipments could not be listed", () =>
        listShipments(c.var.services.db, principal.accountId, {
          status: query.status,
          search: query.search,
          limit: query.limit,
          offset: pageOffset(query),
        }),
      );
      return c.json(
        {
          shipments,
          pagination: pagination(query, total),
        },
        200,
      );
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/shipments/{id}",
    operationId: "getShipment",
    summary: "Read a shipment with its generation history (newest first)",
    tags,
    auth: "api-key",
    params: IdParam,
    responses: { 200: { description: "The shipment", schema: ShipmentRecordSchema }, 401: COMMON_ERRORS[401], 404: notFound },
    handler: async (c, { params, principal }) => {
      const { db } = c.var.services;
      const rec = await findShipment(db, principal.accountId, params.id);
      if (!rec) throw shipmentNotFound(params.id);
      return c.json({ ...rec, generation_history: await listGenerationHistory(db, principal.accountId, rec.id) }, 200);
    },
  }),
  defineRoute({
    method: "put",
    path: "/api/v1/shipments/{id}",
    operationId: "reviseShipment",
    summary: "Revise: replace shipment_data (and shipment_ref when sent)",
    description:
      "A draft stays a draft. Any other shipment whose data changed goes back to status `created` and loses " +
      "`current_validation_hash` (validate again, then regenerate); `current_validation_record_id` keeps the latest run. " +
      "Sending identical data changes nothing but `updated_at`. generation_count and history are kept.",
    tags,
    auth: "api-key",
    params: IdParam,
    body: ReviseShipmentBody,
    bodyErrorCode: shipmentDataCode(SHIPMENTS_ERRORS.SVC_SHIP_001),
    responses: { 200: { description: "The revised shipment", schema: ShipmentRecordSchema }, ...COMMON_ERRORS, 404: notFound },
    handler: async (c, { params, body, principal }) => {
      const rec = await reviseShipmentData(c.var.services.db, principal.accountId, params.id, body.shipment_data, {
        set: "shipment_ref" in body,
        value: body.shipment_ref ?? null,
      });
      if (!rec) throw shipmentNotFound(params.id);
      return c.json(rec, 200);
    },
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/shipments/{id}/promote",
    operationId: "promoteDraft",
    summary: "Promote a draft to a shipment (status created, max_generations from the tier)",
    tags,
    auth: "api-key",
    params: IdParam,
    responses: {
      200: { description: "The promoted shipment", schema: ShipmentRecordSchema },
      401: COMMON_ERRORS[401],
      404: notFound,
      409: err("Not a draft (SVC_SHIP_006)"),
      429: err("Monthly quota reached (SVC_QUOTA_001)"),
    },
    handler: async (c, { params, principal }) => c.json(await promoteDraftShipment(c.var.services.db, principal, params.id), 200),
  }),
];
