import { z } from "zod";

/**
 * TradeShipment as stored: the known paths of the spec with their types, every field optional (drafts
 * are partial) and nullable (ERPs send null for blanks), and unknown keys kept (the spec leaves the
 * structure open). Formats and business rules are the validator's job, not the door's.
 */
const text = z.string().nullish();
const amount = z.number().nullish();
const obj = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape).nullish();

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
  // Invoice identity: printed on the commercial/proforma invoice and referenced by the origin documents.
  invoice_data: obj({ invoice_number: text, invoice_date: text }),
  proforma_data: obj({ proforma_number: text, proforma_date: text }),
  preferential_origin: obj({ agreement_name: text }),
  hazardous_shipment: obj({ emergency_contact: text }),
  bl_data: obj({ bl_number: text, freight_payment: text, place_of_delivery: text }),
  insurance_data: obj({ insurance_company: text, policy_number: text, coverage_type: text, claims_agent: text }),
  vgm_data: obj({ weighing_method: z.union([z.number(), z.string()]).nullish(), authorised_person: text, weighing_station: text }),
  sli_data: obj({ forwarding_agent_name: text, eei_filing: z.union([z.string(), z.boolean()]).nullish() }),
  awb_data: obj({ issuing_carrier: text, agent_name: text }),
  veterinary_data: obj({ competent_authority: text, establishment_number: text }),
  phytosanitary_data: obj({ issuing_authority: text }),
  analysis_data: obj({ batch_number: text, test_standard: text }),
});

export type TradeShipment = z.infer<typeof TradeShipmentSchema>;
