/** A canned structured answer of the model (the shape of ModelAnswerSchema) for the model-path tests. */
export function modelAnswer(overrides: { country?: string } = {}) {
  const party = (name: string, country: string) => ({
    name,
    address: "Hafenstrasse 5",
    city: "Hamburg",
    state: null,
    postal_code: "20457",
    country,
    tax_ids: { eori: null, ein: null, vat: null, iec: null, gstin: null },
    contact_email: null,
    contact_phone: null,
  });
  return {
    exporter: party("Acme Widgets Ltd", "GB"),
    importer: party("Müller GmbH", overrides.country ?? "DE"),
    notify_party: null,
    route: {
      origin_country: "GB",
      destination_country: "DE",
      transport_mode: "sea",
      incoterms: "FOB",
      port_of_loading: "GBFXT",
      port_of_discharge: "DEHAM",
      vessel_name: "MSC Aurora",
      voyage_number: null,
    },
    goods: {
      currency: "EUR",
      total_value: 540,
      line_items: [
        {
          description: "Steel bolts M8",
          hs_code: "7318.15.00",
          quantity: 1200,
          unit: "pcs",
          unit_price: 0.45,
          origin_country: "GB",
          net_weight_kg: null,
          gross_weight_kg: null,
        },
      ],
    },
    invoice_data: { invoice_number: "42", invoice_date: "2026-03-01" },
    packaging: { total_packages: 3, total_gross_weight_kg: null, containers: [] },
  };
}
