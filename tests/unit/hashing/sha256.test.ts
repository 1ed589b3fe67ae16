import { describe, expect, it } from "vitest";
import { bytesToHex } from "../../../shared/hashing/bytes-to-hex.ts";
import { hmacSha256, sha256, sha256Hex } from "../../../shared/hashing/sha256.ts";

describe("bytesToHex", () => {
  it("writes two lowercase digits per byte, leading zeros kept", () => {
    expect(bytesToHex(new Uint8Array([0, 1, 15, 16, 171, 255]))).toBe("00010f10abff");
    expect(bytesToHex(new Uint8Array([0, 255]).buffer)).toBe("00ff");
    expect(bytesToHex(new Uint8Array())).toBe("");
  });

  it("reads only a view's own bytes, not the rest of its buffer", () => {
    const buffer = new Uint8Array([1, 2, 3, 4]);
    expect(bytesToHex(buffer.subarray(1, 3))).toBe("0203");
  });
});

describe("sha256", () => {
  // FIPS 180-2 test vector.
  const ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

  it("hashes text as UTF-8 and bytes as they are", async () => {
    expect(await sha256Hex("abc")).toBe(ABC);
    expect(await sha256Hex(new Uint8Array([0x61, 0x62, 0x63]))).toBe(ABC);
    expect(bytesToHex(await sha256("abc"))).toBe(ABC);
    expect(await sha256Hex("é")).toBe(await sha256Hex(new Uint8Array([0xc3, 0xa9])));
  });
});

describe("hmacSha256", () => {
  it("matches RFC 4231 test case 2 with a text key and with a byte key", async () => {
    const want = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";
    expect(bytesToHex(await hmacSha256("Jefe", "what do ya want for nothing?"))).toBe(want);
    expect(bytesToHex(await hmacSha256(new TextEncoder().encode("Jefe"), "what do ya want for nothing?"))).toBe(want);
  });
});
