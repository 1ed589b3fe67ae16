/**
 * The seller when no label names it, read as a person reads an invoice: the issuer prints its own
 * name, address and registration (VAT id, trade register) as a letterhead at the top or as a company
 * block in the footer; the buyer's block is the one under a buyer label or in the address window.
 *
 * Blocks are runs of lines whose segments start (or are centred) at the same place, one under the
 * other. A block speaks for the seller when it carries a tax or register id (a VAT id block), when its
 * name carries a legal form (GmbH, B.V., Ltd, Sdn Bhd, …), and when it stands at the top of the first
 * page. The block's first name-like line is the seller's name; the rest is parsed as a party block.
 * A receipt's shop prints its name first, so the top block of a document with nothing better counts,
 * with a lower confidence.
 */
import { CURRENCY_CODES } from "../../../../trade/currencies.ts";
import type { FlatExtraction } from "../../../extraction-result.ts";
import { confidenceFromEvidence, ocrEvidence } from "../../../value-evidence.ts";
import { parseDate } from "../dates.ts";
import { norm } from "../normalize-values.ts";
import { type PartyField, parseParty } from "../party.ts";
import { repairLegalForm } from "../repair-legal-form.ts";
import { repairInitials, repairMisreadWords } from "../repair-misread-words.ts";
import { repairPostcodeDigits } from "../repair-postcode.ts";
import { type ExtractionContext, type Line, type Seg, setValue } from "./extraction-context.ts";
import { labelAt } from "./match-labels.ts";
import { domainNames, webDomains } from "./web-domains.ts";

export interface TextBlock {
  page: number;
  lines: { line: Line; seg: Seg }[];
}

/** Legal forms at the end of (or inside) a company name, in the languages of trade. */
export const LEGAL_FORM =
  /\b(gmbh|ag|kg|ohg|ug|e ?k|b ?v|n ?v|v ?o ?f|ltd|limited|llc|llp|inc|incorporated|corp|corporation|co|company|plc|pty|pvt|private limited|sarl|sas|sa|s ?a ?s|eurl|srl|s ?r ?l|spa|s ?p ?a|snc|sl|s ?l|slu|lda|oy|ab|as|a ?s|aps|sp z o ?o|sdn bhd|sdn|bhd|berhad|enterprise|trading|pte|kk|jsc|ooo|gmbh co kg)\b/;
/** A tax or register id: the issuer's block carries it (VAT, TVA, BTW, USt-IdNr, GSTIN, KvK, SIRET, RCS, HRB, company no.). */
const REGISTRATION =
  /\b(vat|tva|btw|iva|ust|uid|mwst|gstin|gst|kvk|siret|siren|rcs|hrb|hra|handelsregister|registergericht|company (reg|no|number)|reg(istration)? no|co reg|roc|cif|nif|p iva|partita iva|eori|abn|tax id|steuernummer|st nr)\b/;
/** Contact lines an issuer prints about itself (a buyer's block rarely carries them). */
const CONTACT = /\b(www|http|https|e ?mail|tel|telefon|telephone|phone|fax|iban|bic|swift|bank)\b|@/;
/** A heading over the buyer's or the delivery block: that block is not the issuer's. */
const BUYER_HEADING =
  /^(bill(ed)? to|ship(ped)? to|sold to|invoice to|deliver(y)? to|delivery address|billing address|invoice address|customer|client|kunde|rechnungsadresse|lieferadresse|lieferanschrift|adresse de (livraison|facturation)|factuuradres|afleveradres|direccion de (entrega|facturacion)|indirizzo di (consegna|fatturazione)|destinatario|destinataire|consignee|buyer)\b/;
const NOT_A_NAME =
  /(\b(bank|banque|banco|sparkasse|volksbank|raiffeisen)\b)|^(invoice|facture|rechnung|factuur|factura|fattura|receipt|tax invoice|page|date|tel|phone|fax|email|e mail|www|http|iban|bic|swift|bank|kvk|btw|vat|tva|gst|total|summe|ust|(re )?copy|kopie|original|duplicate|thank|thanks|terima kasih|welcome|please|price|prices|goods sold|cashier|customer|member|change|cash|receipt no|tax|simplified|contact|ansprechpartner|interlocuteur|contactpersoon)\b/;

