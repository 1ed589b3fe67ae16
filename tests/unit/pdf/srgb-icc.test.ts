/**
 * The generated sRGB profile: a structurally valid ICC v2 display profile, and colorimetrically sRGB —
 * LittleCMS (transicc, apt liblcms2-utils) converts colours through it like through its built-in sRGB.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { srgbIccProfile } from "../../../shared/pdf/srgb-icc.ts";
import { PdfWorkspace, requireTools, run } from "./pdf-fixtures.ts";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const ws = new PdfWorkspace();
beforeAll(() => requireTools());
afterAll(() => ws.cleanup());

const profile = srgbIccProfile();
const view = new DataView(profile.buffer, profile.byteOffset, profile.byteLength);
const ascii = (at: number) => String.fromCharCode(...profile.subarray(at, at + 4));

describe("generated sRGB ICC profile", () => {
  it("has a valid ICC header: size, version 2.1, display class, RGB data, XYZ PCS, D50 illuminant", () => {
    expect(view.getUint32(0)).toBe(profile.length);
    expect(profile.length).toBeLessThan(4096);
    expect(view.getUint32(8)).toBe(0x02100000);
    expect([ascii(12), ascii(16), ascii(20), ascii(36)]).toEqual(["mntr", "RGB ", "XYZ ", "acsp"]);
    expect([view.getInt32(68), view.getInt32(72), view.getInt32(76)].map((v) => Math.round((v / 65536) * 10000) / 10000)).toEqual([
      0.9642, 1, 0.8249,
    ]);
  });

  it("has the required matrix/TRC tags, in bounds and 4-byte aligned", () => {
    const count = view.getUint32(128);
    const tags = new Map<string, { offset: number; size: number }>();
    for (let i = 0; i < count; i++) {
      const at = 132 + i * 12;
      tags.set(ascii(at), { offset: view.getUint32(at + 4), size: view.getUint32(at + 8) });
    }
    expect([...tags.keys()].sort()).toEqual(["bTRC", "bXYZ", "cprt", "desc", "gTRC", "gXYZ", "rTRC", "rXYZ", "wtpt"]);
    for (const [signature, { offset, size }] of tags) {
      expect(offset % 4, signature).toBe(0);
      expect(offset + size, signature).toBeLessThanOrEqual(profile.length);
    }
    const trc = tags.get("rTRC")!;
    expect(ascii(trc.offset)).toBe("curv");
    expect(view.getUint32(trc.offset + 8)).toBe(1024);
    expect(view.getUint16(trc.offset + 12)).toBe(0);
    expect(view.getUint16(trc.offset + 12 + 2 * 1023)).toBe(65535);
    // Colorants add up to the D50 white point.
    const xyz = (sig: string) => [0, 1, 2].map((k) => view.getInt32(tags.get(sig)!.offset + 8 + 4 * k) / 65536);
    const sum = [0, 1, 2].map((k) => xyz("rXYZ")[k] + xyz("gXYZ")[k] + xyz("bXYZ")[k]);
    expect(sum.map((v) => Math.round(v * 1000) / 1000)).toEqual([0.964, 1, 0.825]);
  });

  it("is deterministic", () => {
    expect(Buffer.compare(Buffer.from(srgbIccProfile()), Buffer.from(profile))).toBe(0);
  });

  it("converts colours like LittleCMS's built-in sRGB (ΔE76 < 0.5)", () => {
    const file = join(ws.dir, "generated-srgb.icc");
    writeFileSync(file, profile);
    const lab = (input: string, rgb: string) => {
      const result = run("transicc", ["-n", "-t1", `-i${input}`, "-o*Lab"], `${rgb}\n`);
      expect(result.status, result.stderr).toBe(0);
      return result.stdout.trim().split(/\s+/).slice(-3).map(Number);
    };
    for (const rgb of ["255 0 0", "0 255 0", "0 0 255", "255 255 255", "0 0 0", "128 128 128", "10 200 30", "230 140 70", "40 60 180"]) {
      const ours = lab(file, rgb);
      const reference = lab("*sRGB", rgb);
      const deltaE = Math.hypot(ours[0] - reference[0], ours[1] - reference[1], ours[2] - reference[2]);
      expect(deltaE, `${rgb}: ${ours} vs ${reference}`).toBeLessThan(0.5);
    }
  });
});
