/**
 * Invoice and packing-list PDFs in six layouts that are NOT this service's renderer: boxed forms with
 * labels above values, "Label: value" lines, label-left/value-right grids, US-style "SOLD TO" sheets;
 * English, German, French and Spanish wordings; three number formats; three standard fonts.
 * Each returns the PDF and the labels: the values the document actually shows, by TradeShipment path.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { fmt, partyExpected, postalLine, type CorpusParty, type CorpusShipment, type Lang } from "./corpus-data.ts";

export type Expected = Record<string, string | number>;
export interface RenderedDoc {
  bytes: Uint8Array;
  expected: Expected;
}

const H = 842;

class Sheet {
  constructor(
    readonly page: PDFPage,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {}
  text(x: number, top: number, s: string, size = 9, bold = false) {
    this.page.drawText(s, { x, y: H - top - size, size, font: bold ? this.bold : this.font, color: rgb(0, 0, 0) });
  }
  right(xRight: number, top: number, s: string, size = 9, bold = false) {
    const w = (bold ? this.bold : this.font).widthOfTextAtSize(s, size);
    this.text(xRight - w, top, s, size, bold);
  }
  box(x: number, top: number, w: number, h: number) {
    this.page.drawRectangle({ x, y: H - top - h, width: w, height: h, borderColor: rgb(0.2, 0.2, 0.2), borderWidth: 0.6 });
  }
  hline(x0: number, x1: number, top: number) {
    this.page.drawLine({ start: { x: x0, y: H - top }, end: { x: x1, y: H - top }, thickness: 0.5, color: rgb(0.3, 0.3, 0.3) });
  }
  width(s: string, size = 9, bold = false) {
    return (bold ? this.bold : this.font).widthOfTextAtSize(s, size);
  }
  /** Splits a text into lines no wider than w. */
  wrap(s: string, w: number, size = 9): string[] {
    const out: string[] = [];
    let line = "";
    for (const word of s.split(" ")) {
      const next = line ? `${line} ${word}` : word;
      if (this.width(next, size) > w && line) {
        out.push(line);
        line = word;
      } else line = next;
    }
    if (line) out.push(line);
    return out;
  }
}

async function newDoc(font: StandardFonts, bold: StandardFonts): Promise<{ doc: PDFDocument; s: Sheet }> {
  const doc = await PDFDocument.create();
  doc.setProducer("corpus generator");
  doc.setCreationDate(new Date("2025-01-01T00:00:00Z"));
  doc.setModificationDate(new Date("2025-01-01T00:00:00Z"));
  const page = doc.addPage([595, H]);
  return { doc, s: new Sheet(page, await doc.embedFont(font), await doc.embedFont(bold)) };
}

function partyLines(p: CorpusParty, lang: Lang, withCountry = true): string[] {
  return [p.name, p.street, postalLine(p), ...(withCountry ? [p.countryNames[lang]] : [])];
}

function itemsExpected(
  sh: CorpusShipment,
  fields: ("description" | "hs_code" | "quantity" | "unit" | "unit_price" | "origin_country" | "net_weight_kg" | "gross_weight_kg")[],
): Expected {
  const out: Expected = {};
  sh.items.forEach((it, i) => {
    for (const f of fields) out[`goods.line_items[${i}].${f}`] = it[f];
  });
  return out;
}

const MODE_WORDS: Record<Lang, Record<string, string>> = {
  en: { sea: "Sea Freight", air: "Air Freight", road: "Road (Truck)", rail: "Rail" },
  de: { sea: "Seefracht", air: "Luftfracht", road: "LKW", rail: "Bahn" },
  fr: { sea: "Maritime", air: "Aérien", road: "Routier (camion)", rail: "Ferroviaire" },
  es: { sea: "Marítimo", air: "Aéreo", road: "Carretera", rail: "Ferrocarril" },
};

