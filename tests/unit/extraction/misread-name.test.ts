import { describe, expect, it } from "vitest";
import { nameIsOnlyLegalForm, nameLooksMisread } from "../../../shared/extraction/misread-name.ts";

describe("a party name's word shapes as evidence of an OCR misread", () => {
  it.each([
    "ReSTARANT SIT", // case switches inside a word
    "dr JSXTZr",
    "PERNIAGAAN ZHENG Hii", // capitals read as small letters
    "TED HENG STATIENERY Bg bKs",
    "A fo 3H",
    "ALAM) SDN BHD", // a bracket that does not pair up
    "{Not to be used for payment remittance)", // brackets of two kinds
    "‘OPAC MARKETING SDN BHD", // a quote that opens and never closes
    "ST4TIONERY SDN BHD", // a digit inside a word
  ])("%s looks misread", (name) => {
    expect(nameLooksMisread(name)).toBe(true);
  });

  it.each([
    "S.H.H. MOTOR (SUNGAI RENGIT) SDN. BHD.",
    "IKEA Cheras",
    "Mr Lee",
    "McDONALD'S",
    "O'Reilly Media Inc",
    "iPHONE Store",
    "Müller GmbH & Co. KGaA",
    "Chili's Grill & Bar KLCC",
    "C W KHOO HARDWARE",
    "99 SPEED MART S/B",
    "3M Deutschland GmbH",
    "B2B Trading Ltd",
    "de Vries & Zonen B.V.",
    "Saeco International Group S.p.A.",
    "Société Générale SA",
    "A & W",
    "32 PUB BISTRO own by CNU TRADING",
    "MUSTER-Autovermietung",
    "Acme [Shanghai] Trading Co. (HK) Ltd",
  ])("%s is a name as printed", (name) => {
    expect(nameLooksMisread(name)).toBe(false);
  });
});

describe("a name that is only a legal form", () => {
  it.each(["CO. (M) SDN BHD", "C0. (M) SDN BHD", "SDN. BHD.", "GmbH & Co. KG"])("%s names no one", (name) => {
    expect(nameIsOnlyLegalForm(name)).toBe(true);
  });

  it.each([
    "A & W",
    "POPULAR BOOK CO. (M) SDN BHD",
    "Mr Lee",
    "AB Volvo",
    "3M Co",
    "A1 Co",
    "MR. D.I.Y. SDN BHD",
    "MR.D.I.Y(M)SDN BHD",
    "MR D.I.Y. (M) SDN BHD",
  ])("%s is a name", (name) => {
    expect(nameIsOnlyLegalForm(name)).toBe(false);
  });
});
