/**
 * An sRGB ICC profile built in code, for the PDF/A OutputIntent: no profile file to ship, license or
 * install. The profile is an ICC.1:2001-04 (version 2.1) display-class ('mntr') RGB matrix/TRC profile with
 * the IEC 61966-2-1 sRGB definition:
 *
 *   primaries   ITU-R BT.709 (x,y: R 0.64/0.33, G 0.30/0.60, B 0.15/0.06), white D65, Bradford-adapted to the
 *               D50 profile connection space as required by ICC (the standard rXYZ/gXYZ/bXYZ values)
 *   tone curve  the piecewise sRGB curve (linear segment below 0.04045, 2.4 power above) sampled at 1024
 *               points, one 'curv' tag shared by rTRC/gTRC/bTRC
 *
 * The numbers are the published definition of sRGB (facts, not a copyrighted profile). Deterministic: the
 * same bytes on every run (fixed creation date). About 2.5 KB. tests/unit/pdf/srgb-icc.test.ts checks the
 * structure and, with LittleCMS's `transicc`, that it converts colours like the built-in sRGB profile.
 *
 * The Debian icc-profiles-free sRGB profile can be used instead by passing its bytes to flattenToPdfA
 * ({@link readSystemSrgbProfile}).
 */
import { readFile } from "node:fs/promises";

export const SRGB_OUTPUT_CONDITION = "sRGB IEC61966-2.1";
export const SYSTEM_SRGB_ICC_PATH = "/usr/share/color/icc/sRGB.icc";

/** D50 and the Bradford-adapted sRGB colorants (IEC 61966-2-1 / ICC sRGB profile values). */
const D50 = [0.9642, 1.0, 0.8249] as const;
const RED = [0.4360747, 0.2225045, 0.0139322] as const;
const GREEN = [0.3850649, 0.7168786, 0.0971045] as const;
const BLUE = [0.1430804, 0.0606169, 0.7141733] as const;
const CURVE_POINTS = 1024;

class Writer {
  private chunks: number[] = [];
  get length(): number {
    return this.chunks.length;
  }
  u8(v: number): this {
    this.chunks.push(v & 0xff);
    return this;
  }
  u16(v: number): this {
    return this.u8(v >>> 8).u8(v);
  }
  u32(v: number): this {
    return this.u16(v >>> 16).u16(v & 0xffff);
  }
  /** s15Fixed16Number */
  s15f16(v: number): this {
    return this.u32(Math.round(v * 65536) >>> 0);
  }
  ascii(s: string, length = s.length): this {
    for (let i = 0; i < length; i++) this.u8(i < s.length ? s.charCodeAt(i) : 0);
    return this;
  }
  pad4(): this {
    while (this.chunks.length % 4 !== 0) this.u8(0);
    return this;
  }
  bytes(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }
}

function xyzTag(xyz: readonly [number, number, number]): Uint8Array {
  const w = new Writer().ascii("XYZ ").u32(0);
  for (const v of xyz) w.s15f16(v);
  return w.bytes();
}

/** textDescriptionType (ICC v2): ASCII description, empty Unicode and ScriptCode parts. */
function descTag(text: string): Uint8Array {
  const w = new Writer()
    .ascii("desc")
    .u32(0)
    .u32(text.length + 1)
    .ascii(text, text.length + 1);
  w.u32(0).u32(0); // Unicode language code, count
  w.u16(0).u8(0).ascii("", 67); // ScriptCode code, count, 67-byte field
  return w.pad4().bytes();
}

function textTag(text: string): Uint8Array {
  return new Writer()
    .ascii("text")
    .u32(0)
    .ascii(text, text.length + 1)
    .pad4()
    .bytes();
}

function srgbToLinear(v: number): number {
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

function curveTag(): Uint8Array {
  const w = new Writer().ascii("curv").u32(0).u32(CURVE_POINTS);
  for (let i = 0; i < CURVE_POINTS; i++) w.u16(Math.round(srgbToLinear(i / (CURVE_POINTS - 1)) * 65535));
  return w.pad4().bytes();
}

let cached: Uint8Array | null = null;

/** The sRGB profile bytes (built once per process; callers get a copy). */
export function srgbIccProfile(): Uint8Array {
  if (!cached) cached = buildProfile();
  return cached.slice();
}

function buildProfile(): Uint8Array {
  const curve = curveTag();
  const tags: [string, Uint8Array][] = [
    ["desc", descTag(SRGB_OUTPUT_CONDITION)],
    ["cprt", textTag("No copyright, use freely (sRGB per IEC 61966-2-1, generated)")],
    ["wtpt", xyzTag(D50)],
    ["rXYZ", xyzTag(RED)],
    ["gXYZ", xyzTag(GREEN)],
    ["bXYZ", xyzTag(BLUE)],
    ["rTRC", curve],
    ["gTRC", curve],
    ["bTRC", curve],
  ];
  // Lay out the tag data after the header (128) and the tag table (4 + 12 per tag); shared data once.
  let offset = 128 + 4 + 12 * tags.length;
  const placed = new Map<Uint8Array, number>();
  const table: [string, number, number][] = [];
  const data: Uint8Array[] = [];
  for (const [signature, bytes] of tags) {
    let at = placed.get(bytes);
    if (at === undefined) {
      at = offset;
      placed.set(bytes, at);
      data.push(bytes);
      offset += bytes.length;
    }
    table.push([signature, at, bytes.length]);
  }
  const size = offset;
  const w = new Writer();
  w.u32(size).ascii("\0\0\0\0"); // profile size, preferred CMM (none)
  w.u32(0x02100000); // version 2.1.0
  w.ascii("mntr").ascii("RGB ").ascii("XYZ ");
  w.u16(2025).u16(1).u16(1).u16(0).u16(0).u16(0); // creation date (fixed for determinism)
  w.ascii("acsp").u32(0); // signature, primary platform (none)
  w.u32(0).u32(0).u32(0); // flags, device manufacturer, device model
  w.u32(0).u32(0); // device attributes
  w.u32(0); // rendering intent: perceptual
  for (const v of D50) w.s15f16(v); // PCS illuminant
  w.u32(0); // creator
  w.ascii("", 16 + 28); // profile ID (v4 only) and reserved bytes
  if (w.length !== 128) throw new Error("ICC header layout");
  w.u32(tags.length);
  for (const [signature, at, length] of table) w.ascii(signature).u32(at).u32(length);
  const out = new Uint8Array(size);
  out.set(w.bytes(), 0);
  let at = 128 + 4 + 12 * tags.length;
  for (const bytes of data) {
    out.set(bytes, at);
    at += bytes.length;
  }
  return out;
}

/**
 * Debian's icc-profiles-free sRGB profile (apt-get install icc-profiles-free), for callers that prefer it to
 * the generated one. Throws a clear error when the file is missing.
 */
export async function readSystemSrgbProfile(path = SYSTEM_SRGB_ICC_PATH): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (error) {
    throw new Error(
      `sRGB ICC profile not found at ${path}: install it with "apt-get install -y icc-profiles-free" or use the generated srgbIccProfile()`,
      { cause: error },
    );
  }
}
