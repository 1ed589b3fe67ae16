import { defineRoute } from "../http/route.ts";
import { AppError } from "../errors/app-error.ts";
import { COMMON_ERRORS, err } from "../http/common-responses.ts";
import {
  CreateShipmentBody,
  CreateShipmentResponse,
  GetShipmentQuery,
  SaveDraftBody,
  SaveDraftResponse,
  ShipmentListItem,
  ShipmentRecordSchema,
  shipmentDataCode,
} from "./shipment-schemas.ts";
import { createShipment, withFailureCode } from "./shipment-service.ts";
import { findShipment, listGenerationHistory, listShipments, replaceDraftData } from "./shipment-repository.ts";
import { z } from "zod";
import { SHIPMENTS_ERRORS } from "./shipments-errors.ts";

const tags = ["Shipment functions"];

export const createShipmentRoute = defineRoute({
  method: "post",
  path: "/functions/v1/create-shipment",
  operationId: "createShipmentFunction",
  summary: "Create a shipment (status created, max_generations from the tier)",
  tags,
  auth: "function",
  body: CreateShipmentBody,
  bodyErrorCode: shipmentDataCode(SHIPMENTS_ERRORS.SVC_SHIP_001),
  responses: {
    201: { description: "Created", schema: CreateShipmentResponse },
    ...COMMON_ERRORS,
    429: err("Monthly shipment quota of the tier reached (SVC_QUOTA_001, with Retry-After)"),
    500: err("Creation failed (SVC_SHIP_002)"),
  },
  handler: async (c, { body, principal }) => {
    const rec = await withFailureCode(SHIPMENTS_ERRORS.SVC_SHIP_002, "Shipment could not be created", () =>
      createShipment(c.var.services.db, principal, { data: body.shipment_data, ref: body.shipment_ref ?? null, draft: false }),
    );
    return c.json(
      {
        shipment_id: rec.id,
        shipment_ref: rec.shipment_ref ?? null,
        // A new shipment (createShipment with draft: false) is created and has no generation yet.
        status: "created" as const,
        generation_count: 0 as const,
        max_generations: rec.max_generations,
        created_at: rec.created_at,
      },
      201,
    );
  },
});

export const getShipmentRoute = defineRoute({
  method: "get",
  path: "/functions/v1/get-shipment",
  operationId: "getShipmentFunction",
  summary: "Read one shipment (id) with its generation history, or list shipments by status",
  tags,
  auth: "function",
  query: GetShipmentQuery,
  responses: {
    200: {
      description: "The shipment (single mode) or {shipments} (list mode)",
      schema: z.union([ShipmentRecordSchema, z.object({ shipments: z.array(ShipmentListItem) })]),
    },
    400: err("Neither id nor status given (SVC_SHIP_003), or an invalid status (SVC_REQ_002)"),
    401: COMMON_ERRORS[401],
    404: err("Shipment not found (SVC_SHIP_004)"),
    500: err("Listing failed (SVC_SHIP_005)"),
  },
  handler: async (c, { query, principal }) => {
    const { db } = c.var.services;
    const accountId = principal.accountId;
    if (query.id !== undefined) {
      const rec = await findShipment(db, accountId, query.id);
      if (!rec) throw new AppError(SHIPMENTS_ERRORS.SVC_SHIP_004, "Shipment not found", { details: { shipment_id: query.id } });
      return c.json({ ...rec, generation_history: await listGenerationHistory(db, accountId, rec.id) }, 200);
    }
    if (query.status === undefined) throw new AppError(SHIPMENTS_ERRORS.SVC_SHIP_003, "Give id (single mode) or status (list mode)");
    const { shipments } = await withFailureCode(SHIPMENTS_ERRORS.SVC_SHIP_005, "Shipments could not be listed", () =>
      listShipments(db, accountId, { status: query.status, limit: 50, offset: 0 }),
    );
    return c.json(
      {
        shipments: shipments.map(({ id, shipment_ref, shipment_data, status, created_by, created_at, updated_at }) => ({
          id,
          shipment_ref,
          shipment_data,
          status,
          created_by,
          created_at,
          updated_at,
        })),
      },
      200,
    );
  },
});

export const saveDraftRoute = defineRoute({
  method: "post",
  path: "/functions/v1/save-draft",
  operationId: "saveDraftFunction",
  summary: "Create a draft (201) or replace a draft's data (200)",
  tags,
  auth: "function",
  body: SaveDraftBody,
  bodyErrorCode: shipmentDataCode(SHIPMENTS_ERRORS.SVC_DRAFT_001, SHIPMENTS_ERRORS.SVC_DRAFT_002),
  responses: {
    200: { description: "Draft updated", schema: SaveDraftResponse },
    201: { description: "Draft created", schema: SaveDraftResponse },
    ...COMMON_ERRORS,
    404: err("Draft to update not found (SVC_DRAFT_003)"),
    500: err("Update failed (SVC_DRAFT_005) or creation failed (SVC_DRAFT_006)"),
  },
  handler: async (c, { body, principal }) => {
    const { db } = c.var.services;
    const p = principal;
    if (body.shipment_id === undefined) {
      const rec = await withFailureCode(SHIPMENTS_ERRORS.SVC_DRAFT_006, "Draft could not be created", () =>
        createShipment(db, p, { data: body.shipment_data, ref: body.shipment_ref ?? null, draft: true }),
      );
      return c.json({ shipment_id: rec.id, updated_at: rec.updated_at }, 201);
    }
    const id = body.shipment_id;
    const rec = await withFailureCode(SHIPMENTS_ERRORS.SVC_DRAFT_005, "Draft could not be updated", async () => {
      const current = await findShipment(db, p.accountId, id);
      if (!current) throw new AppError(SHIPMENTS_ERRORS.SVC_DRAFT_003, "Draft not found", { details: { shipment_id: id } });
      if (current.status !== "draft") {
        throw new AppError(SHIPMENTS_ERRORS.SVC_DRAFT_004, `Shipment is not a draft (status ${current.status}); only drafts can be saved`, {
          details: { shipment_id: id, status: current.status },
        });
      }
      const updated = await replaceDraftData(db, p.accountId, id, body.shipment_data, {
        set: "shipment_ref" in body,
        value: body.shipment_ref ?? null,
      });
      // Raced with a promotion between the two statements.
      if (!updated) throw new AppError(SHIPMENTS_ERRORS.SVC_DRAFT_004, "Shipment is no longer a draft", { details: { shipment_id: id } });
      return updated;
    });
    return c.json({ shipment_id: rec.id, updated_at: rec.updated_at }, 200);
  },
});
