/**
 * The words documents use for each field, in English, German, French, Spanish, Italian and Dutch.
 * Labels are matched after norm() (lower case, no accents, punctuation as spaces) at the start of a
 * segment; the longest match wins, so "total gross weight" beats "total".
 */
export type FieldKey =
  | "exporter"
  | "importer"
  | "notify_party"
  | "port_of_loading"
  | "port_of_discharge"
  | "vessel"
  | "voyage"
  | "incoterms"
  | "transport_mode"
  | "origin_country"
  | "destination_country"
  | "currency"
  | "total_value"
  | "total_packages"
  | "total_gross_weight"
  | "total_net_weight"
  | "container"
  | "seal"
  | "bl_number"
  | "invoice_number"
  | "invoice_date"
  | "other";

export const PARTY_FIELDS: ReadonlySet<FieldKey> = new Set(["exporter", "importer", "notify_party"]);

const L: Record<FieldKey, string[]> = {
  exporter: [
    "shipper exporter", "exporter shipper", "exporter seller", "seller exporter", "consignor exporter", "shipper", "exporter", "seller", "supplier", "vendor", "consignor", "manufacturer exporter",
    "exporter name and address", "absender", "versender", "verkaufer", "lieferant", "exporteur", "ausfuhrer", "ausfuhrer exporteur",
    "exportateur", "expediteur", "vendeur", "fournisseur", "exportador", "remitente", "vendedor", "embarcador", "proveedor",
    "esportatore", "mittente", "venditore", "afzender", "verkoper", "leverancier",
  ],
  importer: [
    "consignee", "importer", "buyer", "consignee buyer", "buyer consignee", "importer buyer", "sold to", "ship to", "bill to", "invoice to", "customer", "deliver to", "importer consignee",
    "consignee name and address", "empfanger", "warenempfanger", "kaufer", "kunde", "rechnungsempfanger", "importeur", "lieferanschrift",
    "destinataire", "acheteur", "importateur", "client", "livre a", "importador", "consignatario", "comprador", "destinatario", "cliente",
    "importatore", "acquirente", "ontvanger", "koper", "geadresseerde",
  ],
  notify_party: ["notify party", "notify", "also notify", "benachrichtigen", "meldeadresse", "notifier a", "partie a notifier", "notificar a", "parte a notificar", "notificare"],
  port_of_loading: [
    "port of loading", "port place of loading", "port of lading", "loading port", "port of shipment", "port of export", "pol", "place of loading", "airport of departure",
    "verladehafen", "ladehafen", "abgangshafen", "verschiffungshafen", "port de chargement", "port d embarquement", "puerto de carga",
    "puerto de embarque", "porto di carico", "porto di imbarco", "laadhaven", "haven van lading",
  ],
  port_of_discharge: [
    "port of discharge", "port place of discharge", "port of unloading", "discharge port", "port of destination", "destination port", "pod", "place of discharge",
    "airport of destination", "entladehafen", "bestimmungshafen", "loschhafen", "zielhafen", "port de dechargement", "port de destination",
    "port de debarquement", "puerto de descarga", "puerto de destino", "porto di scarico", "porto di destinazione", "loshaven", "haven van lossing",
  ],
  vessel: [
    "vessel", "vessel name", "vessel voyage", "vessel flight and voyage", "vessel and voyage", "vessel voy", "ocean vessel", "vessel flight", "vessel flight no", "ship", "carrier vessel", "schiff", "schiffsname",
    "schiff reise", "navire", "nom du navire", "navire voyage", "buque", "nombre del buque", "buque viaje", "nave", "nome nave", "schip",
  ],
  voyage: ["voyage", "voyage no", "voyage number", "voy", "reise nr", "reisenummer", "n de voyage", "numero de viaje", "viaje"],
  incoterms: [
    "incoterms", "incoterms 2020", "incoterm", "terms of delivery", "delivery terms", "trade terms", "terms of sale", "delivery term",
    "lieferbedingung", "lieferbedingungen", "incoterms lieferbedingung", "conditions de livraison", "condition de livraison",
    "condiciones de entrega", "condicion de entrega", "termini di consegna", "resa", "leveringsvoorwaarden",
  ],
  transport_mode: [
    "mode of transport", "transport mode", "shipped via", "ship via", "shipment by", "means of transport", "transport", "shipping method",
    "versandart", "transportart", "verkehrszweig", "beforderungsart", "versand per", "mode de transport", "moyen de transport", "expedition par",
    "modo de transporte", "medio de transporte", "via de transporte", "modalita di trasporto", "mezzo di trasporto", "vervoerswijze",
  ],
  origin_country: [
    "country of origin", "origin country", "country of export", "country of exportation", "origin of goods", "made in", "origin",
    "ursprungsland", "herkunftsland", "ursprung", "pays d origine", "origine", "pays d exportation", "pais de origen", "origen",
    "paese di origine", "land van oorsprong",
  ],
  destination_country: [
    "country of destination", "destination country", "final destination", "country of final destination", "country of import", "destination",
    "bestimmungsland", "zielland", "empfangsland", "pays de destination", "destination finale", "pais de destino", "destino final",
    "paese di destinazione", "land van bestemming",
  ],
  currency: ["currency", "invoice currency", "wahrung", "devise", "monnaie", "moneda", "divisa", "valuta", "munt"],
  total_value: [
    "total", "total value", "invoice total", "total amount", "grand total", "total invoice value", "total invoice amount", "amount due",
    "total due", "invoice value", "total fob value", "total cif value", "gesamtbetrag", "rechnungsbetrag", "gesamtsumme", "summe", "endbetrag",
    "gesamt", "rechnungssumme", "gesamtwert", "montant total", "total general", "total facture", "valeur totale", "montant",
    "importe total", "total factura", "valor total", "total general factura", "importo totale", "totale", "totaal", "totaalbedrag",
  ],
  total_packages: [
    "total packages", "number of packages", "no of packages", "packages", "total cartons", "total pkgs", "number of cartons", "no of cartons",
    "total number of packages", "pkgs", "cartons", "anzahl packstucke", "packstucke", "anzahl der packstucke", "colli", "anzahl kolli", "kolli",
    "nombre de colis", "colis", "nombre total de colis", "numero de bultos", "bultos", "total bultos", "numero di colli", "aantal colli",
  ],
  total_gross_weight: [
    "total gross weight", "gross weight", "gross wt", "g w", "total g w", "gross weight kg", "total gross weight kg", "gross weight total",
    "bruttogewicht", "gesamtbruttogewicht", "gesamtgewicht brutto", "brutto", "poids brut", "poids brut total", "peso bruto", "peso bruto total",
    "peso lordo", "brutogewicht",
  ],
  total_net_weight: [
    "total net weight", "net weight", "net wt", "n w", "total n w", "nettogewicht", "gesamtnettogewicht", "netto", "poids net", "poids net total",
    "peso neto", "peso neto total", "peso netto", "nettogewicht totaal",
  ],
  container: ["container no", "container number", "container", "container nos", "cntr no", "containernummer", "container nr", "n de conteneur", "conteneur", "contenedor", "numero de contenedor"],
  seal: ["seal no", "seal number", "seal", "plombe", "plombennummer", "siegel", "n de scelle", "scelle", "precinto", "sello", "sigillo", "zegel"],
  bl_number: ["b l no", "b l number", "bill of lading no", "bill of lading number", "bl no", "awb no", "konnossement nr", "konnossementnummer", "n de connaissement", "numero de conocimiento"],
  invoice_number: [
    "invoice no", "invoice number", "invoice nr", "invoice", "rechnungsnummer", "rechnung nr", "rechnungs nr", "rechnung", "facture n", "n de facture",
    "numero de facture", "facture", "factura n", "numero de factura", "factura", "fattura n", "numero fattura", "numero della fattura",
    "factuurnummer", "factuur nr", "factuurnr", "factuur",
  ],
  invoice_date: [
    "invoice date", "date of invoice", "rechnungsdatum", "datum der rechnung", "date de facture", "date de la facture", "date facture",
    "fecha de factura", "fecha factura", "data fattura", "data della fattura", "factuurdatum",
  ],
  other: [
    "date", "datum", "fecha", "data", "payment terms", "zahlungsbedingungen", "conditions de paiement", "condiciones de pago",
    "order no", "buyer s order no", "buyers order no", "buyer s order", "customer order no", "po number", "purchase order", "bestellnummer", "auftragsnummer", "reference", "our ref", "your ref", "page", "signature", "remarks",
    "bemerkungen", "observations", "observaciones", "marks and numbers", "marks nos", "tel", "phone", "fax", "email", "e mail",
    "bank", "iban", "swift", "declaration", "we hereby certify", "hiermit", "lieferdatum", "delivery date", "shipment date",
    "date of shipment", "ship date", "shipping date", "shipping marks", "transport document", "packing list no", "packliste nr", "liste de colisage n",
  ],
};

