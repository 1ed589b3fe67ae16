import { describe, expect, it } from "vitest";
import type { DocumentText } from "../../../shared/extraction/document-text.ts";
import { extractBuiltin } from "../../../shared/extraction/extractors/builtin/builtin-extractor.ts";
import { readElisions, repairInitials, repairMisreadWords } from "../../../shared/extraction/extractors/builtin/repair-misread-words.ts";
import { createBuiltinExtractor } from "../../../shared/extraction/extractors/create-builtin-extractor.ts";
import { loadWordNetWords } from "../../../shared/hs-codes/wordnet-vocabulary.ts";

const DICTIONARY = new Set(["international", "stationery", "marketing", "trading", "supplier", "supplies", "stationary"]);
const known = (w: string) => DICTIONARY.has(w);

describe("initials read as digits", () => {
  it.each([
    ["MR.D.1.Y(M)SDN BHD", "MR.D.I.Y(M)SDN BHD"],
    ["T.A.5 Leisure Sdn Bhd", "T.A.S Leisure Sdn Bhd"],
    ["S.H.H. M0TOR", "S.H.H. M0TOR"],
  ])("%s → %s", (read, repaired) => {
    expect(repairInitials(read)).toBe(repaired);
  });

  it.each(["Version 1.5.2", "A.1.5 CORNER", "99 SPEED MART S/B", "No. 1.5"])("%s stays", (text) => {
    expect(repairInitials(text)).toBe(text);
  });
});

describe("elisions read with a capital I", () => {
  it.each([
    ["Nougat de I'Abbaye 250g", "Nougat de l'Abbaye 250g"],
    ["Huile d'olive a I'ancienne", "Huile d'olive a l'ancienne"],
    ["chemin de I'olive", "chemin de l'olive"],
  ])("%s → %s", (read, repaired) => {
    expect(readElisions(read)).toBe(repaired);
  });

  it.each(["so I'm here", "then I'll pay", "I'Abbaye", "ABC I'Olive"])("%s stays", (text) => {
    expect(readElisions(text)).toBe(text);
  });
});

describe("misread words of OCR'd names", () => {
  it.each([
    ["UNIHAKKA INTERNATIGNAL SDN BHD", "UNIHAKKA INTERNATIONAL SDN BHD"],
    ["ST4TIONERY SDN BHD", "STATIONERY SDN BHD"],
    ["Internatignal Trading", "International Trading"],
    ["MARKETINC SDN BHD", "MARKETING SDN BHD"],
  ])("%s → %s", (read, repaired) => {
    expect(repairMisreadWords(read, known)).toBe(repaired);
  });

  it.each([
    // A known word stays, though a neighbour is known too.
    ["ABC SUPPLIES", "ABC SUPPLIES"],
    // Unknown names with no known neighbour stay as read.
    ["PETRODELY ENTERPRISE", "PETRODELY ENTERPRISE"],
    // Two known neighbours (stationery, stationary) are a guess, not a repair; short words are never touched.
    ["STATIONXRY", "STATIONXRY"],
    ["C0ST CO", "C0ST CO"],
    // Mixed case is another misread, and small letters are typed text.
    ["InTERNATIGNAL", "InTERNATIGNAL"],
    ["internatignal", "internatignal"],
  ])("%s stays", (read, same) => {
    expect(repairMisreadWords(read, known)).toBe(same);
  });

  const receipt = (source: DocumentText["source"]): DocumentText => ({
    source,
    pageCount: 1,
    lines: ["UNIHAKKA INTERNATIGNAL SDN BHD", "(867388-U)", "12, JALAN TAMPOI 7/4, 81200 JOHOR BAHRU", "TAX INVOICE", "TOTAL 8.70"].map(
      (text, i) => ({ page: 1, y: 20 + 14 * i, height: 10, segments: [{ text, x0: 40, x1: 40 + 6 * text.length, confidence: 0.9 }] }),
    ),
  });

  it("the built-in extractor mends an OCR'd seller name with WordNet, and takes a text layer as typed", async () => {
    const ocr = await createBuiltinExtractor().extract(receipt("image-ocr"));
    expect(ocr.get("exporter.name")?.value).toBe("UNIHAKKA INTERNATIONAL SDN BHD");
    expect(extractBuiltin(receipt("pdf-text"), { isKnownWord: await loadWordNetWords() }).get("exporter.name")?.value).toBe(
      "UNIHAKKA INTERNATIGNAL SDN BHD",
    );
  });
});