/** S1: boxed English commercial invoice, labels above values, wrapped descriptions. */
export async function boxedEnglish(sh: CorpusShipment): Promise<RenderedDoc> {
  const { doc, s } = await newDoc(StandardFonts.Helvetica, StandardFonts.HelveticaBold);
  s.text(200, 36, "COMMERCIAL INVOICE", 16, true);
  const box = (x: number, top: number, w: number, h: number, label: string, lines: string[]) => {
    s.box(x, top, w, h);
    s.text(x + 4, top + 3, label, 7, true);
    lines.forEach((l, i) => s.text(x + 6, top + 15 + i * 11, l, 9));
  };
  box(40, 70, 260, 62, "Shipper / Exporter", partyLines(sh.exporter, "en"));
  box(300, 70, 127, 31, "Invoice No.", [sh.invoiceNo]);
  box(427, 70, 128, 31, "Invoice Date", [sh.date]);
  box(300, 101, 255, 31, "Reference", [`PO ${sh.seed * 37 + 1000}`]);
  box(40, 132, 260, 62, "Consignee", partyLines(sh.importer, "en"));
  box(300, 132, 255, 62, "Notify Party", sh.notify ? partyLines(sh.notify, "en") : ["Same as consignee"]);
  const cells: [string, string][] = [
    ["Port of Loading", `${sh.port_of_loading.name} (${sh.port_of_loading.code})`],
    ["Port of Discharge", `${sh.port_of_discharge.name} (${sh.port_of_discharge.code})`],
    ["Vessel / Voyage", `${sh.vessel_name} / ${sh.voyage_number}`],
    ["Terms of Delivery", `${sh.incoterms} ${sh.incoterm_place}`],
    ["Country of Origin", sh.exporter.countryNames.en],
    ["Country of Final Destination", sh.importer.countryNames.en],
    ["Mode of Transport", MODE_WORDS.en[sh.transport_mode]],
    ["Currency", sh.currency],
  ];
  cells.forEach(([label, value], i) => box(40 + (i % 4) * 128.75, 194 + Math.floor(i / 4) * 31, 128.75, 31, label, [value]));
  const cols = [
    { h: "Description of Goods", x: 44, w: 190 },
    { h: "HS Code", x: 240, w: 60 },
    { h: "Qty", x: 310, w: 40, r: true },
    { h: "Unit", x: 360, w: 30 },
    { h: "Unit Price", x: 400, w: 60, r: true },
    { h: "Amount", x: 470, w: 80, r: true },
  ];
  let top = 268;
  s.hline(40, 555, top - 3);
  for (const c of cols) c.r ? s.right(c.x + c.w, top, c.h, 8, true) : s.text(c.x, top, c.h, 8, true);
  top += 14;
  s.hline(40, 555, top - 3);
  for (const it of sh.items) {
    const desc = s.wrap(it.description, 190);
    s.text(44, top, desc[0]);
    s.text(240, top, it.hs_code);
    s.right(350, top, fmt(it.quantity, "en", 0));
    s.text(360, top, it.unit);
    s.right(460, top, fmt(it.unit_price, "en"));
    s.right(550, top, fmt(it.quantity * it.unit_price, "en"));
    for (const d of desc.slice(1)) {
      top += 11;
      s.text(44, top, d);
    }
    top += 14;
  }
  s.hline(40, 555, top - 3);
  s.text(400, top + 2, `TOTAL ${sh.currency}`, 9, true);
  s.right(550, top + 2, fmt(sh.total_value, "en"), 9, true);
  top += 30;
  s.text(44, top, `Total Packages: ${sh.total_packages} cartons`);
  s.text(44, top + 13, `Total Gross Weight: ${fmt(sh.total_gross_weight_kg, "en")} kg`);
  s.text(300, top, `Container No.: ${sh.container_number}`);
  s.text(300, top + 13, `Seal No.: ${sh.seal_number}`);
  s.text(44, top + 60, "We hereby certify that this invoice shows the actual price of the goods described.", 8);
  s.text(400, top + 100, "Authorised signature", 8);
  return {
    bytes: await doc.save(),
    expected: {
      ...partyExpected("exporter", sh.exporter),
      ...partyExpected("importer", sh.importer),
      ...(sh.notify ? partyExpected("notify_party", sh.notify) : {}),
      "route.port_of_loading": sh.port_of_loading.code,
      "route.port_of_discharge": sh.port_of_discharge.code,
      "route.vessel_name": sh.vessel_name,
      "route.voyage_number": sh.voyage_number,
      "route.incoterms": sh.incoterms,
      "route.origin_country": sh.origin_country,
      "route.destination_country": sh.destination_country,
      "route.transport_mode": sh.transport_mode,
      "goods.currency": sh.currency,
      "goods.total_value": sh.total_value,
      ...itemsExpected(sh, ["description", "hs_code", "quantity", "unit", "unit_price"]),
      "packaging.total_packages": sh.total_packages,
      "packaging.total_gross_weight_kg": sh.total_gross_weight_kg,
      "packaging.containers[0].container_number": sh.container_number,
      "packaging.containers[0].seal_number": sh.seal_number,
    },
  };
}

