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
import type { FlatExtraction } from "../../../extraction-result.ts";
import { confidenceFromEvidence, ocrEvidence } from "../../../value-evidence.ts";
import { norm } from "../normalize.ts";
import { parseParty } from "../party.ts";
import { type ExtractionContext, type Line, type Seg, setValue } from "./extraction-context.ts";

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
  /(\b(bank|banque|banco|sparkasse|volksbank|raiffeisen)\b)|^(invoice|facture|rechnung|factuur|factura|fattura|receipt|tax invoice|page|date|tel|phone|fax|email|e mail|www|http|iban|bic|swift|bank|kvk|btw|vat|tva|gst|total|summe|ust|(re )?copy|kopie|original|duplicate)\b/;

/** Blocks of left- or centre-aligned segments, line under line, outside the line-item tables. */
export function findBlocks(lines: readonly Line[], skip: ReadonlySet<number>): TextBlock[] {
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
          line.y - b.lastY <= 3 * Math.max(b.height, line.height) &&
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
}

function nameLine(block: TextBlock): SellerCandidate["name"] | null {
  // "Au bon moulin SARL - 1242 chemin de l'olive - 84340 Malaucène - France": a one-line letterhead.
  const firstPart = (t: string) => (t.length > 60 ? t.split(/\s[-–|·•]\s/)[0] : t);
  const named = block.lines.map((l) => ({
    ...l,
    text: firstPart(l.seg.text)
      .replace(/\s*\((?:co\.?\s*)?(?:reg\.?\s*)?(?:no\.?\s*)?[\d A-Z-]{5,}\)\s*$/i, "")
      .trim(),
  }));
  // A name is short: a sentence with a legal form ("Sarl au capital de 10 000 €…") is a register line.
  const usable = named.filter((l) => {
    const n = norm(l.text);
    return (
      /[A-Za-z\u00C0-\u024F]{2,}/.test(l.text) &&
      !NOT_A_NAME.test(n) &&
      !/^\d/.test(l.text) &&
      !/[@:]/.test(l.text) &&
      n.length >= 3 &&
      l.text.length <= 60 &&
      n.split(" ").length <= 8 &&
      (l.text.match(/\d/g) ?? []).length <= 4
    );
  });
  const first = usable[0];
  if (!first) return null;
  // The first line, unless the next one is the company's full name (a brand above "… GmbH").
  const second = usable[1];
  if (!LEGAL_FORM.test(norm(first.text)) && second && LEGAL_FORM.test(norm(second.text)) && named.indexOf(second) <= 2) return second;
  return first;
}

/** Every block that could be the issuer's, scored; the best first. */
export function sellerCandidates(lines: readonly Line[], skip: ReadonlySet<number>, excludedNames: readonly string[]): SellerCandidate[] {
  const blocks = findBlocks(lines, skip);
  const firstPage = lines.filter((l) => l.page === lines[0]?.page);
  const top = firstPage.length ? firstPage[0].y : 0;
  const bottom = firstPage.length ? firstPage[firstPage.length - 1].y : 0;
  const span = Math.max(1, bottom - top);
  const excluded = new Set(excludedNames.map((n) => norm(n)));
  const out: SellerCandidate[] = [];
  for (const whole of blocks) {
    // From a buyer's or delivery heading on, the lines are that party's.
    const cut = whole.lines.findIndex((l) => BUYER_HEADING.test(norm(l.seg.text)));
    const block = cut < 0 ? whole : { ...whole, lines: whole.lines.slice(0, cut) };
    if (block.lines.length === 0) continue;
    const name = nameLine(block);
    if (!name || excluded.has(norm(name.text))) continue;
    const texts = block.lines.map((l) => norm(l.seg.text));
    const registration = texts.some((t) => REGISTRATION.test(t));
    const contact = block.lines.some((l) => CONTACT.test(l.seg.text.toLowerCase()));
    const legalForm = LEGAL_FORM.test(norm(name.text));
    const y = name.line.y;
    const atTop = block.page === lines[0]?.page && (y - top) / span <= 0.2;
    const inFooter = (y - top) / span >= 0.85;
    // Buyer and seller may both be companies: the legal form counts less than the issuer's own ids.
    let score = (registration ? 2 : 0) + (contact ? 1 : 0) + (legalForm ? 1 : 0) + (atTop ? 1 : 0) + (inFooter && registration ? 0.5 : 0);
    // A block of one line is a heading or a label more often than a company.
    if (block.lines.length === 1 && !legalForm) score -= 1;
    out.push({ block, name, score, registration, contact, legalForm });
  }
  return out.sort((a, b) => b.score - a.score || a.name.line.index - b.name.line.index);
}

/**
 * OCR cuts a printed line where the engine sees a wider space ("BOOK TA .K (TAMAN" | "DAYA) SDN BHD");
 * segments closer than a few letter heights are one phrase again.
 */
function joinWords(line: Line): Line {
  const segs: Seg[] = [];
  for (const s of line.segs) {
    const last = segs[segs.length - 1];
    if (last && s.x0 - last.x1 <= 2.5 * line.height) {
      segs[segs.length - 1] = {
        ...last,
        text: `${last.text} ${s.text}`,
        n: `${last.n} ${s.n}`,
        x1: s.x1,
        confidence: Math.min(last.confidence, s.confidence),
      };
    } else segs.push(s);
  }
  return { ...line, segs };
}

/** Sets exporter.* from the best seller block when no label gave the exporter's name. */
export function readSeller(context: ExtractionContext, out: FlatExtraction): void {
  if (out.has("exporter.name")) return;
  const excluded = ["importer.name", "notify_party.name"].flatMap((p) => {
    const v = out.get(p)?.value;
    return typeof v === "string" ? [v] : [];
  });
  const fromOcr = context.fuzzy;
  const lines = fromOcr ? context.lines.map(joinWords) : context.lines;
  const candidates = sellerCandidates(lines, context.tableLines, excluded);
  const best = candidates[0];
  if (!best) return;
  // The issuer's ids or contact lines make a block the seller's. Without them (a company name at the
  // top, a shop's name on a receipt) only a block no other one rivals counts, with less confidence:
  // an address window for the buyer looks the same.
  const strong = best.score >= 2 && (best.registration || best.contact);
  const topOnly = !strong && best.score >= 1 && candidates.filter((c) => c.score >= 1).length === 1;
  if (!strong && !topOnly) return;
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
  const block = best.block.lines.slice(from + 1).map((l) => ({ text: l.seg.text, confidence: l.seg.confidence }));
  for (const f of parseParty([{ text: best.name.text, confidence: best.name.seg.confidence }, ...block])) {
    if (f.field === "name" || out.has(`exporter.${f.field}`)) continue;
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
    setValue(out, `exporter.${f.field}`, f.value, Math.min(f.base, confidenceFromEvidence(ev)) * (strong ? 1 : 0.6), ev);
  }
}
