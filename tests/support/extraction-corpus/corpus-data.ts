/**
 * Shipments for the extraction corpus: a seeded generator over small pools of parties, goods, ports and
 * terms in several countries, so every document is reproducible and its labels are exact.
 */
import { containerCheckDigit } from "../../../shared/trade/container-number.ts";

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface CorpusParty {
  name: string;
  street: string;
  postal_code: string;
  city: string;
  state?: string;
  country: string;
  /** Country name as printed, per label language. */
  countryNames: Record<Lang, string>;
  eori?: string;
  vat?: string;
  phone: string;
  email: string;
  /** How the postal line is written: "20457 Hamburg" (pre) or "Shanghai 200120" (post) or US style. */
  postal: "pre" | "post" | "us" | "uk";
}

export interface CorpusItem {
  description: string;
  hs_code: string;
  quantity: number;
  unit: string;
  unit_price: number;
  origin_country: string;
  net_weight_kg: number;
  gross_weight_kg: number;
  cartons: number;
}

export interface CorpusPort {
  code: string;
  name: string;
}

export interface CorpusShipment {
  seed: number;
  invoiceNo: string;
  date: string;
  exporter: CorpusParty;
  importer: CorpusParty;
  notify?: CorpusParty;
  origin_country: string;
  destination_country: string;
  transport_mode: "sea" | "air" | "road" | "rail";
  incoterms: string;
  incoterm_place: string;
  port_of_loading: CorpusPort;
  port_of_discharge: CorpusPort;
  vessel_name: string;
  voyage_number: string;
  currency: string;
  items: CorpusItem[];
  total_value: number;
  total_packages: number;
  total_gross_weight_kg: number;
  container_number: string;
  seal_number: string;
}

export type Lang = "en" | "de" | "fr" | "es";

const names = (en: string, de: string, fr: string, es: string): Record<Lang, string> => ({ en, de, fr, es });