/**
 * An address line, not a name: a street or lot number first ("NO.53", "LOT 1-0-2", "12 Main Street",
 * "Jalan Besar"), or a postcode before a place ("81100 JOHOR BAHRU", "D-80333 München").
 */
const STREET_FIRST =
  /^(no|nr|lot|unit|blk|block|level|lvl|floor|flr|suite|ste|km|batu|jalan|jln|lorong|lrg|persiaran|taman|kampung|kg|rue|via|calle|avenida|av|strasse|straße|p ?o box|postfach|bp)\b/;
const STREET_WORD =
  /\b(street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|highway|hwy|way|jalan|jln|lorong|strasse|straße|str|weg|laan|straat|gasse|platz|allee|rue|chemin|via|viale|calle|carrer|rua)\b/;
export function looksLikeAddress(text: string): boolean {
  const n = norm(text);
  if (STREET_FIRST.test(n)) return true;
  if (/^\d+[a-z]?\b/.test(n) && STREET_WORD.test(n)) return true;
  // A Dutch postcode before its place ("3012 CN Rotterdam", "3012CN Rotterdam").
  if (/^\d{4} ?[a-z]{2} [a-z]{3,}/.test(n)) return true;
  return /(^|\s)([a-z]{1,2} )?\d{4,6} [a-z]{3,}/.test(n) && !/\(\s*[a-z]{0,3}\s*\d{5,}/.test(n);
}

/**
 * Words no name is made of alone: a field's label ("Verkäufer", read by OCR as "Verkaufer"), a currency
 * code ("EUR" beside "Währung:"), or a title OCR spaced out ("FACTU U R": the letters of "Factuur").
 */
function onlyALabel(text: string, ocr: boolean): boolean {
  if (CURRENCY_CODES.has(text.trim().toUpperCase())) return true;
  const n = norm(text);
  const words = n.split(" ");
  // The label is the whole line when it has as many words (a fuzzy match may differ in letters).
  const label = labelAt(n, { fuzzy: ocr });
  if (label && words.length === label.label.split(" ").length) return true;
  return words.length > 1 && words.some((w) => w.length === 1) && NOT_A_NAME.test(words.join(""));
}

/** A sentence printed on the page ("Like and Follow Us on Facebook!"), not a name. */
function looksLikeSentence(text: string): boolean {
  return /[!?]\s*$/.test(text) || (text.match(/\b(and|us|on|the|for|of|with|you|your|our|we|visit|follow|like)\b/g) ?? []).length >= 3;
}

/** A gap of one blank line, in line pitches (the next line starts two pitches down, a little more). */
const BLANK_LINE = 2.2;

/**
 * Blocks of left- or centre-aligned segments, line under line, outside the line-item tables. A block
 * goes on across a gap of up to three line heights, or of `pitch` × 2.2 when given (one blank line).
 */
export function findBlocks(lines: readonly Line[], skip: ReadonlySet<number>, pitch = 0): TextBlock[] {
  const blocks: (TextBlock & { x0: number; x1: number; centre: number; lastY: number; height: number })[] = [];
  for (const line of lines) {
    if (skip.has(line.index)) continue;
    for (const seg of line.segs) {
      const centre = (seg.x0 + seg.x1) / 2;
      const tol = Math.max(2, 0.6 * line.height);
      const open = blocks.find(
        (b) =>
          b.page === line.page &&
          line.y >= b.lastY &&
          line.y - b.lastY <= Math.max(3 * Math.max(b.height, line.height), BLANK_LINE * pitch) &&
          (Math.abs(seg.x0 - b.x0) <= tol || Math.abs(seg.x1 - b.x1) <= tol || Math.abs(centre - b.centre) <= 2 * tol) &&
          b.lines[b.lines.length - 1].line !== line,
      );
      if (open) {
        open.lines.push({ line, seg });
        open.lastY = line.y;
        open.height = line.height;
      } else blocks.push({ page: line.page, lines: [{ line, seg }], x0: seg.x0, x1: seg.x1, centre, lastY: line.y, height: line.height });
    }
  }
  return blocks.map(({ page, lines }) => ({ page, lines }));
}

export interface SellerCandidate {
  block: TextBlock;
  name: { line: Line; seg: Seg; text: string };
  score: number;
  registration: boolean;
  contact: boolean;
  legalForm: boolean;
  /** A web or mail domain printed in the document spells its name (web-domains.ts). */
  domain: boolean;
}

/** A company number printed alone, as registers print it: "(789417-W)", "{867388-U)", "JM0326955-V", "HRB 12345". */
const COMPANY_NUMBER = /^[({[]?\s*[A-Z]{0,3}\s?\d[\d ]{4,}\s?[- .]?\s?[A-Z]?\s*[)}\]]?$/;

const EVERY_LEGAL_FORM = new RegExp(LEGAL_FORM.source, "g");
const onlyLegalForm = (text: string) => {
  const n = norm(text);
  return LEGAL_FORM.test(n) && n.replace(EVERY_LEGAL_FORM, "").trim() === "";
};

/** "Au bon moulin SARL 1242 chemin de l'olive …" → "Au bon moulin SARL": a legal form, then a number. */
function nameBeforeAddress(text: string): string {
  const words = text.split(/\s+/);
  for (let k = 1; k < words.length - 1; k++) {
    if (!/^\d/.test(words[k + 1])) continue;
    const head = words.slice(0, k + 1).join(" ");
    if (LEGAL_FORM_END.test(norm(head))) return head.replace(/[,;]$/, "");
  }
  return text;
}
const LEGAL_FORM_END = new RegExp(`${LEGAL_FORM.source}$`);

function nameLine(block: TextBlock, ocr: boolean): SellerCandidate["name"] | null {
  // "Au bon moulin SARL - 1242 chemin de l'olive - 84340 Malaucène - France": a one-line letterhead,
  // which OCR may read without its dashes: the name then ends at its legal form, before a number.
  const firstPart = (t: string) => (t.length > 60 ? nameBeforeAddress(t.split(/\s[-–|·•]\s/)[0]) : t);
  const named = block.lines.map((l) => ({
    ...l,
    text: firstPart(l.seg.text)
      .replace(/\s*\((?:co\.?\s*)?(?:reg\.?\s*)?(?:no\.?\s*)?[\d A-Z-]{5,}\)\s*$/i, "")
      .trim(),
  }));
  // An issuer prints its name above its register number and address: below them no line is the name.
  // (A number alone before any name is a till or page number, and OCR noise reads with a low confidence.)
  const end = named.findIndex(
    (l, i) =>
      quality(l.seg) >= NOISE_QUALITY &&
      (looksLikeAddress(l.text) || (COMPANY_NUMBER.test(l.text.trim()) && named.slice(0, i).some((m) => /[A-Za-z]{3,}/.test(m.text)))),
  );
  const above = end < 0 ? named : named.slice(0, end);
  // A name is short: a sentence with a legal form ("Sarl au capital de 10 000 €…") is a register line.
  const usable = above.filter((l) => {
    const n = norm(l.text);
    return (
      !onlyLegalForm(l.text) &&
      // A line without a capital letter in a scan is a note written on the page ("tan woon yann").
      !(ocr && !/[A-Z\u00C0-\u00DE]/.test(l.text)) &&
      /[A-Za-z\u00C0-\u024F]{2,}/.test(l.text) &&
      !NOT_A_NAME.test(n) &&
      !onlyALabel(l.text, ocr) &&
      // A number may start a name ("99 SPEED MART", "3M Deutschland GmbH"), not an address.
      !/^[({[]/.test(l.text) &&
      !(/^\d/.test(l.text) && !/^\d+[a-z]*\s+[a-z]{2,}/i.test(l.text)) &&
      !looksLikeSentence(l.text) &&
      // OCR noise (a logo, a stamp, a smudge) reads with a low word confidence.
      quality(l.seg) >= NOISE_QUALITY &&
      !/[@:]/.test(l.text) &&
      n.length >= 3 &&
      l.text.length <= 60 &&
      n.split(" ").length <= 8 &&
      (l.text.match(/\d/g) ?? []).length <= 4
    );
  });
  const first = usable[0];
  if (!first) return null;
  // The first line, unless one of the next two is the company's full name (a brand or a shop's sign
  // above "… GmbH", "… Sdn Bhd").
  const chosen = LEGAL_FORM.test(norm(first.text))
    ? first
    : (usable
        .slice(usable.indexOf(first) + 1, usable.indexOf(first) + 3)
        .find((l) => LEGAL_FORM.test(norm(l.text)) && named.indexOf(l) <= 3) ?? first);
  // A legal form printed alone on the next line belongs to the name ("PASARAYA BORONG PINTAR" / "SDN BHD").
  const next = named[named.indexOf(chosen) + 1];
  if (next && !LEGAL_FORM.test(norm(chosen.text)) && onlyLegalForm(next.text)) {
    return { ...chosen, text: `${chosen.text} ${next.text.trim()}` };
  }
  return chosen;
}

/** A document title ("TAX INVOICE", "RECEIPT", "GUEST CHECK") or a date: below it the issuer's header has ended. */
const DOCUMENT_TITLE =
  /^(simplified )?(tax )?(invoice|receipt|bill|cash (sale|bill|receipt)|official receipt|guest check|check|quotation|delivery order|order|credit note|debit note|proforma|pro forma|rechnung|facture|factura|fattura|factuur|nota|faktur)\b/;
const endsHeader = (seg: Seg) => DOCUMENT_TITLE.test(seg.n);
const dated = (seg: Seg) => parseDate(seg.text) !== null;

/** How far two segments (or blocks) share the page's width (negative: the gap between them). */
const overlap = (a: { x0: number; x1: number }, b: { x0: number; x1: number }) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);

/** Whether two segments start, centre or end at the same place (within `tolerance`): one column's lines. */
const aligned = (a: Seg, b: Seg, tolerance: number) =>
  Math.abs(a.x0 - b.x0) <= tolerance || Math.abs(a.x1 - b.x1) <= tolerance || Math.abs(a.x0 + a.x1 - b.x0 - b.x1) / 2 <= tolerance;

/**
 * The segment below `above` in its column: of those sharing some of its width, one aligned with it
 * (a left-aligned header's "53300 KL" under its street, not the "Site 1066" further right on the same
 * line), else the one sharing most of its width.
 */
function under(segs: readonly Seg[], above: Seg, tolerance: number): Seg | undefined {
  let best: Seg | undefined;
  const rank = (s: Seg) => (aligned(s, above, tolerance) ? 1 : 0);
  for (const s of segs) {
    if (overlap(s, above) <= 0) continue;
    if (!best || rank(s) > rank(best) || (rank(s) === rank(best) && overlap(s, above) > overlap(best, above))) best = s;
  }
  return best;
}

/**
 * The top of the first page as one block, down to the first table line: a scan's letterhead or a
 * receipt's centred header, whose lines OCR places too unevenly for the alignment of findBlocks. The
 * first line's widest phrase starts it; below, each line's phrase in the same column as the line above
 * (the one sharing most of its width), so a two-column header (the title and the buyer's window on the
 * left, the issuer on the right) does not mix its columns.
 */
function letterheadBlock(lines: readonly Line[], skip: ReadonlySet<number>): TextBlock | null {
  const page = lines[0]?.page;
  const out: TextBlock["lines"] = [];
  let anchor: Seg | null = null;
  for (const line of lines) {
    if (line.page !== page || skip.has(line.index) || out.length >= 8) break;
    const seg: Seg | undefined = anchor
      ? under(line.segs, anchor, line.height)
      : line.segs.reduce((a, b) => (b.x1 - b.x0 > a.x1 - a.x0 ? b : a));
    if (!seg) continue;
    // The header ends where the document's title begins; a date and time printed in it are no part of the issuer.
    if (out.length > 0 && endsHeader(seg)) break;
    // Each line's phrase is found under the last one's (a stray number above a receipt's centred header
    // must not fix the column).
    anchor = seg;
    if (dated(seg)) continue;
    out.push({ line, seg });
  }
  return out.length ? { page, lines: out } : null;
}

/** Every block that could be the issuer's, scored; the best first. */
export function sellerCandidates(
  lines: readonly Line[],
  skip: ReadonlySet<number>,
  excludedNames: readonly string[],
  /** pitch: OCR'd text's line pitch (ExtractionContext.pitch), by which a block's gaps are judged. */
  options: { letterhead?: boolean; ocr?: boolean; pitch?: number } = {},
): SellerCandidate[] {
  const top = options.letterhead ? letterheadBlock(lines, skip) : null;
  const blocks = [...(top ? [top] : []), ...findBlocks(lines, skip, options.pitch ?? 0)];
  const firstPage = lines.filter((l) => l.page === lines[0]?.page);
  const pageTop = firstPage.length ? firstPage[0].y : 0;
  const bottom = firstPage.length ? firstPage[firstPage.length - 1].y : 0;
  const span = Math.max(1, bottom - pageTop);
  const excluded = new Set(excludedNames.map((n) => norm(n)));
  const domains = [...webDomains(lines.flatMap((l) => l.segs.map((s) => s.text)))];
  const out: SellerCandidate[] = [];
  for (const whole of blocks) {
    // From a buyer's or delivery heading on, the lines are that party's.
    const cut = whole.lines.findIndex((l) => BUYER_HEADING.test(norm(l.seg.text)));
    const block = cut < 0 ? whole : { ...whole, lines: whole.lines.slice(0, cut) };
    if (block.lines.length === 0) continue;
    const name = nameLine(block, options.ocr === true);
    if (!name || excluded.has(norm(name.text))) continue;
    const texts = block.lines.map((l) => norm(l.seg.text));
    // A register word with its number ("BTW NL810433941B01", "GST ID: 0012…"), or a company number alone
    // in brackets ("(789417-W)"); "Price inclusive of GST" names no id.
    const registration =
      texts.some((t) => REGISTRATION.test(t) && /\d{5,}|[a-z]{2}\d{5,}/.test(t.replace(/ /g, ""))) ||
      block.lines.some((l) => COMPANY_NUMBER.test(l.seg.text.trim()) || /\(\s*[A-Z]{0,3}\d{5,}\s?-\s?[A-Z]\s*\)\s*$/.test(l.seg.text));
    const contact = block.lines.some((l) => CONTACT.test(l.seg.text.toLowerCase()));
    const legalForm = LEGAL_FORM.test(norm(name.text));
    const domain = domains.some((d) => domainNames(d, name.text));
    const y = name.line.y;
    const atTop = block.page === lines[0]?.page && (y - pageTop) / span <= 0.2;
    const inFooter = (y - pageTop) / span >= 0.85;
    // Buyer and seller may both be companies: the legal form counts less than the issuer's own ids.
    // The issuer's own domain names it as surely as its register id.
    let score =
      (registration ? 2 : 0) +
      (domain ? 2 : 0) +
      (contact ? 1 : 0) +
      (legalForm ? 1 : 0) +
      (atTop ? 1 : 0) +
      (inFooter && registration ? 0.5 : 0);
    // A block of one line is a heading or a label more often than a company.
    if (block.lines.length === 1 && !legalForm) score -= 1;
    out.push({ block, name, score, registration, contact, legalForm, domain });
  }
  // The letterhead and an aligned block may name the same line: it is one candidate, at its best score.
  const sorted = out.sort((a, b) => b.score - a.score || a.name.line.index - b.name.line.index);
  return sorted.filter((c, i) => sorted.findIndex((d) => d.name.seg === c.name.seg || norm(d.name.text) === norm(c.name.text)) === i);
}

/** Below this mean word confidence an OCR phrase is noise (a logo, a stamp, a smudge), not a line of text. */
const NOISE_QUALITY = 0.3;

/** A phrase joined from OCR words, with the mean word confidence by length. */
type ReadSeg = Seg & { quality?: number };
const quality = (seg: ReadSeg) => seg.quality ?? seg.confidence;

/**
 * OCR cuts a printed line where the engine sees a wider space ("BOOK TA .K (TAMAN" | "DAYA) SDN BHD");
 * segments closer than a few letter heights are one phrase again.
 */
function joinWords(line: Line): Line {
  const segs: ReadSeg[] = [];
  for (const s of line.segs) {
    const last = segs[segs.length - 1];
    if (last && s.x0 - last.x1 <= 2.5 * line.height) {
      segs[segs.length - 1] = {
        ...last,
        text: `${last.text} ${s.text}`,
        n: `${last.n} ${s.n}`,
        x1: s.x1,
        // The value's evidence keeps the lowest word confidence; whether the phrase is noise is judged
        // on the mean by length (one misread short word does not make it noise).
        confidence: Math.min(last.confidence, s.confidence),
        quality: (quality(last) * last.text.length + s.confidence * s.text.length) / (last.text.length + s.text.length),
      };
    } else segs.push(s);
  }
  return { ...line, segs };
}

/**
 * The lines the seller is looked for in: OCR's phrases joined again, their legal forms, postcodes and
 * (with a dictionary) misread words repaired.
 */
export function sellerLines(lines: readonly Line[], fromOcr: boolean, isKnownWord?: (w: string) => boolean): readonly Line[] {
  return fromOcr ? lines.map(joinWords).map((l) => repairMisreads(l, isKnownWord)) : lines;
}

function repairMisreads(line: Line, isKnownWord?: (w: string) => boolean): Line {
  return {
    ...line,
    segs: line.segs.map((s) => {
      const legal = repairLegalForm(repairInitials(s.text));
      const text = repairPostcodeDigits(isKnownWord ? repairMisreadWords(legal, isKnownWord) : legal);
      return text === s.text ? s : { ...s, text, n: norm(text) };
    }),
  };
}

/** Sets exporter.* from the best seller block when no label gave the exporter's name. */
export function readSeller(context: ExtractionContext, out: FlatExtraction): void {
  if (out.has("exporter.name")) return;
  const excluded = ["importer.name", "notify_party.name"].flatMap((p) => {
    const v = out.get(p)?.value;
    return typeof v === "string" ? [v] : [];
  });
  const fromOcr = context.fuzzy;
  const lines = sellerLines(context.lines, fromOcr, context.isKnownWord);
  const candidates = sellerCandidates(lines, context.tableLines, excluded, { letterhead: fromOcr, ocr: fromOcr, pitch: context.pitch });
  const best = candidates[0];
  if (!best) return;
  // The issuer's ids or contact lines make a block the seller's. Without them (a company name at the
  // top, a shop's name on a receipt) only a block no other one rivals counts, with less confidence:
  // an address window for the buyer looks the same.
  const strong = best.score >= 2 && (best.registration || best.contact || best.domain);
  const topOnly = !strong && best.score >= 1 && candidates.filter((c) => c.score >= 1).length === 1;
  // A scan's letterhead that names a company ("… Sdn Bhd") and outranks every other block. Scans only:
  // on a text PDF the buyer's address window names a company as well ("Adatum Corporation" beside the
  // issuer's "CRONUS DE"), and a rival that merely scores lower is no evidence.
  const namedTop = fromOcr && !strong && !topOnly && best.legalForm && best.score >= 2 && (candidates[1]?.score ?? 0) < best.score;
  if (!strong && !topOnly && !namedTop) return;
  const source = best.registration ? "vat-block" : "letterhead";
  const evidence = {
    source,
    label: false,
    ...(best.legalForm ? { format: true } : {}),
    ...ocrEvidence([best.name.seg.confidence], fromOcr),
  };
  const nameConfidence = confidenceFromEvidence(evidence) * (strong ? 1 : 0.6);
  setValue(out, "exporter.name", best.name.text, nameConfidence, evidence);
  // The rest of the block, from the name down, as a party block (street, postcode, city, country, ids).
  const from = best.block.lines.findIndex((l) => l.seg === best.name.seg);
  const after = best.block.lines.slice(from + 1);
  const ended = after.findIndex((l) => endsHeader(l.seg));
  // A one-line letterhead: what follows the name on its line is the address ("1242 chemin de l'olive - 84340 …").
  const onNameLine = best.name.seg.text.startsWith(best.name.text)
    ? best.name.seg.text
        .slice(best.name.text.length)
        // Its parts, by the dashes, or where OCR lost them, before a postcode and its place.
        .split(/\s[-–|·•]\s|(?<=\D)\s(?=\d{4,6}\s+\p{Lu})/u)
        .map((t) => t.replace(/^[\s,;:|·•–-]+|[\s,;]+$/g, ""))
        .filter((t) => t !== "")
        .map((text) => ({ text, confidence: best.name.seg.confidence }))
    : [];
  const block = [
    ...onNameLine,
    ...(ended < 0 ? after : after.slice(0, ended))
      .filter((l) => !dated(l.seg))
      .map((l) => ({ text: l.seg.text, confidence: l.seg.confidence })),
  ];
  const fields = parseParty([{ text: best.name.text, confidence: best.name.seg.confidence }, ...block]).filter(
    (f) => f.field !== "name" && !out.has(`exporter.${f.field}`),
  );
  setPartyFields(out, "exporter", fields, source, strong ? 1 : 0.6, fromOcr);
  if (strong) readAddressWindow(lines, candidates, best, fromOcr, out);
}

/** A party block's fields as `party.*` values, their confidence scaled by how sure the block is its party's. */
function setPartyFields(
  out: FlatExtraction,
  party: "exporter" | "importer",
  fields: readonly PartyField[],
  source: string,
  scale: number,
  fromOcr: boolean,
): void {
  for (const f of fields) {
    // A register line ("Sarl au capital de …, RCS …, TVA …") is not a street.
    if (f.field === "address" && (f.value.length > 60 || REGISTRATION.test(norm(f.value)))) continue;
    const ev = {
      source,
      label: false,
      ...ocrEvidence(
        f.source.map((s) => s.confidence),
        fromOcr,
      ),
    };
    setValue(out, `${party}.${f.field}`, f.value, Math.min(f.base, confidenceFromEvidence(ev)) * scale, ev);
  }
}

/** How far a block spans the page's width. */
const spanOf = (c: SellerCandidate) => ({
  x0: Math.min(...c.block.lines.map((l) => l.seg.x0)),
  x1: Math.max(...c.block.lines.map((l) => l.seg.x1)),
});

/**
 * The buyer in the address window. Where no label names the buyer and the issuer was found by its own
 * ids (a register id, contact lines, its web domain), the one other block with a postal address at the
 * top of the first page, beside the issuer's and with no ids of its own, is the addressee: the envelope
 * window of a letter-style invoice (Business Central prints "Adatum Corporation / Station Road, 21 /
 * 48436 Düsseldorf" left, the issuer right). No label says so: its values carry less confidence.
 */
function readAddressWindow(
  lines: readonly Line[],
  candidates: readonly SellerCandidate[],
  seller: SellerCandidate,
  fromOcr: boolean,
  out: FlatExtraction,
): void {
  if (out.has("importer.name")) return;
  const firstPage = lines.filter((l) => l.page === lines[0]?.page);
  if (firstPage.length === 0) return;
  const top = firstPage[0].y;
  const span = Math.max(1, firstPage[firstPage.length - 1].y - top);
  const sellerSpan = spanOf(seller);
  // A block is a window by its postal address: a name alone is a heading, a person or a brand.
  const windows = candidates.flatMap((c) => {
    if (c === seller || c.registration || c.contact || c.domain || c.block.page !== lines[0]?.page) return [];
    if ((c.name.line.y - top) / span > 0.35) return [];
    if (overlap(spanOf(c), sellerSpan) > 0) return [];
    const from = c.block.lines.findIndex((l) => l.seg === c.name.seg);
    const fields = parseParty([
      { text: c.name.text, confidence: c.name.seg.confidence },
      ...c.block.lines
        .slice(from + 1)
        .filter((l) => !dated(l.seg))
        .map((l) => ({ text: l.seg.text, confidence: l.seg.confidence })),
    ]);
    return fields.some((f) => f.field === "postal_code") ? [fields] : [];
  });
  if (windows.length === 1) setPartyFields(out, "importer", windows[0], "party", 0.6, fromOcr);
}