const dotted = (hs: string) => hs.replace(/^(\d{4})(\d{2})(\d{2})(\d{2})?$/, (_, a, b, c, d) => [a, b, c, d].filter(Boolean).join("."));

/** S2: German "Rechnung", label: value lines, two-column parties, German numbers, dotted tariff numbers. */
export async function inlineGerman(sh: CorpusShipment): Promise<RenderedDoc> {
  const { doc, s } = await newDoc(StandardFonts.TimesRoman, StandardFonts.TimesRomanBold);
  s.text(40, 40, "RECHNUNG", 18, true);
  s.text(360, 44, `Rechnungsnummer: ${sh.invoiceNo}`, 10);
  s.text(360, 58, `Rechnungsdatum: ${sh.date.split("-").reverse().join(".")}`, 10);
  s.text(40, 90, "Absender:", 10, true);
  s.text(310, 90, "Empfänger:", 10, true);
  partyLines(sh.exporter, "de").forEach((l, i) => s.text(40, 104 + i * 12, l, 10));
  partyLines(sh.importer, "de").forEach((l, i) => s.text(310, 104 + i * 12, l, 10));
  if (sh.importer.eori) s.text(310, 104 + 4 * 12, `EORI: ${sh.importer.eori}`, 10);
  const facts = [
    `Lieferbedingung: ${sh.incoterms} ${sh.incoterm_place} (Incoterms 2020)`,
    `Versandart: ${MODE_WORDS.de[sh.transport_mode]}`,
    `Verladehafen: ${sh.port_of_loading.name} (${sh.port_of_loading.code})`,
    `Bestimmungshafen: ${sh.port_of_discharge.name} (${sh.port_of_discharge.code})`,
    `Schiff / Reise: ${sh.vessel_name} / ${sh.voyage_number}`,
    `Ursprungsland: ${sh.exporter.countryNames.de}`,
    `Bestimmungsland: ${sh.importer.countryNames.de}`,
    `Währung: ${sh.currency}`,
  ];
  facts.forEach((f, i) => s.text(40, 180 + i * 13, f, 10));
  let top = 300;
  const cols = [
    { h: "Pos.", x: 40, w: 25 },
    { h: "Warenbezeichnung", x: 70, w: 180 },
    { h: "Zolltarifnr.", x: 255, w: 70 },
    { h: "Menge", x: 330, w: 45, r: true },
    { h: "ME", x: 382, w: 25 },
    { h: "Einzelpreis", x: 410, w: 60, r: true },
    { h: "Gesamtpreis", x: 480, w: 75, r: true },
  ];
  for (const c of cols) c.r ? s.right(c.x + c.w, top, c.h, 9, true) : s.text(c.x, top, c.h, 9, true);
  top += 16;
  sh.items.forEach((it, i) => {
    s.text(40, top, String(i + 1), 9);
    s.text(70, top, it.description.length > 38 ? `${it.description.slice(0, 36)}…` : it.description, 9);
    s.text(255, top, dotted(it.hs_code), 9);
    s.right(375, top, fmt(it.quantity, "de", 0), 9);
    s.text(382, top, it.unit === "pcs" ? "Stk" : it.unit, 9);
    s.right(470, top, fmt(it.unit_price, "de"), 9);
    s.right(555, top, fmt(it.quantity * it.unit_price, "de"), 9);
    top += 14;
  });
  top += 10;
  s.text(330, top, `Gesamtbetrag: ${fmt(sh.total_value, "de")} ${sh.currency}`, 11, true);
  top += 30;
  s.text(40, top, `Anzahl Packstücke: ${sh.total_packages}`, 10);
  s.text(40, top + 13, `Bruttogewicht: ${fmt(sh.total_gross_weight_kg, "de")} kg`, 10);
  s.text(40, top + 26, `Container-Nr.: ${sh.container_number}`, 10);
  s.text(40, top + 39, `Plombe: ${sh.seal_number}`, 10);
  s.text(40, top + 80, "Zahlungsbedingungen: 30 Tage netto", 9);
  return {
    bytes: await doc.save(),
    expected: {
      ...partyExpected("exporter", sh.exporter),
      ...partyExpected("importer", sh.importer, { eori: true }),
      "route.incoterms": sh.incoterms,
      "route.transport_mode": sh.transport_mode,
      "route.port_of_loading": sh.port_of_loading.code,
      "route.port_of_discharge": sh.port_of_discharge.code,
      "route.vessel_name": sh.vessel_name,
      "route.voyage_number": sh.voyage_number,
      "route.origin_country": sh.origin_country,
      "route.destination_country": sh.destination_country,
      "goods.currency": sh.currency,
      "goods.total_value": sh.total_value,
      ...Object.fromEntries(
        sh.items.flatMap((it, i) => {
          const p = `goods.line_items[${i}]`;
          const desc = it.description.length > 38 ? `${it.description.slice(0, 36)}…` : it.description;
          return [
            [`${p}.description`, desc],
            [`${p}.hs_code`, it.hs_code],
            [`${p}.quantity`, it.quantity],
            [`${p}.unit`, it.unit === "pcs" ? "Stk" : it.unit],
            [`${p}.unit_price`, it.unit_price],
          ];
        }),
      ),
      "packaging.total_packages": sh.total_packages,
      "packaging.total_gross_weight_kg": sh.total_gross_weight_kg,
      "packaging.containers[0].container_number": sh.container_number,
      "packaging.containers[0].seal_number": sh.seal_number,
    },
  };
}