const PARTIES: CorpusParty[] = [
  {
    name: "Ningbo Brightway Hardware Co., Ltd.",
    street: "No. 88 Jiangnan Road",
    postal_code: "315800",
    city: "Ningbo",
    country: "CN",
    countryNames: names("China", "China", "Chine", "China"),
    phone: "+86 574 8765 4321",
    email: "sales@brightway-hw.example.cn",
    postal: "post",
  },
  {
    name: "Shenzhen Lumitek Electronics Ltd",
    street: "Building 5, Keji South 12th Road",
    postal_code: "518057",
    city: "Shenzhen",
    country: "CN",
    countryNames: names("China", "China", "Chine", "China"),
    phone: "+86 755 2601 8899",
    email: "export@lumitek.example.cn",
    postal: "post",
  },
  {
    name: "Müller Maschinenbau GmbH",
    street: "Industriestraße 14",
    postal_code: "70565",
    city: "Stuttgart",
    country: "DE",
    countryNames: names("Germany", "Deutschland", "Allemagne", "Alemania"),
    eori: "DE4471123456789",
    vat: "DE811234567",
    phone: "+49 711 123 4560",
    email: "versand@mueller-mb.example.de",
    postal: "pre",
  },
  {
    name: "Hanseatic Coffee Traders GmbH",
    street: "Am Sandtorkai 41",
    postal_code: "20457",
    city: "Hamburg",
    country: "DE",
    countryNames: names("Germany", "Deutschland", "Allemagne", "Alemania"),
    eori: "DE1234567890123",
    phone: "+49 40 3021 778",
    email: "import@hanseatic-coffee.example.de",
    postal: "pre",
  },
  {
    name: "Atelier Textiles Lyonnais SARL",
    street: "12 Rue de la Charité",
    postal_code: "69002",
    city: "Lyon",
    country: "FR",
    countryNames: names("France", "Frankreich", "France", "Francia"),
    eori: "FR43219876500012",
    phone: "+33 4 78 42 10 20",
    email: "export@atl-lyon.example.fr",
    postal: "pre",
  },
  {
    name: "Aceites del Sur S.A.",
    street: "Calle Real 23",
    postal_code: "41001",
    city: "Sevilla",
    country: "ES",
    countryNames: names("Spain", "Spanien", "Espagne", "España"),
    eori: "ESA41234567",
    phone: "+34 954 22 33 44",
    email: "ventas@aceitesdelsur.example.es",
    postal: "pre",
  },
  {
    name: "Great Lakes Outdoor Supply Inc.",
    street: "1200 W Fulton Market",
    postal_code: "60607",
    city: "Chicago",
    state: "IL",
    country: "US",
    countryNames: names("United States", "USA", "États-Unis", "Estados Unidos"),
    phone: "+1 312 555 0142",
    email: "purchasing@glos.example.com",
    postal: "us",
  },
  {
    name: "Pacific Home Goods LLC",
    street: "455 Harbor Blvd",
    postal_code: "90731",
    city: "San Pedro",
    state: "CA",
    country: "US",
    countryNames: names("USA", "USA", "États-Unis", "EE. UU."),
    phone: "+1 310 555 0177",
    email: "ops@pacifichome.example.com",
    postal: "us",
  },
  {
    name: "Thames Valley Instruments Ltd",
    street: "Unit 4, Kennet Business Park",
    postal_code: "RG1 8QR",
    city: "Reading",
    country: "GB",
    countryNames: names("United Kingdom", "Vereinigtes Königreich", "Royaume-Uni", "Reino Unido"),
    eori: "GB123456789000",
    phone: "+44 118 496 0712",
    email: "imports@tvi.example.co.uk",
    postal: "uk",
  },
  {
    name: "Bharat Spice Exports Pvt. Ltd.",
    street: "Plot 17, MIDC Andheri East",
    postal_code: "400093",
    city: "Mumbai",
    country: "IN",
    countryNames: names("India", "Indien", "Inde", "India"),
    phone: "+91 22 2838 4455",
    email: "exports@bharatspice.example.in",
    postal: "post",
  },
  {
    name: "Rotterdam Fresh Imports B.V.",
    street: "Waalhaven Zuidzijde 19",
    postal_code: "3089 JH",
    city: "Rotterdam",
    country: "NL",
    countryNames: names("Netherlands", "Niederlande", "Pays-Bas", "Países Bajos"),
    eori: "NL812345678",
    phone: "+31 10 428 9900",
    email: "inkoop@rfi.example.nl",
    postal: "pre",
  },
  {
    name: "Milano Design Forniture S.r.l.",
    street: "Via Tortona 31",
    postal_code: "20144",
    city: "Milano",
    country: "IT",
    countryNames: names("Italy", "Italien", "Italie", "Italia"),
    eori: "IT09876543210",
    phone: "+39 02 5811 2233",
    email: "export@mdf.example.it",
    postal: "pre",
  },
  {
    name: "Saigon Garment Joint Stock Co.",
    street: "236 Nguyen Van Luong Street",
    postal_code: "700000",
    city: "Ho Chi Minh City",
    country: "VN",
    countryNames: names("Vietnam", "Vietnam", "Viêt Nam", "Vietnam"),
    phone: "+84 28 3855 6677",
    email: "sales@saigongarment.example.vn",
    postal: "post",
  },
  {
    name: "Polska Meble Sp. z o.o.",
    street: "ul. Fabryczna 7",
    postal_code: "90-344",
    city: "Lodz",
    country: "PL",
    countryNames: names("Poland", "Polen", "Pologne", "Polonia"),
    eori: "PL7251234567",
    phone: "+48 42 630 12 34",
    email: "export@polskameble.example.pl",
    postal: "pre",
  },
];

