// The shipment the validation benchmarks send: n line items of electronics, Germany to the US by sea.
export function benchShipment(lines: number) {
  const items = Array.from({ length: lines }, (_, i) => ({
    description: `Portable computer model ${i + 1}`,
    hs_code: i % 2 ? "8517130000" : "8471300100",
    quantity: 2 + (i % 5),
    unit: "pcs",
    unit_price: 100 + i,
    origin_country: "DE",
    net_weight_kg: 2,
    gross_weight_kg: 2.5,
  }));
  const total = items.reduce((s, x) => s + x.quantity * x.unit_price, 0);
  return {
    exporter: { name: "Müller Maschinenbau GmbH", address: "Hafenstraße 5", city: "Hamburg", postal_code: "20457", country: "DE" },
    importer: {
      name: "Pacific Coast Electronics Inc.",
      address: "350 S Grand Ave",
      city: "Los Angeles",
      state: "CA",
      postal_code: "90071",
      country: "US",
    },
    notify_party: { name: "Harbor Customs Brokers LLC", address: "1 World Trade Ctr", city: "Long Beach", country: "US" },
    route: {
      origin_country: "DE",
      destination_country: "US",
      transport_mode: "sea",
      incoterms: "FOB",
      port_of_loading: "DEHAM",
      port_of_discharge: "USLAX",
    },
    goods: { currency: "USD", total_value: total, line_items: items },
  };
}