/** S3: English packing list in Courier: weights and cartons, no prices, "From/To" wording for ports. */
export async function packingListEnglish(sh: CorpusShipment): Promise<RenderedDoc> {
  const { doc, s } = await newDoc(StandardFonts.Courier, StandardFonts.CourierBold);
  s.text(40, 40, "PACKING LIST", 16, true);
  s.text(380, 44, `Packing List No. PL-${sh.invoiceNo.slice(-4)}`, 9);
  s.text(380, 56, `Date: ${sh.date}`, 9);
  s.text(40, 84, "EXPORTER", 9, true);
  partyLines(sh.exporter, "en").forEach((l, i) => s.text(40, 97 + i * 11, l, 9));
  s.text(320, 84, "SOLD TO", 9, true);
  partyLines(sh.importer, "en").forEach((l, i) => s.text(320, 97 + i * 11, l, 9));
  s.text(40, 160, `From: ${sh.port_of_loading.name} (${sh.port_of_loading.code})`, 9);
  s.text(320, 160, `To: ${sh.port_of_discharge.name} (${sh.port_of_discharge.code})`, 9);
  s.text(40, 173, `Vessel: ${sh.vessel_name}`, 9);
  s.text(320, 173, `Voyage: ${sh.voyage_number}`, 9);
  let top = 205;
  const cols = [
    { h: "Description", x: 40, w: 200 },
    { h: "HS Code", x: 245, w: 65 },
    { h: "Cartons", x: 315, w: 45, r: true },
    { h: "Qty", x: 365, w: 45, r: true },
    { h: "Unit", x: 415, w: 30 },
    { h: "Net Wt (kg)", x: 445, w: 55, r: true },
    { h: "Gross Wt (kg)", x: 500, w: 60, r: true },
  ];
  for (const c of cols) c.r ? s.right(c.x + c.w, top, c.h, 7, true) : s.text(c.x, top, c.h, 7, true);
  s.hline(40, 560, top + 10);
  top += 16;
  for (const it of sh.items) {
    s.text(40, top, it.description.slice(0, 32), 8);
    s.text(245, top, it.hs_code, 8);
    s.right(360, top, String(it.cartons), 8);
    s.right(410, top, String(it.quantity), 8);
    s.text(415, top, it.unit.toUpperCase(), 8);
    s.right(500, top, fmt(it.net_weight_kg, "en"), 8);
    s.right(560, top, fmt(it.gross_weight_kg, "en"), 8);
    top += 12;
  }
  s.hline(40, 560, top);
  top += 4;
  s.text(40, top, "TOTAL", 8, true);
  s.right(360, top, String(sh.total_packages), 8, true);
  s.right(560, top, fmt(sh.total_gross_weight_kg, "en"), 8, true);
  top += 30;
  s.text(40, top, `Container No.: ${sh.container_number}`, 9);
  s.text(320, top, `Seal No.: ${sh.seal_number}`, 9);
  s.text(40, top + 14, `Total Packages: ${sh.total_packages} CTNS`, 9);
  s.text(320, top + 14, `Total Gross Weight: ${fmt(sh.total_gross_weight_kg, "en")} KGS`, 9);
  return {
    bytes: await doc.save(),
    expected: {
      ...partyExpected("exporter", sh.exporter),
      ...partyExpected("importer", sh.importer),
      "route.port_of_loading": sh.port_of_loading.code,
      "route.port_of_discharge": sh.port_of_discharge.code,
      "route.vessel_name": sh.vessel_name,
      "route.voyage_number": sh.voyage_number,
      ...Object.fromEntries(
        sh.items.flatMap((it, i) => {
          const p = `goods.line_items[${i}]`;
          return [
            [`${p}.description`, it.description.slice(0, 32)],
            [`${p}.hs_code`, it.hs_code],
            [`${p}.quantity`, it.quantity],
            [`${p}.unit`, it.unit.toUpperCase()],
            [`${p}.net_weight_kg`, it.net_weight_kg],
            [`${p}.gross_weight_kg`, it.gross_weight_kg],
          ];
        }),
      ),
      "packaging.total_packages": sh.total_packages,
      "packaging.total_gross_weight_kg": sh.total_gross_weight_kg,
      "packaging.containers[0].container_number": sh.container_number,
      "packaging.containers[0].seal_number": sh.seal_number,
    },
  };
}

