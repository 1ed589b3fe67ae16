import { z } from "zod";
import { amount, block as obj, text } from "../trade/shipment-fields.ts";
import { DATA_BLOCKS } from "../document-types/identities.ts";

/**
 * TradeShipment as stored: the known paths of the spec with their types, every field optional (drafts
 * are partial) and nullable (ERPs send null for blanks), and unknown keys kept (the spec leaves the
 * structure open). Formats and business rules are the validator's job, not the door's. The blocks only one
 * document type reads (vgm_data, bl_data, …) are declared by that type (document-types/types/<type>/identity.ts).
 */

export const TaxIdsSchema = obj({ ein: text, eori: text, iec: text, gstin: text, pan: text, vat: text });

export const PartySchema = obj({
  name: text,
  address: text,
  city: text,
  state: text,
  postal_code: text,
  country: text,
  tax_ids: TaxIdsSchema,
  contact_name: text,
  contact_email: text,
  contact_phone: text,
});

export const LineItemSchema = z.looseObject({
  description: text,
  hs_code: text,
  quantity: amount,
  unit: text,
  unit_price: amount,
  origin_country: text,
  net_weight_kg: amount,
  gross_weight_kg: amount,
  compliance_flags: z.array(z.string()).nullish(),
  is_hazardous: z.boolean().nullish(),
  un_number: text,
  hazard_class: text,
  packing_group: text,
  botanical_name: text,
});

export const TradeShipmentSchema = z.looseObject({
  exporter: PartySchema,
  importer: PartySchema,
  notify_party: PartySchema,
  route: obj({
    origin_country: text,
    destination_country: text,
    transport_mode: text,
    incoterms: text,
    port_of_loading: text,
    port_of_discharge: text,
    vessel_name: text,
    voyage_number: text,
  }),
  goods: obj({
    currency: text,
    total_value: amount,
    line_items: z.array(LineItemSchema).nullish(),
  }),
  packaging: obj({
    total_packages: amount,
    total_gross_weight_kg: amount,
    packages: z.array(z.looseObject({ type: text, quantity: amount, gross_weight_kg: amount })).nullish(),
    containers: z.array(z.looseObject({ container_number: text, seal_number: text })).nullish(),
  }),
  // Shared by the EUR.1 and the statement on origin.
  preferential_origin: obj({ agreement_name: text }),
  ...DATA_BLOCKS,
});

export type TradeShipment = z.infer<typeof TradeShipmentSchema>;