const GOODS: Omit<CorpusItem, "quantity" | "unit_price" | "net_weight_kg" | "gross_weight_kg" | "cartons" | "origin_country">[] = [
  { description: "Stainless steel hex bolts M8x40", hs_code: "7318158100", unit: "pcs" },
  { description: "LED panel lights 600x600 mm 40W", hs_code: "9405420039", unit: "pcs" },
  { description: "Cotton T-shirts, knitted, men's", hs_code: "6109100010", unit: "pcs" },
  { description: "Roasted coffee beans, not decaffeinated", hs_code: "0901210000", unit: "kg" },
  { description: "Extra virgin olive oil in 5 l tins", hs_code: "1509200000", unit: "ltr" },
  { description: "Hydraulic gear pumps", hs_code: "8413602000", unit: "pcs" },
  { description: "Wooden dining chairs, upholstered", hs_code: "9401610000", unit: "pcs" },
  { description: "Black pepper, whole, neither crushed nor ground", hs_code: "0904110000", unit: "kg" },
  { description: "Laboratory thermometers, digital", hs_code: "9025198000", unit: "pcs" },
  { description: "Silk scarves, printed", hs_code: "6214100000", unit: "pcs" },
  { description: "Ball bearings, 25 mm bore", hs_code: "8482100090", unit: "pcs" },
  { description: "Lithium-ion battery packs 48V", hs_code: "8507600090", unit: "pcs" },
  { description: "Ceramic floor tiles, glazed", hs_code: "6907220000", unit: "m2" },
  { description: "Polyester webbing straps", hs_code: "5806320000", unit: "m" },
  { description: "Camping tents, synthetic fibres", hs_code: "6306220000", unit: "pcs" },
  { description: "Turmeric powder", hs_code: "0910302000", unit: "kg" },
];

const PORTS: Record<string, CorpusPort[]> = {
  CN: [
    { code: "CNNGB", name: "Ningbo" },
    { code: "CNSZX", name: "Shenzhen" },
    { code: "CNSHA", name: "Shanghai" },
  ],
  DE: [
    { code: "DEHAM", name: "Hamburg" },
    { code: "DEBRV", name: "Bremerhaven" },
  ],
  FR: [
    { code: "FRLEH", name: "Le Havre" },
    { code: "FRFOS", name: "Fos-sur-Mer" },
  ],
  ES: [
    { code: "ESVLC", name: "Valencia" },
    { code: "ESALG", name: "Algeciras" },
  ],
  US: [
    { code: "USLAX", name: "Los Angeles" },
    { code: "USNYC", name: "New York" },
    { code: "USCHI", name: "Chicago" },
  ],
  GB: [
    { code: "GBFXT", name: "Felixstowe" },
    { code: "GBSOU", name: "Southampton" },
  ],
  IN: [
    { code: "INNSA", name: "Nhava Sheva" },
    { code: "INMUN", name: "Mundra" },
  ],
  NL: [{ code: "NLRTM", name: "Rotterdam" }],
  IT: [
    { code: "ITGOA", name: "Genoa" },
    { code: "ITSPE", name: "La Spezia" },
  ],
  VN: [
    { code: "VNSGN", name: "Ho Chi Minh City" },
    { code: "VNHPH", name: "Haiphong" },
  ],
  PL: [
    { code: "PLGDN", name: "Gdansk" },
    { code: "PLGDY", name: "Gdynia" },
  ],
};

const VESSELS = [
  "MSC Aurora",
  "Maersk Kendal",
  "CMA CGM Tage",
  "Ever Given",
  "Hapag Express Berlin",
  "ONE Harmony",
  "Cosco Pride",
  "Yang Ming Unity",
];
const CURRENCY_OF: Record<string, string> = {
  CN: "USD",
  DE: "EUR",
  FR: "EUR",
  ES: "EUR",
  US: "USD",
  GB: "GBP",
  IN: "USD",
  NL: "EUR",
  IT: "EUR",
  VN: "USD",
  PL: "EUR",
};