export const FIELD_LABELS: { key: FieldKey; label: string }[] = Object.entries(L)
  .flatMap(([key, labels]) => labels.map((label) => ({ key: key as FieldKey, label })))
  .sort((a, b) => b.label.length - a.label.length);

/** Preference among party labels: a consignee block beats "ship to" or "bill to". */
export const PARTY_LABEL_RANK: Record<string, number> = {
  "shipper exporter": 0, "exporter shipper": 0, "exporter seller": 0, "seller exporter": 0, "consignee buyer": 0, "buyer consignee": 0, exporter: 1, shipper: 2, "sold to": 4, "ship to": 5, "bill to": 6, "invoice to": 6,
  consignee: 0, importer: 1, buyer: 3, customer: 7, seller: 3, supplier: 4, vendor: 5,
};

export type ColumnKey =
  | "description"
  | "hs_code"
  | "quantity"
  | "unit"
  | "unit_price"
  | "amount"
  | "origin_country"
  | "net_weight"
  | "gross_weight"
  | "packages"
  | "position"
  | "ignore";

const C: Record<ColumnKey, string[]> = {
  description: [
    "description", "description of goods", "goods description", "item description", "product description", "product", "article", "commodity",
    "goods", "designation", "item", "bezeichnung", "warenbezeichnung", "beschreibung", "artikel", "artikelbezeichnung", "ware",
    "description des marchandises", "designation des marchandises", "marchandise", "descripcion", "descripcion de la mercancia", "producto",
    "mercancia", "articulo", "descrizione", "descrizione merce", "omschrijving", "description of goods and packages", "produit",
  ],
  hs_code: [
    "hs code", "hs", "hts", "hts code", "hts no", "hs no", "hs tariff", "tariff code", "tariff no", "commodity code", "customs tariff", "customs code",
    "hs tariff code", "zolltarifnummer", "zolltarifnr", "zolltarif nr", "warennummer", "statistische warennummer", "zolltarif", "code sh", "nomenclature", "code douanier",
    "partida arancelaria", "codigo arancelario", "codigo hs", "partida", "codice doganale", "voce doganale", "goederencode", "taric", "hs tariff number",
  ],
  quantity: ["qty", "quantity", "quantities", "pieces", "pcs", "menge", "anzahl", "stuck", "stuckzahl", "quantite", "qte", "cantidad", "cant", "quantita", "aantal", "units", "qty pcs", "ordered qty", "shipped qty"],
  unit: ["unit", "uom", "u m", "unit of measure", "einheit", "me", "mengeneinheit", "unite", "unidad", "ud", "unita", "eenheid"],
  unit_price: [
    "unit price", "price unit", "price per unit", "unit value", "unit cost", "rate", "price", "einzelpreis", "stuckpreis", "preis", "ep", "preis je einheit",
    "prix unitaire", "pu", "p u", "prix", "precio unitario", "precio", "prezzo unitario", "prezzo", "stukprijs", "prijs", "price each",
    "prijs per stuk", "nettopreis", "netto preis", "bruttopreis", "prix unitaire ht", "unit price excl vat", "price per piece", "preis netto",
  ],
  amount: [
    "amount", "total", "line total", "value", "total value", "extended", "extended price", "total price", "subtotal", "gesamtpreis", "betrag", "gesamt", "wert", "summe",
    "montant", "valeur", "prix total", "importe", "total linea", "valor", "importo", "totale", "bedrag", "totaal",
    "prijs incl btw", "prix ht", "total ht", "montant ht", "positionsbetrag", "line amount", "net amount", "amount excl vat", "importe neto", "importo netto",
  ],
  origin_country: ["origin", "country of origin", "coo", "c o o", "orig", "ursprung", "ursprungsland", "origine", "pays d origine", "origen", "pais de origen", "paese di origine", "oorsprong", "made in"],
  net_weight: ["net weight", "net wt", "n w", "nw", "net kg", "net weight kg", "net wt kg", "n w kg", "nettogewicht", "netto", "netto kg", "poids net", "peso neto", "peso netto", "nettogewicht kg"],
  gross_weight: ["gross weight", "gross wt", "g w", "gw", "gross kg", "gross weight kg", "gross wt kg", "g w kg", "bruttogewicht", "brutto", "brutto kg", "poids brut", "peso bruto", "peso lordo"],
  packages: ["cartons", "ctns", "packages", "pkgs", "colli", "packstucke", "kolli", "colis", "bultos", "no of cartons", "no of packages", "pkg", "ctn"],
  position: ["pos", "no", "nr", "line", "item no", "n", "lfd nr", "position", "ref", "sku", "part no", "article no", "art nr", "artikelnummer", "code article", "referencia"],
  ignore: [
    "marks", "marks and numbers", "marks nos", "remarks", "packing", "package type", "verpackung", "emballage", "embalaje",
    // Tax rate and discount columns: numbers that are neither quantity nor price.
    "btw", "ust", "mwst", "tva", "vat", "tax", "iva", "vat rate", "tax rate", "ust satz", "rem", "remise", "discount", "rabatt", "sconto", "korting", "descuento",
  ],
};

export const COLUMN_LABELS: { key: ColumnKey; label: string }[] = Object.entries(C)
  .flatMap(([key, labels]) => labels.map((label) => ({ key: key as ColumnKey, label })))
  .sort((a, b) => b.label.length - a.label.length);
