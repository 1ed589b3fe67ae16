import { defineRoute, type RouteDef } from "../http/route.ts";
import { COMMON_ERRORS, err } from "../http/common-responses.ts";
import {
  CreatedPartySchema,
  CreatePartyBody,
  ListPartiesQuery,
  PartyIdParam,
  PartyPage,
  PartySchema,
  PatchPartyBody,
  partyIssueCode,
} from "./party-schemas.ts";
import { createParty, getParty, listPartyPage, patchParty, removeParty } from "./party-service.ts";

const tags = ["Parties"];
const notFound = err("Party not found, or another account's (SVC_PARTY_001)");
const bodyErrors = err(
  "Malformed JSON or invalid fields (SVC_REQ_001, SVC_REQ_002); invalid tax id (SVC_PARTY_002) or country (SVC_PARTY_003), with `field`",
);

export const partiesRouter: RouteDef[] = [
  defineRoute({
    method: "post",
    path: "/api/v1/parties",
    operationId: "createParty",
    summary: "Create a party profile (exporter, importer, notify party); name and country are required",
    tags,
    auth: "api-key",
    body: CreatePartyBody,
    bodyErrorCode: partyIssueCode,
    responses: {
      201: { description: "The new party's id, name, country and created_at", schema: CreatedPartySchema },
      ...COMMON_ERRORS,
      400: bodyErrors,
    },
    handler: async (c, { body, principal }) => {
      const party = await createParty(c.var.services.db, principal.accountId, body);
      return c.json({ id: party.id, name: party.name, country: party.country, created_at: party.created_at }, 201, {
        Location: `/api/v1/parties/${party.id}`,
      });
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/parties",
    operationId: "listParties",
    summary: "List party profiles by name, with search (name words, ignoring case and accents), country, page and limit",
    description:
      '`search` matches parties whose name contains every word of it, anywhere and in part ("mull" finds "Müller GmbH", "lodz text" finds "Łódź Textiles"). ' +
      "Names starting with the first word come first, then alphabetical order.",
    tags,
    auth: "api-key",
    query: ListPartiesQuery,
    responses: { 200: { description: "A page of parties", schema: PartyPage }, 400: COMMON_ERRORS[400], 401: COMMON_ERRORS[401] },
    handler: async (c, { query, principal }) => c.json(await listPartyPage(c.var.services.db, principal.accountId, query), 200),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/parties/{id}",
    operationId: "getParty",
    summary: "Read a party profile",
    tags,
    auth: "api-key",
    params: PartyIdParam,
    responses: { 200: { description: "The party", schema: PartySchema }, 401: COMMON_ERRORS[401], 404: notFound },
    handler: async (c, { params, principal }) => c.json(await getParty(c.var.services.db, principal.accountId, params.id), 200),
  }),
  defineRoute({
    method: "patch",
    path: "/api/v1/parties/{id}",
    operationId: "updateParty",
    summary: "Change some fields of a party profile (JSON merge patch: null clears a field, tax_ids are merged)",
    description:
      "Sent fields replace the stored ones; `null` clears an optional field (name and country cannot be cleared). " +
      "`tax_ids` is merged: a key set to null removes that id, `tax_ids: null` removes them all. Answers the whole updated party.",
    tags,
    auth: "api-key",
    params: PartyIdParam,
    body: PatchPartyBody,
    bodyErrorCode: partyIssueCode,
    responses: { 200: { description: "The updated party", schema: PartySchema }, ...COMMON_ERRORS, 400: bodyErrors, 404: notFound },
    handler: async (c, { params, body, principal }) =>
      c.json(await patchParty(c.var.services.db, principal.accountId, params.id, body), 200),
  }),
  defineRoute({
    method: "delete",
    path: "/api/v1/parties/{id}",
    operationId: "deleteParty",
    summary: "Delete a party profile (shipments that copied its data keep their copy)",
    tags,
    auth: "api-key",
    params: PartyIdParam,
    responses: { 204: { description: "Deleted" }, 401: COMMON_ERRORS[401], 404: notFound },
    handler: async (c, { params, principal }) => {
      await removeParty(c.var.services.db, principal.accountId, params.id);
      return c.body(null, 204);
    },
  }),
];