/** ISO 6346 container number with a correct check digit. */
function containerNumber(r: () => number): string {
  const owner = ["MSCU", "MAEU", "CMAU", "HLXU", "OOLU", "TGHU"][Math.floor(r() * 6)];
  const serial = String(Math.floor(r() * 1_000_000)).padStart(6, "0");
  const code = owner + serial;
  return code + String(containerCheckDigit(code));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function makeShipment(seed: number, options: { items?: number } = {}): CorpusShipment {
  const r = rng(seed * 7919 + 17);
  const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)];
  const exporter = pick(PARTIES);
  let importer = pick(PARTIES);
  while (importer.country === exporter.country) importer = pick(PARTIES);
  const count = options.items ?? 2 + Math.floor(r() * 4);
  const goods = [...GOODS].sort(() => r() - 0.5).slice(0, count);
  const items: CorpusItem[] = goods.map((g) => {
    const quantity = g.unit === "kg" || g.unit === "ltr" ? 100 * (1 + Math.floor(r() * 40)) : 10 * (1 + Math.floor(r() * 120));
    const unit_price = round2(0.35 + r() * 120);
    const net = round2(quantity * (0.05 + r() * 0.8));
    return {
      ...g,
      quantity,
      unit_price,
      origin_country: exporter.country,
      net_weight_kg: net,
      gross_weight_kg: round2(net * 1.08 + 3),
      cartons: 1 + Math.floor(r() * 60),
    };
  });
  const total_value = round2(items.reduce((s, i) => s + round2(i.quantity * i.unit_price), 0));
  const modeRoll = r();
  const transport_mode = modeRoll < 0.7 ? "sea" : modeRoll < 0.85 ? "air" : modeRoll < 0.95 ? "road" : "rail";
  const incoterms =
    transport_mode === "sea" ? pick(["FOB", "CIF", "CFR", "FCA", "DAP", "EXW"]) : pick(["FCA", "DAP", "DDP", "EXW", "CPT", "CIP"]);
  const pol = pick(PORTS[exporter.country]);
  const pod = pick(PORTS[importer.country]);
  return {
    seed,
    invoiceNo: `${pick(["INV", "CI", "RE", "FAC"])}-${2024 + Math.floor(r() * 2)}-${String(1000 + Math.floor(r() * 9000))}`,
    date: `2025-${String(1 + Math.floor(r() * 12)).padStart(2, "0")}-${String(1 + Math.floor(r() * 28)).padStart(2, "0")}`,
    exporter,
    importer,
    notify: r() < 0.4 ? pick(PARTIES.filter((p) => p.country === importer.country && p !== importer)) : undefined,
    origin_country: exporter.country,
    destination_country: importer.country,
    transport_mode,
    incoterms,
    incoterm_place: ["FOB", "FCA", "EXW", "FAS"].includes(incoterms) ? pol.name : pod.name,
    port_of_loading: pol,
    port_of_discharge: pod,
    vessel_name: pick(VESSELS),
    voyage_number: `${100 + Math.floor(r() * 900)}${pick(["W", "E", "N", "S"])}`,
    currency: CURRENCY_OF[exporter.country],
    items,
    total_value,
    total_packages: items.reduce((s, i) => s + i.cartons, 0),
    total_gross_weight_kg: round2(items.reduce((s, i) => s + i.gross_weight_kg, 0)),
    container_number: containerNumber(r),
    seal_number: String(100000 + Math.floor(r() * 900000)),
  };
}

/** Number formats: en 1,234.56 — de 1.234,56 — fr 1 234,56 — plain 1234.56. */
export function fmt(n: number, style: "en" | "de" | "fr" | "plain", decimals = 2): string {
  const fixed = n.toFixed(decimals);
  const [int, dec] = fixed.split(".");
  const sep = style === "en" ? "," : style === "de" ? "." : style === "fr" ? " " : "";
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const point = style === "de" || style === "fr" ? "," : ".";
  return dec ? `${grouped}${point}${dec}` : grouped;
}

export function postalLine(p: CorpusParty): string {
  if (p.postal === "us") return `${p.city}, ${p.state} ${p.postal_code}`;
  if (p.postal === "post") return `${p.city} ${p.postal_code}`;
  if (p.postal === "uk") return `${p.city} ${p.postal_code}`;
  return `${p.postal_code} ${p.city}`;
}

/** The labels of a party as printed (name, street, postal line, country; EORI when shown). */
export function partyExpected(prefix: string, p: CorpusParty, shown: { country?: boolean; eori?: boolean } = {}): Record<string, string> {
  const out: Record<string, string> = {
    [`${prefix}.name`]: p.name,
    [`${prefix}.address`]: p.street,
    [`${prefix}.city`]: p.city,
    [`${prefix}.postal_code`]: p.postal_code,
  };
  if (p.state) out[`${prefix}.state`] = p.state;
  if (shown.country !== false) out[`${prefix}.country`] = p.country;
  if (shown.eori && p.eori) out[`${prefix}.tax_ids.eori`] = p.eori;
  return out;
}