/** S4: French "Facture commerciale", stacked parties, "label : value", French numbers (1 234,56). */
export async function stackedFrench(sh: CorpusShipment): Promise<RenderedDoc> {
  const { doc, s } = await newDoc(StandardFonts.Helvetica, StandardFonts.HelveticaBold);
  s.text(40, 40, "Facture commerciale", 17, true);
  s.text(400, 44, `N° de facture : ${sh.invoiceNo}`, 9);
  s.text(400, 56, `Date : ${sh.date.split("-").reverse().join("/")}`, 9);
  s.text(40, 84, "Expéditeur", 10, true);
  partyLines(sh.exporter, "fr").forEach((l, i) => s.text(40, 98 + i * 12, l, 10));
  s.text(40, 160, "Destinataire", 10, true);
  partyLines(sh.importer, "fr").forEach((l, i) => s.text(40, 174 + i * 12, l, 10));
  const facts = [
    `Incoterm : ${sh.incoterms} ${sh.incoterm_place}`,
    `Mode de transport : ${MODE_WORDS.fr[sh.transport_mode]}`,
    `Port de chargement : ${sh.port_of_loading.name} - ${sh.port_of_loading.code}`,
    `Port de déchargement : ${sh.port_of_discharge.name} - ${sh.port_of_discharge.code}`,
    `Navire : ${sh.vessel_name}`,
    `Pays d'origine : ${sh.exporter.countryNames.fr}`,
    `Pays de destination : ${sh.importer.countryNames.fr}`,
    `Devise : ${sh.currency}`,
  ];
  facts.forEach((f, i) => s.text(320, 84 + i * 13, f, 9));
  let top = 250;
  const cols = [
    { h: "Désignation", x: 40, w: 200 },
    { h: "Code SH", x: 245, w: 65 },
    { h: "Quantité", x: 315, w: 50, r: true },
    { h: "Unité", x: 372, w: 30 },
    { h: "Prix unitaire", x: 405, w: 65, r: true },
    { h: "Montant", x: 480, w: 75, r: true },
  ];
  s.page.drawRectangle({ x: 38, y: H - top - 12, width: 519, height: 14, color: rgb(0.88, 0.88, 0.88) });
  for (const c of cols) c.r ? s.right(c.x + c.w, top, c.h, 9, true) : s.text(c.x, top, c.h, 9, true);
  top += 18;
  for (const it of sh.items) {
    s.text(40, top, it.description.slice(0, 40), 9);
    s.text(245, top, it.hs_code, 9);
    s.right(365, top, fmt(it.quantity, "fr", 0), 9);
    s.text(372, top, it.unit, 9);
    s.right(470, top, fmt(it.unit_price, "fr"), 9);
    s.right(555, top, fmt(it.quantity * it.unit_price, "fr"), 9);
    top += 14;
  }
  top += 16;
  s.text(330, top, `Montant total : ${fmt(sh.total_value, "fr")} ${sh.currency}`, 10, true);
  s.text(40, top + 30, `Nombre de colis : ${sh.total_packages}`, 9);
  s.text(40, top + 43, `Poids brut total : ${fmt(sh.total_gross_weight_kg, "fr")} kg`, 9);
  return {
    bytes: await doc.save(),
    expected: {
      ...partyExpected("exporter", sh.exporter),
      ...partyExpected("importer", sh.importer),
      "route.incoterms": sh.incoterms,
      "route.transport_mode": sh.transport_mode,
      "route.port_of_loading": sh.port_of_loading.code,
      "route.port_of_discharge": sh.port_of_discharge.code,
      "route.vessel_name": sh.vessel_name,
      "route.origin_country": sh.origin_country,
      "route.destination_country": sh.destination_country,
      "goods.currency": sh.currency,
      "goods.total_value": sh.total_value,
      ...Object.fromEntries(
        sh.items.flatMap((it, i) => {
          const p = `goods.line_items[${i}]`;
          return [
            [`${p}.description`, it.description.slice(0, 40)],
            [`${p}.hs_code`, it.hs_code],
            [`${p}.quantity`, it.quantity],
            [`${p}.unit`, it.unit],
            [`${p}.unit_price`, it.unit_price],
          ];
        }),
      ),
      "packaging.total_packages": sh.total_packages,
      "packaging.total_gross_weight_kg": sh.total_gross_weight_kg,
    },
  };
}

