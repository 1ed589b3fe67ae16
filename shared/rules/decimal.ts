/**
 * Exact decimal arithmetic for money and weight checks. A JSON number is taken at its shortest decimal
 * representation (what the sender wrote: 0.1 is 1/10, not 0.1000000000000000055...), and sums and
 * products are exact BigInt fixed-point, so 0.1 + 0.2 equals 0.3 here.
 */

/** value = int / 10^scale, scale >= 0. */
export interface Dec {
  int: bigint;
  scale: number;
}

const TEN = 10n;

function pow10(n: number): bigint {
  return TEN ** BigInt(n);
}

/** Exact decimal of a finite number's shortest round-trip representation (ECMAScript Number::toString). */
export function decFromNumber(n: number): Dec {
  if (!Number.isFinite(n)) throw new RangeError("not a finite number");
  const text = String(n); // e.g. "-12.5", "1e+21", "1.5e-7"
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!match) throw new RangeError(`unexpected number text ${text}`);
  const [, sign, whole, frac = "", expText] = match;
  let int = BigInt(whole + frac);
  let scale = frac.length - (expText ? Number(expText) : 0);
  if (scale < 0) {
    int *= pow10(-scale);
    scale = 0;
  }
  return { int: sign === "-" ? -int : int, scale };
}

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.int * pow10(scale - a.scale), b.int * pow10(scale - b.scale), scale];
}

export const DEC_ZERO: Dec = { int: 0n, scale: 0 };

export function decAdd(a: Dec, b: Dec): Dec {
  const [x, y, scale] = align(a, b);
  return { int: x + y, scale };
}

export function decSub(a: Dec, b: Dec): Dec {
  const [x, y, scale] = align(a, b);
  return { int: x - y, scale };
}

export function decMul(a: Dec, b: Dec): Dec {
  return { int: a.int * b.int, scale: a.scale + b.scale };
}

export function decCmp(a: Dec, b: Dec): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function decAbs(a: Dec): Dec {
  return a.int < 0n ? { int: -a.int, scale: a.scale } : a;
}

/** Rounds to `places` decimals, half away from zero (commercial rounding). */
export function decRound(a: Dec, places: number): Dec {
  if (a.scale <= places) return a;
  const divisor = pow10(a.scale - places);
  const negative = a.int < 0n;
  const magnitude = negative ? -a.int : a.int;
  let q = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) q += 1n;
  return { int: negative ? -q : q, scale: places };
}

/** Half of one unit in the last of `places` decimals: 0.005 for 2. */
export function halfUnit(places: number): Dec {
  return { int: 5n, scale: places + 1 };
}

/** Plain decimal text without exponent and without trailing zeros: "12.5", "-0.003". */
export function decToString(a: Dec): string {
  const negative = a.int < 0n;
  let digits = (negative ? -a.int : a.int).toString();
  if (a.scale > 0) {
    digits = digits.padStart(a.scale + 1, "0");
    const whole = digits.slice(0, digits.length - a.scale);
    const frac = digits.slice(digits.length - a.scale).replace(/0+$/, "");
    digits = frac ? `${whole}.${frac}` : whole;
  }
  return negative && digits !== "0" ? `-${digits}` : digits;
}

/** The nearest JSON number (for result context). */
export function decToNumber(a: Dec): number {
  return Number(decToString(a));
}
