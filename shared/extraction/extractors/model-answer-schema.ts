/**
 * What the model is asked to return: the TradeShipment structure with plain values (null when the
 * document does not say). Every key is required and every object closed, as strict structured output
 * needs; the confidences are computed afterwards, never asked of the model.
 */
import { z } from "zod";
import { IncotermSchema } from "../../trade/incoterms.ts";
import { TransportModeSchema } from "../../trade/transport-modes.ts";

const s = () => z.string().nullable();
const n = () => z.number().nullable();

const Party = z
  .object({
    name: s(),
    address: s().describe("street and number, other address lines, without city, postal code and country"),
    city: s(),
    state: s(),
    postal_code: s(),
    country: s().describe("ISO 3166-1 alpha-2 code, e.g. DE"),
    tax_ids: z.object({ eori: s(), ein: s(), vat: s(), iec: s(), gstin: s() }),
    contact_email: s(),
    contact_phone: s(),
  })
  .nullable();

export const ModelAnswerSchema = z.object({
  exporter: Party,
  importer: Party,
  notify_party: Party,
  route: z.object({
    origin_country: s().describe("ISO 3166-1 alpha-2"),
    destination_country: s().describe("ISO 3166-1 alpha-2"),
    transport_mode: TransportModeSchema.nullable(),
    incoterms: IncotermSchema.nullable(),
    port_of_loading: s().describe("UN/LOCODE (5 characters) when the document gives one, else the port name"),
    port_of_discharge: s().describe("UN/LOCODE (5 characters) when the document gives one, else the port name"),
    vessel_name: s(),
    voyage_number: s(),
  }),
  goods: z.object({
    currency: s().describe("ISO 4217 code, e.g. EUR"),
    total_value: n(),
    line_items: z.array(
      z.object({
        description: s(),
        hs_code: s().describe("digits only"),
        quantity: n(),
        unit: s(),
        unit_price: n(),
        origin_country: s().describe("ISO 3166-1 alpha-2"),
        net_weight_kg: n(),
        gross_weight_kg: n(),
      }),
    ),
  }),
  invoice_data: z.object({ invoice_number: s(), invoice_date: s().describe("YYYY-MM-DD") }),
  packaging: z.object({
    total_packages: n(),
    total_gross_weight_kg: n(),
    containers: z.array(z.object({ container_number: s(), seal_number: s() })),
  }),
});