/** S5: Spanish "Factura comercial": labels in a left column, values at a fixed column to their right. */
export async function gridSpanish(sh: CorpusShipment): Promise<RenderedDoc> {
  const { doc, s } = await newDoc(StandardFonts.TimesRoman, StandardFonts.TimesRomanBold);
  s.text(40, 40, "FACTURA COMERCIAL", 16, true);
  const rows: [string, string[]][] = [
    ["Factura N°", [sh.invoiceNo]],
    ["Fecha", [sh.date]],
    ["Exportador", partyLines(sh.exporter, "es")],
    ["Importador", partyLines(sh.importer, "es")],
    ["Condiciones de entrega", [`${sh.incoterms} ${sh.incoterm_place}`]],
    ["Medio de transporte", [MODE_WORDS.es[sh.transport_mode]]],
    ["Puerto de carga", [`${sh.port_of_loading.name} (${sh.port_of_loading.code})`]],
    ["Puerto de descarga", [`${sh.port_of_discharge.name} (${sh.port_of_discharge.code})`]],
    ["Buque", [sh.vessel_name]],
    ["País de origen", [sh.exporter.countryNames.es]],
    ["Moneda", [sh.currency]],
  ];
  let top = 75;
  for (const [label, values] of rows) {
    s.text(40, top, label, 10, true);
    values.forEach((v, i) => s.text(190, top + i * 12, v, 10));
    top += values.length * 12 + (values.length > 1 ? 8 : 3);
  }
  top += 14;
  const cols = [
    { h: "Descripción", x: 40, w: 190 },
    { h: "Partida arancelaria", x: 235, w: 85 },
    { h: "Cantidad", x: 325, w: 45, r: true },
    { h: "Unidad", x: 376, w: 35 },
    { h: "Precio unitario", x: 410, w: 65, r: true },
    { h: "Importe", x: 485, w: 70, r: true },
  ];
  for (const c of cols) c.r ? s.right(c.x + c.w, top, c.h, 9, true) : s.text(c.x, top, c.h, 9, true);
  top += 16;
  for (const it of sh.items) {
    s.text(40, top, it.description.slice(0, 38), 9);
    s.text(235, top, it.hs_code, 9);
    s.right(370, top, fmt(it.quantity, "de", 0), 9);
    s.text(376, top, it.unit, 9);
    s.right(475, top, fmt(it.unit_price, "de"), 9);
    s.right(555, top, fmt(it.quantity * it.unit_price, "de"), 9);
    top += 13;
  }
  top += 16;
  for (const [label, value] of [
    ["Importe total", `${fmt(sh.total_value, "de")} ${sh.currency}`],
    ["Número de bultos", String(sh.total_packages)],
    ["Peso bruto total", `${fmt(sh.total_gross_weight_kg, "de")} kg`],
  ]) {
    s.text(40, top, label, 10, true);
    s.text(190, top, value, 10);
    top += 14;
  }
  return {
    bytes: await doc.save(),
    expected: {
      ...partyExpected("exporter", sh.exporter),
      ...partyExpected("importer", sh.importer),
      "route.incoterms": sh.incoterms,
      "route.transport_mode": sh.transport_mode,
      "route.port_of_loading": sh.port_of_loading.code,
      "route.port_of_discharge": sh.port_of_discharge.code,
      "route.vessel_name": sh.vessel_name,
      "route.origin_country": sh.origin_country,
      "goods.currency": sh.currency,
      "goods.total_value": sh.total_value,
      ...Object.fromEntries(
        sh.items.flatMap((it, i) => {
          const p = `goods.line_items[${i}]`;
          return [
            [`${p}.description`, it.description.slice(0, 38)],
            [`${p}.hs_code`, it.hs_code],
            [`${p}.quantity`, it.quantity],
            [`${p}.unit`, it.unit],
            [`${p}.unit_price`, it.unit_price],
          ];
        }),
      ),
      "packaging.total_packages": sh.total_packages,
      "packaging.total_gross_weight_kg": sh.total_gross_weight_kg,
    },
  };
}

