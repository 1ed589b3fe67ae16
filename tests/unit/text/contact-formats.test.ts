import { describe, expect, it } from "vitest";
import { isEmail, isPhone } from "../../../shared/text/contact-formats.ts";

describe("contact formats", () => {
  it("an e-mail is local@domain.tld without whitespace, empty labels or a dot at the ends of the local part", () => {
    for (const ok of ["export@example.com", "a.b+tag@sub.example.co.uk", "zoll@müller-logistik.de"]) expect(isEmail(ok)).toBe(true);
    for (const bad of [
      "export@example",
      "export example.com",
      "a@@b.com",
      ".a@b.com",
      "a.@b.com",
      "a..b@c.com",
      "a@b..com",
      `${"x".repeat(65)}@b.com`,
    ]) {
      expect(isEmail(bad)).toBe(false);
    }
  });

  it("a phone number has digits, spaces, +, -, ( and ) only, and at least one digit", () => {
    for (const ok of ["+49 40 123456-0", "(040) 1234", "5"]) expect(isPhone(ok)).toBe(true);
    for (const bad of ["+-() ", "040/1234", "call me", ""]) expect(isPhone(bad)).toBe(false);
  });
});