/** S6: US-style invoice: SELLER / SOLD TO / SHIP TO, terms line, QTY-first table, $ amounts. */
export async function usInvoice(sh: CorpusShipment): Promise<RenderedDoc> {
  const { doc, s } = await newDoc(StandardFonts.Helvetica, StandardFonts.HelveticaBold);
  s.text(40, 36, "INVOICE", 22, true);
  s.text(400, 40, `INVOICE #: ${sh.invoiceNo}`, 9, true);
  s.text(400, 52, `DATE: ${sh.date}`, 9);
  s.text(40, 80, "SELLER:", 8, true);
  partyLines(sh.exporter, "en").forEach((l, i) => s.text(40, 92 + i * 11, l.toUpperCase(), 9));
  s.text(40, 150, "SOLD TO:", 8, true);
  partyLines(sh.importer, "en").forEach((l, i) => s.text(40, 162 + i * 11, l.toUpperCase(), 9));
  s.text(320, 150, "SHIP TO:", 8, true);
  partyLines(sh.importer, "en").forEach((l, i) => s.text(320, 162 + i * 11, l.toUpperCase(), 9));
  s.text(40, 220, `TERMS: ${sh.incoterms} ${sh.incoterm_place.toUpperCase()}`, 9);
  s.text(
    220,
    220,
    `SHIP VIA: ${sh.transport_mode === "sea" ? "OCEAN" : sh.transport_mode === "air" ? "AIR" : sh.transport_mode === "road" ? "TRUCK" : "RAIL"}`,
    9,
  );
  s.text(380, 220, `CURRENCY: ${sh.currency}`, 9);
  let top = 250;
  s.page.drawRectangle({ x: 38, y: H - top - 12, width: 519, height: 15, color: rgb(0.1, 0.1, 0.1) });
  const head = [
    { h: "QTY", x: 44, w: 40, r: true },
    { h: "UOM", x: 92, w: 30 },
    { h: "ITEM DESCRIPTION", x: 128, w: 200 },
    { h: "HTS", x: 335, w: 60 },
    { h: "UNIT PRICE", x: 405, w: 60, r: true },
    { h: "EXTENDED", x: 475, w: 78, r: true },
  ];
  for (const c of head) {
    const draw = (x: number) => s.page.drawText(c.h, { x, y: H - top - 8, size: 8, font: s.bold, color: rgb(1, 1, 1) });
    draw(c.r ? c.x + c.w - s.width(c.h, 8, true) : c.x);
  }
  top += 18;
  for (const it of sh.items) {
    s.right(84, top, fmt(it.quantity, "en", 0), 9);
    s.text(92, top, it.unit.toUpperCase(), 9);
    s.text(128, top, it.description.slice(0, 34).toUpperCase(), 9);
    s.text(335, top, `${it.hs_code.slice(0, 4)}.${it.hs_code.slice(4, 6)}.${it.hs_code.slice(6)}`, 9);
    s.right(465, top, `$${fmt(it.unit_price, "en")}`, 9);
    s.right(553, top, `$${fmt(it.quantity * it.unit_price, "en")}`, 9);
    top += 13;
  }
  top += 14;
  s.text(360, top, `TOTAL DUE (${sh.currency}):`, 10, true);
  s.right(553, top, `$${fmt(sh.total_value, "en")}`, 10, true);
  s.text(40, top + 40, "Thank you for your business.", 9);
  return {
    bytes: await doc.save(),
    expected: {
      ...Object.fromEntries(
        Object.entries(partyExpected("exporter", sh.exporter)).map(([k, v]) => [k, k.endsWith("country") ? v : v.toUpperCase()]),
      ),
      ...Object.fromEntries(
        Object.entries(partyExpected("importer", sh.importer)).map(([k, v]) => [k, k.endsWith("country") ? v : v.toUpperCase()]),
      ),
      "route.incoterms": sh.incoterms,
      "route.transport_mode": sh.transport_mode,
      "goods.currency": sh.currency,
      "goods.total_value": sh.total_value,
      ...Object.fromEntries(
        sh.items.flatMap((it, i) => {
          const p = `goods.line_items[${i}]`;
          return [
            [`${p}.description`, it.description.slice(0, 34).toUpperCase()],
            [`${p}.hs_code`, it.hs_code],
            [`${p}.quantity`, it.quantity],
            [`${p}.unit`, it.unit.toUpperCase()],
            [`${p}.unit_price`, it.unit_price],
          ];
        }),
      ),
    },
  };
}

export const PDF_STYLES = {
  "boxed-en": boxedEnglish,
  "inline-de": inlineGerman,
  "packing-en": packingListEnglish,
  "stacked-fr": stackedFrench,
  "grid-es": gridSpanish,
  "us-invoice": usInvoice,
} as const;

export type PdfStyle = keyof typeof PDF_STYLES;
